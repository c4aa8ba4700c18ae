//! `close-issue` on GitHub: one `PATCH /issues/{n}` with the state and
//! GitHub's reason, and after a lost answer a `closed` event by the acting
//! account (`timeline::closed`).

use helm_forge::act::{CloseIssue, CloseReason};
use helm_forge::{Produced, Traced};
use http::Method;

use super::Window;
use super::body::WriteBody;
use super::timeline::closed;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubIssue as Issue;

/// GitHub's word for the reason.
fn state_reason(reason: CloseReason) -> &'static str {
    match reason {
        CloseReason::Completed => "completed",
        CloseReason::NotPlanned => "not_planned",
    }
}

pub(super) async fn send(client: &Client, close: &CloseIssue) -> Result<Produced, GitHubError> {
    let issue: Issue = WriteBody {
        state: Some("closed"),
        state_reason: Some(state_reason(close.reason)),
        ..WriteBody::default()
    }
    .send(client, Method::PATCH, &format!("/issues/{}", close.issue))
    .await?;
    Ok(Produced::State {
        state: issue.state,
        reason: issue.state_reason,
        url: issue.url,
    })
}

pub(super) async fn look(
    client: &Client,
    close: &CloseIssue,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    closed(client, close.issue, window).await
}
