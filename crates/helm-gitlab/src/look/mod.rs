//! What an observation of a GitLab issue or merge request reads, part by part,
//! in helm's shapes: the summary ([`summary`]), the conversation's notes
//! (system notes and notes on the diff left out: the first are GitLab's own
//! record, the second the review threads'), the files and the diff
//! ([`changes`]), the approvals and diff discussions ([`reviews`]) and the
//! head pipeline's jobs ([`checks`]). GitLab answers no conditional
//! requests, so every part is read whole. The repository's listing is
//! [`repo`].

pub(crate) mod changes;
pub(crate) mod checks;
pub(crate) mod repo;
pub(crate) mod reviews;
pub(crate) mod summary;

use helm_forge::shape;
use helm_forge::{ForgeError, LookedPart, ThreadPart, ThreadParts, ThreadRef};
use helm_model::error::{Error, Kind};
use serde::Serialize;
use serde_json::Value;

use crate::api::GitLabApi;
use crate::wire;

/// Every part asked of an issue or a merge request, in the order asked.
pub(crate) async fn thread(
    api: &GitLabApi,
    at: ThreadRef,
    parts: &[ThreadPart],
) -> Result<ThreadParts, ForgeError> {
    let kind = if at.is_pr { "merge_requests" } else { "issues" };
    let base = api.path(&format!("/{kind}/{}", at.number));
    if !at.is_pr
        && let Some(part) = parts
            .iter()
            .find(|p| !matches!(p, ThreadPart::Summary | ThreadPart::Comments))
    {
        return Err(ForgeError::not_done(
            Error::usage(format!(
                "an issue has no {} part; only a merge request has",
                part.name()
            ))
            .hint("observe the merge request (`pr`/`mr`) for its files, diff, checks and reviews"),
        ));
    }
    let mr: Option<wire::GitLabMr> = match at.is_pr {
        true => Some(api.get(&base).await.map_err(|e| missing(e, at, api))?),
        false => None,
    };
    let mut out = Vec::new();
    for part in parts {
        let looked = match (part, &mr) {
            (ThreadPart::Summary, Some(mr)) => whole(&summary::pull(mr)),
            (ThreadPart::Summary, None) => {
                let issue: wire::GitLabIssue =
                    api.get(&base).await.map_err(|e| missing(e, at, api))?;
                whole(&summary::issue(&issue))
            }
            (ThreadPart::Comments, _) => comments(api, &base)
                .await
                .map_err(|e| missing(e, at, api))?,
            (ThreadPart::Files, _) => changes::files(api, &base)
                .await
                .map_err(|e| missing(e, at, api))?,
            (ThreadPart::Diff, _) => changes::diff(api, &base)
                .await
                .map_err(|e| missing(e, at, api))?,
            (ThreadPart::Reviews, _) => reviews::reviews(api, &base)
                .await
                .map_err(|e| missing(e, at, api))?,
            (ThreadPart::Checks, Some(mr)) => {
                let head = mr.head().unwrap_or_default();
                let value = checks::of_mr(api, &base, head, None).await?;
                LookedPart {
                    value,
                    truncated: false,
                }
            }
            (ThreadPart::Checks, None) => continue,
        };
        out.push((*part, looked));
    }
    Ok(out)
}

/// A part read in one request: never cut.
pub(crate) fn whole(value: &impl Serialize) -> LookedPart {
    LookedPart {
        value: to_value(value),
        truncated: false,
    }
}

/// A shape as JSON: helm's shapes are plain structs, which always serialise.
pub(crate) fn to_value(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A 404 on the thread itself says which thread GitLab does not have.
fn missing(err: ForgeError, at: ThreadRef, api: &GitLabApi) -> ForgeError {
    if err.error.kind() != Kind::NotFound {
        return err;
    }
    let what = if at.is_pr {
        format!("merge request !{}", at.number)
    } else {
        format!("issue #{}", at.number)
    };
    ForgeError::not_done(
        Error::new(
            Kind::NotFound,
            format!("GitLab has no {what} in {} (or the token cannot see it)", api.place.repo),
        )
        .hint("check the number: GitLab numbers issues and merge requests apart (#7 and !7 are two things)"),
    )
}

/// The conversation: user notes, oldest first, as `shape::IssueComment`s.
async fn comments(api: &GitLabApi, base: &str) -> Result<LookedPart, ForgeError> {
    let path = format!("{base}/notes?sort=asc&order_by=created_at");
    let (notes, truncated) = api.pages::<wire::GitLabNote>(&path).await?;
    let page = if base.contains("/merge_requests/") {
        "merge_requests"
    } else {
        "issues"
    };
    let number = base.rsplit('/').next().unwrap_or_default();
    let comments: Vec<shape::IssueComment> = notes
        .iter()
        .filter(|n| !n.system && !n.on_the_diff())
        .map(|n| shape::IssueComment {
            id: n.id,
            author: Some(summary::person(&n.author)),
            author_association: None,
            author_can_push: None,
            created_at: n.created_at.clone(),
            updated_at: n.updated_at.clone(),
            url: Some(api.web_url(&format!("-/{page}/{number}#note_{}", n.id))),
            body: Some(n.body.clone()),
        })
        .collect();
    Ok(LookedPart {
        value: to_value(&comments),
        truncated,
    })
}
