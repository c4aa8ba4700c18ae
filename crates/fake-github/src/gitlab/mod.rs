//! The fake GitLab, under `/api/v4` of the one fake server: projects (by numeric id or
//! URL-encoded path), issues, merge requests, notes and discussions, approvals, pipelines,
//! jobs and their traces, members with access levels, resource events, and the per-user
//! note limit (429 with `Retry-After`). Shapes follow GitLab's REST documentation.
//!
//! GitLab answers no conditional requests the way GitHub does: no `ETag`, no
//! `Last-Modified`, and `If-None-Match` is ignored (always a full 200), so a client must
//! compare what it reads now with what it saw. The files: [`records`] (the stored world),
//! [`shapes`] (JSON), [`issues`], [`merge_requests`], [`merging`] (readiness and merge),
//! [`pipelines`], and [`control`] (a test or the tour acting as teammates).

mod control;
mod issues;
mod merge_requests;
mod merging;
mod pipelines;
mod records;
mod shapes;

pub use control::GitLab;
pub(super) use records::GitLabWorld;

use super::forges::{ForgeCall, OtherForge};
use super::*;
use records::*;

/// The token the fake GitLab accepts, as `PRIVATE-TOKEN` or `Authorization: Bearer`.
pub const GITLAB_TOKEN: &str = "glpat-helmFakeGitLabToken00";
/// Username of the token's user: the author of everything written through the API.
pub const GITLAB_VIEWER: &str = "helm-bot";

pub(super) fn authorized(request: &RecordedRequest) -> bool {
    request.header("private-token") == Some(GITLAB_TOKEN)
        || server::token(request).is_some_and(|t| t == GITLAB_TOKEN)
}

/// GitLab's error body: `{"message": "404 Project Not Found"}`.
pub(super) fn error(status: u16, message: &str) -> Reply {
    Reply::json(status, json!({ "message": message })).header("Server", "nginx".to_owned())
}

fn not_found(what: &str) -> Reply {
    error(404, &format!("404 {what} Not Found"))
}

pub(super) fn perform(state: &mut State, call: &ForgeCall) -> Reply {
    let result = match call.path_param("project") {
        "" => route_global(state, call),
        project => match state.gitlab.project_index(project) {
            Some(index) => route_project(state, call, index),
            None => Err(not_found("Project")),
        },
    };
    let reply = result.unwrap_or_else(|refusal| refusal);
    reply.header("Server", "nginx".to_owned())
}

fn route_global(state: &mut State, call: &ForgeCall) -> Result<Reply, Reply> {
    let lab = &state.gitlab;
    match (call.method.as_str(), call.template.as_str()) {
        ("GET", "/api/v4/user") => Ok(Reply::json(200, lab.user_json(call, lab.viewer()))),
        ("GET", "/api/v4/users") => {
            let wanted = call.text("username").unwrap_or_default();
            let found = lab
                .users
                .iter()
                .filter(|u| wanted.is_empty() || u.username.eq_ignore_ascii_case(&wanted))
                .map(|u| lab.user_json(call, u.id))
                .collect();
            Ok(call.page(OtherForge::GitLab, found))
        }
        _ => Err(error(404, "404 Not Found")),
    }
}

fn route_project(state: &mut State, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
    let template = call
        .template
        .trim_start_matches("/api/v4/projects/{project}");
    match (call.method.as_str(), template) {
        ("GET", "") => Ok(Reply::json(200, state.gitlab.project_json(call, p))),
        ("GET", "/members/all") => Ok(state.gitlab.members(call, p)),
        ("GET", "/issues") => Ok(state.gitlab.list_issues(call, p)),
        ("POST", "/issues") => issues::create(state, call, p),
        ("GET", "/issues/{issue}") => state.gitlab.get_issue(call, p),
        ("PUT", "/issues/{issue}") => issues::edit(state, call, p),
        ("GET", "/issues/{issue}/notes") => state.gitlab.list_notes(call, p, Noteable::Issue),
        ("POST", "/issues/{issue}/notes") => issues::create_note(state, call, p, Noteable::Issue),
        ("GET", "/issues/{issue}/resource_label_events") => {
            state.gitlab.label_events(call, p, Noteable::Issue)
        }
        ("GET", "/issues/{issue}/resource_state_events") => {
            state.gitlab.state_events(call, p, Noteable::Issue)
        }
        ("GET", "/merge_requests") => Ok(state.gitlab.list_mrs(call, p)),
        ("POST", "/merge_requests") => merge_requests::create(state, call, p),
        ("GET", "/merge_requests/{merge_request}") => merge_requests::get(state, call, p),
        ("PUT", "/merge_requests/{merge_request}") => merge_requests::edit(state, call, p),
        ("GET", "/merge_requests/{merge_request}/diffs") => state.gitlab.diffs(call, p),
        ("GET", "/merge_requests/{merge_request}/approvals") => state.gitlab.approvals(call, p),
        ("GET", "/merge_requests/{merge_request}/notes") => {
            state.gitlab.list_notes(call, p, Noteable::Mr)
        }
        ("POST", "/merge_requests/{merge_request}/notes") => {
            issues::create_note(state, call, p, Noteable::Mr)
        }
        ("GET", "/merge_requests/{merge_request}/discussions") => state.gitlab.discussions(call, p),
        ("POST", "/merge_requests/{merge_request}/discussions/{discussion}/notes") => {
            merge_requests::reply(state, call, p)
        }
        ("PUT", "/merge_requests/{merge_request}/discussions/{discussion}") => {
            merge_requests::resolve(state, call, p)
        }
        ("PUT", "/merge_requests/{merge_request}/merge") => merging::merge(state, call, p),
        ("GET", "/merge_requests/{merge_request}/pipelines") => state.gitlab.mr_pipelines(call, p),
        ("GET", "/merge_requests/{merge_request}/resource_label_events") => {
            state.gitlab.label_events(call, p, Noteable::Mr)
        }
        ("GET", "/merge_requests/{merge_request}/resource_state_events") => {
            state.gitlab.state_events(call, p, Noteable::Mr)
        }
        ("GET", "/pipelines") => Ok(state.gitlab.pipelines(call, p)),
        ("GET", "/pipelines/{pipeline}/jobs") => state.gitlab.jobs(call, p),
        ("GET", "/jobs/{job}/trace") => state.gitlab.trace(call, p),
        _ => Err(error(404, "404 Not Found")),
    }
}
