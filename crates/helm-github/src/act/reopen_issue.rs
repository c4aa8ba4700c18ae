//! `reopen-issue` on GitHub: one `PATCH /issues/{n}` with `state: open`.
//! GitHub answers a reopen of an issue that is already open with the issue
//! as it is and adds nothing to its timeline, so the entry then records the
//! state it answered. After a lost answer, the attempt's own evidence is the
//! `reopened` event it left on the timeline (by the acting account, at or
//! after the attempt began on GitHub's clock, ADR 0012); the state the issue
//! has now says nothing of who opened it or when.

use helm_forge::act::ReopenIssue;
use helm_forge::{ForgeWrite, Produced, Traced};
use helm_model::error::{Result as Planned, Words};

use super::Window;
use super::body::WriteBody;
use super::timeline::{TimelineEvent, timeline};
use crate::client::Client;
use crate::error::GitHubError;

pub(super) fn plan(client: &Client, reopen: &ReopenIssue) -> Planned<ForgeWrite> {
    WriteBody {
        state: Some("open"),
        ..WriteBody::default()
    }
    .write(client, "PATCH", &format!("/issues/{}", reopen.issue))
}

pub(super) async fn look(
    client: &Client,
    reopen: &ReopenIssue,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let number = reopen.issue;
    let cannot_tell = |what: String| {
        Ok(Traced::CannotTell(Words::of(format!(
            "a 'reopened' event on #{number}'s timeline that may be this attempt's {what}; check who reopened #{number} and when on GitHub"
        ))))
    };
    for event in timeline(client, number).await? {
        if event.event.as_deref() != Some("reopened") {
            continue;
        }
        // Dated before the attempt: not its effect, whoever reopened.
        if dated(&event) && !window.admits(&event.created_at) {
            continue;
        }
        if event.actor.is_none() {
            return cannot_tell("names no account".into());
        }
        if !window.by(&event.actor) {
            continue;
        }
        if !dated(&event) {
            return cannot_tell(format!(
                "is by {} and has no readable time",
                window.viewer()
            ));
        }
        return Ok(Traced::Found(vec![Produced::State {
            state: "open".into(),
            reason: event.state_reason.or(Some("reopened".into())),
            url: None,
        }]));
    }
    Ok(Traced::NotDone)
}

/// Whether an event's time reads as GitHub writes times.
fn dated(event: &TimelineEvent) -> bool {
    (event.created_at.as_deref()).is_some_and(|at| at.parse::<jiff::Timestamp>().is_ok())
}
