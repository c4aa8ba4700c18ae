//! The labels of an issue or pull request: listed, added (the token's allowed labels only,
//! the rest dropped silently as GitHub does) and removed one by one.

use super::*;

impl State {
    pub(super) fn list_issue_labels(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let items = issue.labels.iter().map(|l| label_json(cx, l)).collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn add_issue_labels(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let asked = cx.strings("labels");
        if asked.is_empty() {
            return Err(Reply::invalid(
                json!({ "resource": "Label", "code": "missing_field", "field": "labels" }),
            ));
        }
        let labels = permitted(self.switches.labels.as_ref(), asked);
        let now = self.now();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        for label in labels {
            if !issue.labels.iter().any(|l| l.eq_ignore_ascii_case(&label)) {
                issue.labels.push(label);
                issue.updated_at = now.clone();
            }
        }
        let items = issue.labels.iter().map(|l| label_json(cx, l)).collect();
        Ok(Reply::json(200, Value::Array(items)))
    }

    /// `DELETE …/labels/{name}`: 404 "Label does not exist" when the issue lacks it.
    pub(super) fn remove_issue_label(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let encoded = cx.path.rsplit('/').next().unwrap_or_default();
        let name = openapi::percent_decode(encoded);
        let now = self.now();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let before = issue.labels.len();
        issue.labels.retain(|l| !l.eq_ignore_ascii_case(&name));
        if issue.labels.len() == before {
            return Err(Reply::error(404, "Label does not exist"));
        }
        issue.updated_at = now;
        let items = issue.labels.iter().map(|l| label_json(cx, l)).collect();
        Ok(Reply::json(200, Value::Array(items)))
    }
}
