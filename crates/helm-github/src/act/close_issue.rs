//! `close-issue` on GitHub: one `PATCH /issues/{n}` with the state and
//! GitHub's reason, and after a lost answer a `closed` event by the acting
//! account (`timeline::closed`).

use helm_forge::act::{CloseIssue, CloseReason};
use helm_forge::{ForgeWrite, Traced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::timeline::closed;
use crate::client::Client;
use crate::error::GitHubError;

/// GitHub's word for the reason.
fn state_reason(reason: CloseReason) -> &'static str {
    match reason {
        CloseReason::Completed => "completed",
        CloseReason::NotPlanned => "not_planned",
    }
}

pub(super) fn plan(client: &Client, close: &CloseIssue) -> Planned<ForgeWrite> {
    WriteBody {
        state: Some("closed"),
        state_reason: Some(state_reason(close.reason)),
        ..WriteBody::default()
    }
    .write(client, "PATCH", &format!("/issues/{}", close.issue))
}

pub(super) async fn look(
    client: &Client,
    close: &CloseIssue,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    closed(client, close.issue, window).await
}
