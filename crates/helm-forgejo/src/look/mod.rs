//! What an observation reads on Forgejo: an issue or a pull request and the
//! parts asked of it, each read whole (Forgejo answers no conditional
//! requests) and put in helm's shapes. The reviews part is `reviews.rs`,
//! CI `checks.rs`, the repository's open work `repo.rs`.

pub(crate) mod checks;
pub(crate) mod repo;
mod reviews;

use helm_forge::{ForgeError, LookedPart, ThreadPart, ThreadParts, ThreadRef};
use helm_model::error::{Error, Kind};
use serde::Serialize;
use serde_json::Value;

use crate::api::ForgejoApi;
use crate::{error, shapes, wire};

/// The `diff` part as GitHub's payload has always kept it.
#[derive(Serialize)]
struct Unified {
    format: &'static str,
    text: String,
}

pub(crate) fn to_value<T: Serialize>(value: &T) -> Result<Value, ForgeError> {
    serde_json::to_value(value).map_err(|err| error::unreadable("a payload part", err, false))
}

fn whole(value: Value) -> LookedPart {
    LookedPart {
        value,
        truncated: false,
    }
}

/// The pull request `number`, or a `not-found` error that says when it is
/// an issue.
pub(crate) async fn pull(api: &ForgejoApi, number: u64) -> Result<wire::ForgejoPull, ForgeError> {
    let doing = format!("read pull request #{number}");
    let answer = api
        .answer(&api.repo_path(&format!("/pulls/{number}")), &doing)
        .await?;
    if answer.status.as_u16() == 404 {
        let issue = api
            .answer(&api.repo_path(&format!("/issues/{number}")), &doing)
            .await?;
        if issue.status.is_success() {
            return Err(Error::new(
                Kind::NotFound,
                format!("#{number} is an issue on Forgejo, not a pull request"),
            )
            .hint("observe it as an issue")
            .into());
        }
    }
    crate::api::read(&answer, &doing, false)
}

/// The issue `number`, or a `not-found` error that says when it is a pull
/// request.
async fn issue(api: &ForgejoApi, number: u64) -> Result<wire::ForgejoIssue, ForgeError> {
    let doing = format!("read issue #{number}");
    let issue: wire::ForgejoIssue = api
        .get(&api.repo_path(&format!("/issues/{number}")), &doing)
        .await?;
    if issue.pull_request.is_some() {
        return Err(Error::new(
            Kind::NotFound,
            format!("#{number} is a pull request on Forgejo, not an issue"),
        )
        .hint("observe it as a pull request (pr)")
        .into());
    }
    Ok(issue)
}

/// The `parts` of the issue or pull request `at`, in the order asked.
pub(crate) async fn thread(
    api: &ForgejoApi,
    at: ThreadRef,
    parts: &[ThreadPart],
) -> Result<ThreadParts, ForgeError> {
    let number = at.number;
    let mut looked = Vec::new();
    let pr = if at.is_pr {
        let wants_pull = parts
            .iter()
            .any(|p| matches!(p, ThreadPart::Summary | ThreadPart::Checks));
        match wants_pull {
            true => Some(pull(api, number).await?),
            false => None,
        }
    } else {
        if let Some(part) = parts
            .iter()
            .find(|p| !matches!(p, ThreadPart::Summary | ThreadPart::Comments))
        {
            return Err(Error::usage(format!(
                "an issue has no {} part; only a pull request does",
                part.name()
            ))
            .into());
        }
        None
    };
    let head = pr.as_ref().map(|p| p.head.sha.clone());
    let mut pr = pr;
    for part in parts {
        let value = match part {
            ThreadPart::Summary => match pr.take() {
                Some(pull) => whole(to_value(&shapes::pull(pull))?),
                None => whole(to_value(&shapes::issue(issue(api, number).await?))?),
            },
            ThreadPart::Comments => whole(comments(api, number).await?),
            ThreadPart::Files => {
                let path = api.repo_path(&format!("/pulls/{number}/files"));
                let doing = format!("list pull request #{number}'s files");
                let (files, truncated) = api.pages::<wire::ForgejoPullFile>(&path, &doing).await?;
                let files: Vec<_> = files.into_iter().map(shapes::file).collect();
                LookedPart {
                    value: to_value(&files)?,
                    truncated,
                }
            }
            ThreadPart::Diff => {
                let path = api.repo_path(&format!("/pulls/{number}.diff"));
                let text = api
                    .text(&path, &format!("read pull request #{number}'s diff"))
                    .await?;
                whole(to_value(&Unified {
                    format: "unified",
                    text,
                })?)
            }
            ThreadPart::Checks => {
                let sha = head.clone().unwrap_or_default();
                whole(checks::of_sha(api, &sha, None).await?)
            }
            ThreadPart::Reviews => reviews::reviews(api, number).await?,
        };
        looked.push((*part, value));
    }
    Ok(looked)
}

/// The conversation: every comment, oldest first (Forgejo lists them whole).
async fn comments(api: &ForgejoApi, number: u64) -> Result<Value, ForgeError> {
    let path = api.repo_path(&format!("/issues/{number}/comments"));
    let doing = format!("list #{number}'s comments");
    let comments: Vec<wire::ForgejoComment> = api.get(&path, &doing).await?;
    let comments: Vec<_> = comments.into_iter().map(shapes::comment).collect();
    to_value(&comments)
}
