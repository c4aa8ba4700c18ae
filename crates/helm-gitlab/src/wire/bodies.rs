//! The JSON bodies helm sends to GitLab, one typed struct per kind of write,
//! serialised once into the plan's [`ForgeWrite`] so the gate, a dry run and
//! a proposal see the bytes that leave. Field names are GitLab's (REST v4);
//! a field left `None` is left out, never sent as null.

use helm_forge::ForgeWrite;
use serde::Serialize;

/// `POST …/notes`, `POST …/discussions/:id/notes`.
#[derive(Serialize)]
pub(crate) struct GitLabNoteBody<'a> {
    pub(crate) body: &'a str,
}

/// `POST /projects/:id/issues`.
#[derive(Serialize)]
pub(crate) struct GitLabNewIssue<'a> {
    pub(crate) title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) description: Option<&'a str>,
    /// Comma-separated, as GitLab takes labels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) labels: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) assignee_ids: Vec<u64>,
}

/// `POST /projects/:id/merge_requests`. A draft is GitLab's own `Draft:`
/// title prefix: the documented creation takes no `draft` field.
#[derive(Serialize)]
pub(crate) struct GitLabNewMr<'a> {
    pub(crate) source_branch: &'a str,
    pub(crate) target_branch: &'a str,
    pub(crate) title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) description: Option<&'a str>,
}

/// `PUT …/issues/:iid` or `…/merge_requests/:iid`: a new title, description or both.
#[derive(Serialize)]
pub(crate) struct GitLabEdit<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) description: Option<&'a str>,
}

/// `PUT …`: `close` or `reopen`.
#[derive(Serialize)]
pub(crate) struct GitLabStateChange {
    pub(crate) state_event: &'static str,
}

/// `PUT …/merge_requests/:iid`: the whole list of reviewers, by id.
#[derive(Serialize)]
pub(crate) struct GitLabReviewerIds {
    pub(crate) reviewer_ids: Vec<u64>,
}

/// `PUT …/merge_requests/:iid/merge`, pinned to the head seen.
#[derive(Serialize)]
pub(crate) struct GitLabMergeBody<'a> {
    pub(crate) sha: &'a str,
    pub(crate) squash: bool,
}

/// `PUT …`: labels added and removed in one request.
#[derive(Serialize)]
pub(crate) struct GitLabLabelChange {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) add_labels: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) remove_labels: Option<String>,
}

/// `PUT …/merge_requests/:iid/discussions/:id`.
#[derive(Serialize)]
pub(crate) struct GitLabResolve {
    pub(crate) resolved: bool,
}

/// One write, its body serialised once.
pub(crate) fn write(method: &'static str, path: String, body: &impl Serialize) -> ForgeWrite {
    ForgeWrite {
        method,
        path,
        // A struct of strings, numbers and booleans always serialises.
        body: serde_json::to_string(body).ok(),
    }
}

/// Names as GitLab's comma-separated list; `None` for none.
pub(crate) fn listed(names: &[String]) -> Option<String> {
    (!names.is_empty()).then(|| names.join(","))
}
