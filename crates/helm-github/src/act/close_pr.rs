//! `close-pr` on GitHub: one `PATCH /pulls/{n}` with the state, and after a
//! lost answer a `closed` event by the acting account (`timeline::closed`).

use helm_forge::act::ClosePr;
use helm_forge::{Produced, Traced};
use http::Method;

use super::Window;
use super::body::WriteBody;
use super::timeline::closed;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubPull as Pull;

pub(super) async fn send(client: &Client, close: &ClosePr) -> Result<Produced, GitHubError> {
    let pr: Pull = WriteBody {
        state: Some("closed"),
        ..WriteBody::default()
    }
    .send(client, Method::PATCH, &format!("/pulls/{}", close.pr))
    .await?;
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
