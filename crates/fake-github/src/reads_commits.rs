//! Handlers of the reads about commits: check runs and the combined status (paged, 30 a
//! page by default, as on GitHub), and the authenticated user.

use super::*;

impl State {
    pub(super) fn list_check_runs(&self, cx: &Cx) -> Reply {
        let sha = self.resolve_ref(&cx.repo, &cx.git_ref);
        let runs = self
            .repos
            .get(&cx.repo)
            .map(|r| r.check_runs.iter())
            .into_iter()
            .flatten();
        let mut runs: Vec<&CheckRunRecord> = runs
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

    /// The authenticated user: always [`VIEWER`], the author of every write.
    pub(super) fn get_viewer(&self, cx: &Cx) -> Reply {
        let mut json = shape("GET", USER).clone();
        rewrite_strings(&mut json, &[("octocat", VIEWER)]);
        let user = project(user_json(VIEWER), &json);
        set(&mut json, user);
        let url = format!("{}/users/{VIEWER}", cx.base);
        set(
            &mut json,
            json!({ "url": url, "email": null, "company": null }),
        );
        Reply::json(200, json)
    }
}
