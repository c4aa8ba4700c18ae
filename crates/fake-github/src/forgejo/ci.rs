//! Forgejo's CI as a pull request sees it: commit statuses (each, and combined per
//! context), and Actions runs (filtered by `head_sha`), the jobs of a run and a job's log.

use super::*;

impl ForgejoWorld {
    pub(in crate::forgejo) fn combined_status(&self, call: &ForgeCall, r: usize) -> Reply {
        let repo = &self.repos[r];
        let sha = call.path_param("ref");
        let (state, latest) = repo.combined(sha);
        let statuses: Vec<Value> = latest
            .iter()
            .map(|s| self.status_json(call, r, s))
            .collect();
        Reply::json(
            200,
            json!({
                "state": state,
                "sha": sha,
                "total_count": statuses.len(),
                "statuses": statuses,
                "repository": self.repo_json(call, r),
                "commit_url": format!("{}/api/v1/repos/{}/commits/{sha}", call.base, repo.full_name),
                "url": format!("{}/api/v1/repos/{}/commits/{sha}/status", call.base, repo.full_name),
            }),
        )
    }

    pub(in crate::forgejo) fn statuses(&self, call: &ForgeCall, r: usize) -> Reply {
        let sha = call.path_param("ref");
        let statuses = self.repos[r].statuses.iter().rev().filter(|s| s.sha == sha);
        call.page(
            Which::Forgejo,
            statuses.map(|s| self.status_json(call, r, s)).collect(),
        )
    }

    fn status_json(&self, call: &ForgeCall, r: usize, status: &Status) -> Value {
        json!({
            "id": status.id,
            "status": status.state,
            "target_url": format!("{}/{}/actions", call.base, self.repos[r].full_name),
            "description": status.context,
            "url": "",
            "context": status.context,
            "creator": self.user_json(call, 1),
            "created_at": status.created_at,
            "updated_at": status.created_at,
        })
    }

    pub(in crate::forgejo) fn runs(&self, call: &ForgeCall, r: usize) -> Reply {
        let repo = &self.repos[r];
        let head = call.text("head_sha");
        let runs: Vec<Value> = (repo.runs.iter().rev())
            .filter(|run| head.as_ref().is_none_or(|h| *h == run.sha))
            .map(|run| json!({
                "id": run.id,
                "title": "CI",
                "index_in_repo": run.index,
                "workflow_id": "ci.yml",
                "commit_sha": run.sha,
                "prettyref": run.git_ref,
                "event": "pull_request",
                "trigger_event": "pull_request",
                "status": run.status,
                "is_fork_pull_request": false,
                "need_approval": false,
                "created": run.created,
                "updated": run.created,
                "started": run.created,
                "html_url": format!("{}/{}/actions/runs/{}", call.base, repo.full_name, run.index),
                "trigger_user": self.user_json(call, 1),
            }))
            .collect();
        // Paged by `limit` and `page` (Forgejo's `ListOptions`), the count of all in the body.
        let total = runs.len();
        let limit = (call.text("limit").and_then(|t| t.parse::<usize>().ok())).unwrap_or(30);
        let page = (call.text("page").and_then(|t| t.parse::<usize>().ok())).unwrap_or(1);
        let shown: Vec<Value> = (runs.into_iter())
            .skip((page.max(1) - 1) * limit.max(1))
            .take(limit.max(1))
            .collect();
        Reply::json(200, json!({ "total_count": total, "workflow_runs": shown }))
    }

    pub(in crate::forgejo) fn jobs(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let repo = &self.repos[r];
        let id = call.number("run_id");
        let run = repo
            .runs
            .iter()
            .find(|run| run.id == id)
            .ok_or_else(not_found)?;
        Ok(Reply::json(
            200,
            json!([{
                "id": run.job_id,
                "run_id": run.id,
                "repo_id": repo.id,
                "owner_id": 0,
                "name": "test",
                "needs": null,
                "runs_on": ["docker"],
                "task_id": run.job_id,
                "status": run.status,
                "attempt": 1,
                "steps": null,
                "html_url": format!("{}/{}/actions/runs/{}/jobs/0", call.base, repo.full_name, run.index),
            }]),
        ))
    }

    pub(in crate::forgejo) fn logs(&self, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
        let id = call.number("job_id");
        let run = self.repos[r].runs.iter().find(|run| run.job_id == id);
        let run = run.ok_or_else(not_found)?;
        let mut reply = empty(200);
        reply.text = run.log.clone();
        reply.content_type = "text/plain; charset=utf-8";
        Ok(reply)
    }
}
