//! The fake Forgejo, under `/api/v1` of the one fake server: repositories, issues and pull
//! requests (one number sequence), comments, labels (added and removed by separate
//! requests, by id or name), reviews and their comments, requested reviewers, the merge
//! pinned by `head_commit_id` (409 on a moved head; 405 "Please try again later" while
//! mergeability is computed), commit statuses, Actions runs, jobs and logs, collaborators
//! and their permission, and the issue timeline. Shapes follow Forgejo's own swagger.
//!
//! Like GitLab, Forgejo answers no conditional requests the way GitHub does here: no
//! `ETag`, and `If-None-Match` is ignored. Forgejo's document lacks a way to list the runs
//! of a pull request other than by its head (`head_sha`), and a review-comment reply and
//! thread resolution, which the fake therefore does not serve. The files: [`records`],
//! [`shapes`], [`issues`], [`pulls`], [`ci`], [`control`].

mod ci;
mod control;
mod issues;
mod pulls;
mod records;
mod shapes;

pub use control::Forgejo;
pub(super) use records::ForgejoWorld;

use super::forges::{ForgeCall, OtherForge as Which};
use super::*;
use records::*;

/// The token the fake Forgejo accepts, as `Authorization: token <token>` (or `Bearer`).
pub const FORGEJO_TOKEN: &str = "0123456789abcdef0123456789abcdef01234567";
/// Login of the token's user: the author of everything written through the API.
pub const FORGEJO_VIEWER: &str = "helm-bot";

pub(super) fn authorized(request: &RecordedRequest) -> bool {
    server::token(request).is_some_and(|t| t == FORGEJO_TOKEN)
}

/// Forgejo's error body: `{"message": ..., "url": <the API's swagger>}`.
pub(super) fn error(status: u16, message: &str) -> Reply {
    let body = json!({ "message": message, "url": "/api/swagger", "errors": [] });
    Reply::json(status, body).header("Server", "Forgejo".to_owned())
}

fn not_found() -> Reply {
    error(404, "The target couldn't be found.")
}

/// An answer with no body (Forgejo's `empty` response).
fn empty(status: u16) -> Reply {
    let mut reply = Reply::json(status, Value::Null);
    reply.json = None;
    reply
}

pub(super) fn perform(state: &mut State, call: &ForgeCall) -> Reply {
    let call = &at_most(call, state.forgejo.max_response_items);
    let result = if call.template == "/api/v1/user" {
        let forge = &state.forgejo;
        Ok(Reply::json(200, forge.user_json(call, forge.viewer())))
    } else {
        let full = format!("{}/{}", call.path_param("owner"), call.path_param("repo"));
        match state.forgejo.repo_index(&full) {
            Some(r) => route(state, call, r),
            None => Err(not_found()),
        }
    };
    result
        .unwrap_or_else(|refusal| refusal)
        .header("Server", "Forgejo".to_owned())
}

/// `call` with its `limit` cut to `max`, silently, as Forgejo cuts it to its
/// `MAX_RESPONSE_ITEMS` (the answer does not say so; only `Link` and `X-Total-Count` show
/// that more is left).
fn at_most(call: &ForgeCall, max: usize) -> ForgeCall {
    let mut params = call.params.clone();
    let asked = call.text("limit").and_then(|t| t.parse::<usize>().ok());
    if asked.is_some_and(|asked| asked > max) {
        params.insert("limit".to_owned(), Value::from(max));
    }
    ForgeCall {
        base: call.base.clone(),
        method: call.method.clone(),
        template: call.template.clone(),
        path: call.path.clone(),
        params,
    }
}

fn route(state: &mut State, call: &ForgeCall, r: usize) -> Result<Reply, Reply> {
    let template = call
        .template
        .trim_start_matches("/api/v1/repos/{owner}/{repo}");
    let forge = &state.forgejo;
    match (call.method.as_str(), template) {
        ("GET", "") => Ok(Reply::json(200, forge.repo_json(call, r))),
        ("GET", "/issues") => Ok(forge.list_items(call, r, false)),
        ("POST", "/issues") => issues::create(state, call, r),
        ("GET", "/issues/{index}") => forge.get_issue(call, r),
        ("PATCH", "/issues/{index}") => issues::edit(state, call, r),
        ("GET", "/issues/{index}/comments") => forge.comments(call, r),
        ("POST", "/issues/{index}/comments") => issues::comment(state, call, r),
        ("GET", "/issues/{index}/labels") => forge.issue_labels(call, r),
        ("POST", "/issues/{index}/labels") => issues::add_labels(state, call, r),
        ("DELETE", "/issues/{index}/labels/{identifier}") => issues::remove_label(state, call, r),
        ("GET", "/issues/{index}/timeline") => forge.timeline(call, r),
        ("GET", "/labels") => Ok(forge.labels(call, r)),
        ("GET", "/pulls") => Ok(forge.list_items(call, r, true)),
        ("POST", "/pulls") => pulls::create(state, call, r),
        ("GET", "/pulls/{index}") => forge.get_pull(call, r),
        ("PATCH", "/pulls/{index}") => pulls::edit(state, call, r),
        ("GET", "/pulls/{index}.{diffType}") => forge.diff(call, r),
        ("GET", "/pulls/{index}/files") => forge.files(call, r),
        ("GET", "/pulls/{index}/reviews") => forge.reviews(call, r),
        ("POST", "/pulls/{index}/reviews") => pulls::review(state, call, r),
        ("GET", "/pulls/{index}/reviews/{id}/comments") => forge.review_comments(call, r),
        ("POST", "/pulls/{index}/requested_reviewers") => pulls::request_reviewers(state, call, r),
        ("POST", "/pulls/{index}/merge") => pulls::merge(state, call, r),
        ("GET", "/commits/{ref}/status") => Ok(forge.combined_status(call, r)),
        ("GET", "/commits/{ref}/statuses") => Ok(forge.statuses(call, r)),
        ("GET", "/actions/runs") => Ok(forge.runs(call, r)),
        ("GET", "/actions/runs/{run_id}/jobs") => forge.jobs(call, r),
        ("GET", "/actions/jobs/{job_id}/logs") => forge.logs(call, r),
        ("GET", "/collaborators") => Ok(forge.collaborators(call, r)),
        ("GET", "/collaborators/{collaborator}/permission") => forge.permission(call, r),
        _ => Err(not_found()),
    }
}
