//! One of GitHub's planned writes: made final once, its typed body
//! serialised a single time (the plan, the core's gate, a dry run and the
//! request itself all see those bytes), then sent exactly as planned, its
//! answer read as the action's type.

use helm_forge::act::Steer;
use helm_forge::{ForgeWrite, Produced, WritePlan};
use helm_model::error::{Error, Kind, Result};
use http::Method;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::client::{Answer, Client, JSON, parse};
use crate::error::{Failure, GitHubError};
use crate::wire::GitHubIssue;

/// A write to `path` (under the API base, its query included, or the
/// GraphQL endpoint) with `body` serialised as the client sends it.
pub(super) fn planned(
    method: &'static str,
    path: String,
    body: &impl Serialize,
) -> Result<ForgeWrite> {
    let body = serde_json::to_value(body).map_err(|err| {
        Error::new(
            Kind::Corrupt,
            format!("a request body could not be written as JSON: {err}"),
        )
        .hint("this is a bug in helm: please report it; nothing was sent or recorded")
    })?;
    Ok(ForgeWrite {
        method,
        path,
        body: Some(body.to_string()),
    })
}

/// A plan of one write and nothing its sending needs besides.
pub(super) fn one(steer: Steer, write: ForgeWrite) -> WritePlan {
    WritePlan {
        steer,
        writes: vec![write],
        read: Value::Null,
    }
}

/// The plan's only write.
pub(super) fn only(plan: &WritePlan) -> std::result::Result<&ForgeWrite, GitHubError> {
    match plan.writes.as_slice() {
        [write] => Ok(write),
        writes => Err(unsendable(format!(
            "a plan of {} writes where its action makes one (a bug in helm)",
            writes.len()
        ))),
    }
}

/// Sends `write` as planned and returns GitHub's answer, successful or not.
pub(super) async fn answer(
    client: &Client,
    write: &ForgeWrite,
) -> std::result::Result<Answer, GitHubError> {
    let method = Method::from_bytes(write.method.as_bytes())
        .map_err(|_| unsendable(format!("a planned write's method {}", write.method)))?;
    let body: Option<Value> = match &write.body {
        Some(text) => Some(
            serde_json::from_str(text)
                .map_err(|err| unsendable(format!("a planned write's body is not JSON: {err}")))?,
        ),
        None => None,
    };
    client.send(method, &write.path, JSON, body.as_ref()).await
}

/// Sends `write` as planned; GitHub's answer must be a success, read as `T`.
pub(super) async fn sent<T: DeserializeOwned>(
    client: &Client,
    write: &ForgeWrite,
) -> std::result::Result<T, GitHubError> {
    parse(answer(client, write).await?)
}

/// A plan helm cannot send as it is: nothing left.
pub(super) fn unsendable(message: String) -> GitHubError {
    GitHubError {
        failure: Failure::Unsent,
        ..GitHubError::shape_text(message)
    }
}

/// The answer to a `PATCH` of an issue's state (`close-issue`,
/// `reopen-issue`): the issue as it now is, its state and GitHub's reason.
pub(super) async fn issue_state(
    client: &Client,
    write: &ForgeWrite,
) -> std::result::Result<Produced, GitHubError> {
    let issue: GitHubIssue = sent(client, write).await?;
    Ok(Produced::State {
        state: issue.state,
        reason: issue.state_reason,
        url: issue.url,
    })
}
