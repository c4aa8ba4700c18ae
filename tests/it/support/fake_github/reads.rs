//! Handlers of the read operations (GETs) helm uses.

use super::*;

impl State {
    // ----- reads ---------------------------------------------------------------------------

    pub(super) fn get_issue(&self, cx: &Cx) -> Result<Reply, Reply> {
        let issue = self
            .issue(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        Ok(Reply::json(200, self.issue_json(cx, issue)))
    }

    pub(super) fn list_issue_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.comments.iter())
            .into_iter()
            .flatten();
        let items = comments
            .filter(|c| c.issue == number)
            .map(|c| comment_json(cx, issue, c))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_issues(&self, cx: &Cx) -> Reply {
        let items = self
            .listed(cx)
            .map(|issue| self.issue_json(cx, issue))
            .collect();
        self.page(cx, items)
    }

    pub(super) fn list_pulls(&self, cx: &Cx) -> Reply {
        let keys: Vec<String> = match shape("GET", PULLS)[0].as_object() {
            Some(item) => item.keys().cloned().collect(),
            None => Vec::new(),
        };
        let head = cx.query("head").map(|h| h.rsplit(':').next().unwrap_or(h));
        let items = self
            .listed(cx)
            .filter_map(|issue| Some((issue, issue.pull.as_ref()?)))
            .filter(|(_, pull)| {
                head.is_none_or(|h| pull.head == h)
                    && cx.query("base").is_none_or(|b| pull.base == b)
            })
            .map(|(issue, pull)| {
                // The list answers GitHub's "pull-request-simple": a subset of the full PR.
                let mut full = self.pull_json(cx, issue, pull);
                if let Some(fields) = full.as_object_mut() {
                    fields.retain(|key, _| keys.contains(key));
                }
                full
            })
            .collect();
        self.page(cx, items)
    }

    /// Issues (PRs included) filtered by `state` and ordered by `sort`/`direction` (created).
    pub(super) fn listed<'a>(&'a self, cx: &Cx) -> impl Iterator<Item = &'a Issue> {
        let state = cx.query("state").unwrap_or("open").to_owned();
        let ascending = cx.query("direction") == Some("asc");
        let mut issues: Vec<&Issue> = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten()
            .collect();
        issues.retain(|i| state == "all" || i.state == state);
        if !ascending {
            issues.reverse();
        }
        issues.into_iter()
    }

    pub(super) fn get_pull(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (issue, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if !cx.accept.contains("diff") {
            return Ok(Reply::json(200, self.pull_json(cx, issue, pull)));
        }
        let text = match &pull.diff {
            Diff::Text(text) => text.clone(),
            Diff::FromFiles => diff_from_files(&pull.files),
            Diff::TooLarge => {
                let mut body = error_body(
                    406,
                    "Sorry, the diff exceeded the maximum number of lines (20000)",
                );
                set(
                    &mut body,
                    json!({ "errors": [{ "resource": "PullRequest", "field": "diff", "code": "too_large" }] }),
                );
                return Err(Reply::json(406, body));
            }
        };
        let content_type = "application/vnd.github.diff; charset=utf-8";
        Ok(Reply {
            status: 200,
            json: None,
            text,
            content_type,
            headers: Vec::new(),
        })
    }

    pub(super) fn list_files(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (_, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let items = pull
            .files
            .iter()
            .map(|file| file_json(cx, pull, file))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_reviews(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let reviews = self
            .repos
            .get(&cx.repo)
            .map(|r| r.reviews.iter())
            .into_iter()
            .flatten();
        let items = reviews
            .filter(|r| r.pr == number)
            .map(|r| review_json(cx, r))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_review_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.review_comments.iter())
            .into_iter()
            .flatten();
        let items = comments
            .filter(|c| c.pr == number)
            .map(|c| review_comment_json(cx, c))
            .collect();
        Ok(self.page(cx, items))
    }

    pub(super) fn list_check_runs(&self, cx: &Cx) -> Reply {
        let sha = self.resolve_ref(&cx.repo, &cx.git_ref);
        let runs = self
            .repos
            .get(&cx.repo)
            .map(|r| r.check_runs.iter())
            .into_iter()
            .flatten();
        let mut runs: Vec<&CheckRun> = runs
            .filter(|r| r.sha == sha)
            .filter(|r| cx.query("check_name").is_none_or(|name| r.name == name))
            .filter(|r| cx.query("status").is_none_or(|status| r.status == status))
            .collect();
        if cx.query("filter") != Some("all") {
            // `filter=latest` (the default): only the most recent run of each name.
            let superseded: Vec<u64> = runs
                .iter()
                .filter(|r| runs.iter().any(|o| o.name == r.name && o.id > r.id))
                .map(|r| r.id)
                .collect();
            runs.retain(|r| !superseded.contains(&r.id));
        }
        let total = runs.len();
        let items = runs
            .into_iter()
            .map(|run| self.check_run_json(cx, run))
            .collect();
        let mut reply = self.page(cx, items);
        if let Some(page) = reply.json.take() {
            reply.json = Some(Box::new(
                json!({ "total_count": total, "check_runs": page }),
            ));
        }
        reply
    }

    pub(super) fn combined_status(&self, cx: &Cx) -> Reply {
        let sha = self.resolve_ref(&cx.repo, &cx.git_ref);
        let all = self
            .repos
            .get(&cx.repo)
            .map(|r| r.statuses.iter())
            .into_iter()
            .flatten();
        // Only the latest status of each context counts, newest first.
        let mut latest: Vec<&CommitStatus> = Vec::new();
        for status in all
            .filter(|s| s.sha == sha)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            if !latest.iter().any(|s| s.context == status.context) {
                latest.push(status);
            }
        }
        let state = if latest
            .iter()
            .any(|s| s.state == "error" || s.state == "failure")
        {
            "failure"
        } else if latest.is_empty() || latest.iter().any(|s| s.state == "pending") {
            "pending"
        } else {
            "success"
        };
        let total = latest.len();
        let items = latest.into_iter().map(|s| status_json(cx, s)).collect();
        let mut reply = self.page(cx, items);
        let mut combined = shape("GET", STATUS).clone();
        let repository = project(repo_json(cx), &shape("GET", STATUS)["repository"]);
        set(
            &mut combined,
            json!({
                "state": state,
                "statuses": reply.json.take().map_or_else(|| json!([]), |page| *page),
                "sha": sha,
                "total_count": total,
                "repository": repository,
                "commit_url": cx.api(&format!("/commits/{sha}")),
                "url": cx.api(&format!("/commits/{sha}/status")),
            }),
        );
        reply.json = Some(Box::new(combined));
        reply
    }
}
