//! `request-review` on GitHub: one `POST /pulls/{n}/requested_reviewers`,
//! and after a lost answer the `review_requested` events by the acting
//! account since the attempt began that name someone asked.

use helm_forge::act::RequestReview;
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::timeline::{mine, timeline};
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubPull as Pull;

pub(super) fn plan(client: &Client, request: &RequestReview) -> Planned<ForgeWrite> {
    WriteBody {
        reviewers: (!request.reviewers.is_empty()).then_some(&request.reviewers),
        team_reviewers: (!request.teams.is_empty()).then_some(&request.teams),
        ..WriteBody::default()
    }
    .write(
        client,
        "POST",
        &format!("/pulls/{}/requested_reviewers", request.pr),
    )
}

pub(super) async fn send(client: &Client, write: &ForgeWrite) -> Result<Produced, GitHubError> {
    let pr: Pull = sent(client, write).await?;
    Ok(Produced::Reviewers {
        users: pr
            .requested_reviewers
            .into_iter()
            .map(|u| u.login)
            .collect(),
        teams: pr.requested_teams.into_iter().map(|t| t.slug).collect(),
        url: pr.url,
    })
}

/// Those asked whom the attempt's events requested; an attempt that
/// requested none of them did not happen.
pub(super) async fn look(
    client: &Client,
    request: &RequestReview,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let (mut people, mut slugs) = (Vec::new(), Vec::new());
    for event in timeline(client, request.pr).await? {
        if !mine(&event, "review_requested", window) {
            continue;
        }
        if let Some(user) = event.requested_reviewer
            && request
                .reviewers
                .iter()
                .any(|r| r.eq_ignore_ascii_case(&user.login))
        {
            people.push(user.login);
        }
        if let Some(team) = event.requested_team
            && request
                .teams
                .iter()
                .any(|t| t.eq_ignore_ascii_case(&team.slug))
        {
            slugs.push(team.slug);
        }
    }
    if people.is_empty() && slugs.is_empty() {
        return Ok(Traced::NotDone);
    }
    Ok(Traced::Found(vec![Produced::Reviewers {
        users: people,
        teams: slugs,
        url: None,
    }]))
}
