//! The labels of an issue or pull request: listed, added (the token's allowed labels only,
//! the rest dropped silently as GitHub does) and removed one by one. Each label that changes
//! leaves a `labeled` or `unlabeled` event by [`VIEWER`] on the timeline; one already there
//! (or already absent) leaves none, as on GitHub.

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
        let number = cx.number.unwrap_or_default();
        let issue = self
            .issue_mut(&cx.repo, number)
            .ok_or_else(Reply::not_found)?;
        let mut added = Vec::new();
        for label in labels {
            if !issue.labels.iter().any(|l| l.eq_ignore_ascii_case(&label)) {
                issue.labels.push(label.clone());
                issue.updated_at = now.clone();
                added.push(label);
            }
        }
        let items = issue.labels.iter().map(|l| label_json(cx, l)).collect();
        for label in added {
            self.add_label_event(&cx.repo, number, "labeled", VIEWER, &label);
        }
        Ok(Reply::json(200, Value::Array(items)))
    }

    /// `DELETE …/labels/{name}`: 404 "Label does not exist" when the issue lacks it.
    pub(super) fn remove_issue_label(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let encoded = cx.path.rsplit('/').next().unwrap_or_default();
        let name = openapi::percent_decode(encoded);
        let now = self.now();
        let number = cx.number.unwrap_or_default();
        let issue = self
            .issue_mut(&cx.repo, number)
            .ok_or_else(Reply::not_found)?;
        let Some(at) = issue
            .labels
            .iter()
            .position(|l| l.eq_ignore_ascii_case(&name))
        else {
            return Err(Reply::error(404, "Label does not exist"));
        };
        let removed = issue.labels.remove(at);
        issue.updated_at = now;
        let items = issue.labels.iter().map(|l| label_json(cx, l)).collect();
        self.add_label_event(&cx.repo, number, "unlabeled", VIEWER, &removed);
        Ok(Reply::json(200, Value::Array(items)))
    }
}
