//! Answers for the parts of a PR or issue: comments, review comments, reviews, files, check
//! runs and statuses, built on GitHub's documented examples. Pure: changes nothing.

use super::*;

impl State {
    pub(super) fn check_run_json(&self, cx: &Cx, run: &CheckRunRecord) -> Value {
        let pulls = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten();
        let pull_requests: Vec<Value> = pulls
            .filter_map(|issue| Some((issue.number, issue.pull.as_ref()?)))
            .filter(|(_, pull)| pull.head_sha == run.sha)
            .map(|(number, pull)| {
                let repo =
                    json!({ "id": stable_id(&cx.repo), "url": cx.api(""), "name": repo_name(cx) });
                json!({
                    "url": cx.api(&format!("/pulls/{number}")),
                    "id": pull.id,
                    "number": number,
                    "head": { "ref": pull.head, "sha": pull.head_sha, "repo": repo },
                    "base": { "ref": pull.base, "sha": pull.base_sha, "repo": repo },
                })
            })
            .collect();
        let mut json = shape("GET", CHECK_RUNS)["check_runs"][0].clone();
        let url = cx.api(&format!("/check-runs/{}", run.id));
        let completed = run.status == "completed";
        set(
            &mut json,
            json!({
                "id": run.id,
                "head_sha": run.sha,
                "node_id": format!("CR_{}", run.id),
                "external_id": "",
                "url": url,
                "html_url": cx.html(&format!("/runs/{}", run.id)),
                "details_url": cx.html(&format!("/runs/{}", run.id)),
                "status": run.status,
                "conclusion": if completed { run.conclusion.clone() } else { None },
                "started_at": run.started_at,
                "completed_at": completed.then(|| run.started_at.clone()),
                "output": { "title": null, "summary": null, "text": null, "annotations_count": 0, "annotations_url": format!("{url}/annotations") },
                "name": run.name,
                "pull_requests": pull_requests,
            }),
        );
        if self.actions.is_job(run.id) {
            json["app"]["slug"] = json!("github-actions");
        }
        json
    }
}

pub(super) fn comment_json(cx: &Cx, issue: &IssueRecord, c: &IssueCommentRecord) -> Value {
    let kind = if issue.pull.is_some() {
        "pull"
    } else {
        "issues"
    };
    let id = c.comment.id;
    let mut json = shape("GET", ISSUE_COMMENTS)[0].clone();
    set(
        &mut json,
        json!({
            "id": id,
            "node_id": format!("IC_{id}"),
            "url": cx.api(&format!("/issues/comments/{id}")),
            "html_url": cx.html(&format!("/{kind}/{}#issuecomment-{id}", issue.number)),
            "body": c.comment.body,
            "user": user_json(&c.comment.user),
            "created_at": c.created_at,
            "updated_at": c.updated_at,
            "issue_url": cx.api(&format!("/issues/{}", issue.number)),
        }),
    );
    json
}

pub(super) fn review_comment_json(cx: &Cx, c: &ReviewCommentRecord) -> Value {
    let url = cx.api(&format!("/pulls/comments/{}", c.id));
    let html = cx.html(&format!("/pull/{}#discussion_r{}", c.pr, c.id));
    let pull_url = cx.api(&format!("/pulls/{}", c.pr));
    let mut json = shape("GET", REVIEW_COMMENTS)[0].clone();
    set(
        &mut json,
        json!({
            "url": url,
            "pull_request_review_id": c.review,
            "id": c.id,
            "node_id": format!("PRRC_{}", c.id),
            "diff_hunk": format!("@@ -{0},1 +{0},1 @@", c.line),
            "path": c.path,
            "position": c.line,
            "original_position": c.line,
            "commit_id": c.commit_id,
            "original_commit_id": c.commit_id,
            "in_reply_to_id": c.in_reply_to,
            "user": user_json(&c.user),
            "body": c.body,
            "created_at": c.created_at,
            "updated_at": c.updated_at,
            "html_url": html,
            "pull_request_url": pull_url,
            "_links": { "self": { "href": url }, "html": { "href": html }, "pull_request": { "href": pull_url } },
            "start_line": null,
            "original_start_line": null,
            "start_side": null,
            "line": c.line,
            "original_line": c.line,
            "side": "RIGHT",
        }),
    );
    if c.in_reply_to.is_none()
        && let Some(fields) = json.as_object_mut()
    {
        fields.remove("in_reply_to_id"); // GitHub omits it on a thread's first comment
    }
    json
}

pub(super) fn review_json(cx: &Cx, r: &ReviewRecord) -> Value {
    let html = cx.html(&format!("/pull/{}#pullrequestreview-{}", r.pr, r.id));
    let pull_url = cx.api(&format!("/pulls/{}", r.pr));
    let mut json = shape("GET", REVIEWS)[0].clone();
    set(
        &mut json,
        json!({
            "id": r.id,
            "node_id": format!("PRR_{}", r.id),
            "user": user_json(&r.user),
            "body": r.body,
            "state": r.state,
            "html_url": html,
            "pull_request_url": pull_url,
            "_links": { "html": { "href": html }, "pull_request": { "href": pull_url } },
            "submitted_at": r.submitted_at,
            "commit_id": r.commit_id,
        }),
    );
    json
}

pub(super) fn file_json(cx: &Cx, pull: &PullRecord, file: &PrFile) -> Value {
    let (additions, deletions) = line_counts(&file.patch);
    let name = &file.filename;
    let mut json = shape("GET", PULL_FILES)[0].clone();
    set(
        &mut json,
        json!({
            "sha": format!("{:016x}{:016x}{:08x}", mix(stable_id(name)), mix(stable_id(&file.patch)), stable_id(&pull.head_sha) as u32),
            "filename": name,
            "status": file.status,
            "additions": additions,
            "deletions": deletions,
            "changes": additions + deletions,
            "blob_url": cx.html(&format!("/blob/{}/{name}", pull.head_sha)),
            "raw_url": cx.html(&format!("/raw/{}/{name}", pull.head_sha)),
            "contents_url": cx.api(&format!("/contents/{name}?ref={}", pull.head_sha)),
            "patch": file.patch,
        }),
    );
    json
}

pub(super) fn status_json(cx: &Cx, s: &CommitStatus) -> Value {
    let mut json = shape("GET", STATUS)["statuses"][0].clone();
    set(
        &mut json,
        json!({
            "url": cx.api(&format!("/statuses/{}", s.sha)),
            "id": s.id,
            "node_id": format!("SC_{}", s.id),
            "state": s.state,
            "description": null,
            "target_url": null,
            "context": s.context,
            "created_at": s.created_at,
            "updated_at": s.created_at,
        }),
    );
    json
}
