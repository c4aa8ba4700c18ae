//! What the looks read on GitHub when a steer's outcome is unknown (the
//! request may have been performed, but no answer arrived). Only reads are
//! sent. A trace counts only if it is the attempt's own (ADR 0012): made
//! after the attempt began, as GitHub's clock tells it (never this
//! machine's clock compared with GitHub's), and by the account whose token
//! acts (`GET /user`, asked once per look). What an action creates is
//! returned earliest first, for the caller to skip those an entry already
//! names; a change to what exists needs evidence of a change after the
//! attempt, from the timeline or the pull request itself: state
//! that was there before is not the attempt's effect.

use serde::Deserialize;

use super::shared::Closed;
use crate::error::Words;
use crate::github::client::Client;
use crate::github::error::GitHubError;
use crate::github::wire::{GitHubTeam as Team, GitHubUser as User};
use crate::model::SteerRecord;

/// What GitHub shows about an earlier attempt whose answer was lost.
#[derive(Debug)]
pub(crate) enum Effect {
    /// Traces that match the attempt, each as the steer's record, earliest
    /// first: made after it began (on GitHub's clock) by the account that
    /// acts. The first one no entry of the voyage names yet is its effect;
    /// when every one is named, the attempt did not happen.
    Found(Vec<SteerRecord>),
    /// GitHub shows it did not happen: acting is safe.
    NotDone,
    /// helm cannot tell; the reason says what to check.
    CannotTell(Words),
}

pub(crate) use crate::github::act::Window;

/// One item of an issue's timeline, with the fields the looks read. Items
/// of other kinds (commits, line comments) carry less; they are skipped.
#[derive(Debug, Deserialize)]
pub(super) struct TimelineEvent {
    #[serde(default)]
    pub(crate) event: Option<String>,
    #[serde(default)]
    pub(crate) actor: Option<User>,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
    #[serde(default)]
    pub(crate) rename: Option<Rename>,
    #[serde(default)]
    pub(crate) requested_reviewer: Option<User>,
    #[serde(default)]
    pub(crate) requested_team: Option<Team>,
    #[serde(default)]
    pub(crate) state_reason: Option<String>,
    /// The label a `labeled` or `unlabeled` event added or removed.
    #[serde(default)]
    pub(crate) label: Option<EventLabel>,
}

/// Something GitHub names, such as an event's label.
#[derive(Debug, Deserialize)]
pub(super) struct EventLabel {
    #[serde(default)]
    pub(crate) name: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Rename {
    to: String,
}

/// An issue or pull request as the edit and merge looks read it.
#[derive(Debug, Deserialize)]
pub(super) struct ThreadNow {
    title: String,
    #[serde(default)]
    body: Option<String>,
    updated_at: String,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
    #[serde(default)]
    pub(crate) merged_at: Option<String>,
    #[serde(default)]
    pub(crate) merged_by: Option<User>,
    #[serde(default)]
    pub(crate) merge_commit_sha: Option<String>,
    #[serde(default)]
    pub(crate) head: Option<Head>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Head {
    pub(crate) sha: String,
}

/// An edit's evidence. A title leaves a `renamed` event by the acting
/// account; a body leaves none, so the body asked for together with an
/// `updated_at` after the attempt began is taken as the edit. The text
/// asked for with no change since the attempt is state that was already
/// there: acting again changes nothing, so it is not claimed.
pub(super) async fn edited(
    client: &Client,
    tail: &str,
    number: u64,
    (title, body): (&Option<String>, &Option<String>),
    window: &Window,
    mut record: SteerRecord,
) -> Result<Effect, GitHubError> {
    let current = current(client, tail).await?;
    record.url = current.html_url.clone();
    if let Some(title) = title {
        let renamed = timeline(client, number).await?.into_iter().any(|e| {
            mine(&e, "renamed", window) && e.rename.as_ref().is_some_and(|r| r.to == *title)
        });
        if renamed {
            return Ok(Effect::Found(vec![record]));
        }
        if current.title != *title {
            return Ok(Effect::NotDone);
        }
    }
    let changed_since = window.admits(&Some(current.updated_at.clone()));
    let body_as_asked = body
        .as_ref()
        .is_none_or(|b| current.body.as_ref() == Some(b));
    Ok(match (body_as_asked, changed_since) {
        (true, true) => Effect::Found(vec![record]),
        (_, false) => Effect::NotDone,
        (false, true) => Effect::CannotTell(crate::error::Words::of(format!(
            "#{number} changed after the attempt began, and its body is not the one asked for: someone may have edited it since"
        ))),
    })
}

/// A close's evidence: a `closed` event by the acting account in the window.
pub(super) async fn closed(
    client: &Client,
    number: u64,
    window: &Window,
    mut record: SteerRecord,
) -> Result<Effect, GitHubError> {
    let closed = timeline(client, number)
        .await?
        .into_iter()
        .find(|e| mine(e, "closed", window));
    Ok(match closed {
        Some(event) => {
            record.edit_part(|part: &mut Closed| {
                part.state = Some("closed".into());
                part.state_reason = event.state_reason;
            });
            Effect::Found(vec![record])
        }
        None => Effect::NotDone,
    })
}

/// Whether an event is a `kind` event by the acting account in the window.
pub(super) fn mine(event: &TimelineEvent, kind: &str, window: &Window) -> bool {
    event.event.as_deref() == Some(kind)
        && window.by(&event.actor)
        && window.admits(&event.created_at)
}

pub(super) async fn current(client: &Client, tail: &str) -> Result<ThreadNow, GitHubError> {
    client.get_json(&client.repo_path(tail)).await
}

/// The kinds of timeline event the looks read.
const READ: [&str; 5] = [
    "closed",
    "renamed",
    "review_requested",
    "labeled",
    "unlabeled",
];

/// Every event of an issue's or pull request's timeline, oldest first. An
/// event of a kind the looks read must say when it happened.
pub(super) async fn timeline(
    client: &Client,
    number: u64,
) -> Result<Vec<TimelineEvent>, GitHubError> {
    let path = client.repo_path(&format!("/issues/{number}/timeline"));
    let (events, _) = client.get_all::<TimelineEvent>(&path).await?;
    let undated = events.iter().find(|e| {
        e.event.as_deref().is_some_and(|k| READ.contains(&k))
            && e.created_at
                .as_deref()
                .and_then(|t| t.parse::<jiff::Timestamp>().ok())
                .is_none()
    });
    if let Some(event) = undated {
        return Err(GitHubError::shape_text(format!(
            "a '{}' event of #{number}'s timeline has no readable created_at",
            event.event.as_deref().unwrap_or_default()
        )));
    }
    Ok(events)
}
