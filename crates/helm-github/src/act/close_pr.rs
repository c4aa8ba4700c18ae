//! `close-pr` on GitHub: one `PATCH /pulls/{n}` with the state, and after a
//! lost answer a `closed` event by the acting account (`timeline::closed`).

use helm_forge::act::ClosePr;
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::timeline::closed;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubPull as Pull;

pub(super) fn plan(client: &Client, close: &ClosePr) -> Planned<ForgeWrite> {
    WriteBody {
        state: Some("closed"),
        ..WriteBody::default()
    }
    .write(client, "PATCH", &format!("/pulls/{}", close.pr))
}

pub(super) async fn send(client: &Client, write: &ForgeWrite) -> Result<Produced, GitHubError> {
    let pr: Pull = sent(client, write).await?;
    // A pull request's answer names no reason for its state.
    Ok(Produced::State {
        state: pr.state,
        reason: None,
        url: pr.url,
    })
}

pub(super) async fn look(
    client: &Client,
    close: &ClosePr,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    closed(client, close.pr, window).await
}
