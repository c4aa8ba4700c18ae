//! What GitHub shows of a change to what exists, read by the looks after a
//! lost answer (ADR 0012): an issue's or pull request's timeline events, and
//! the issue or pull request as it is now. A change needs evidence of a
//! change after the attempt began, by the acting account: state that was
//! there before is not the attempt's effect.

use helm_forge::{Produced, Traced};
use helm_model::error::Words;
use serde::Deserialize;

use super::Window;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::{GitHubTeam as Team, GitHubUser as User};

/// One item of an issue's timeline, with the fields the looks read. Items
/// of other kinds (commits, line comments) carry less; they are skipped.
#[derive(Debug, Deserialize)]
pub(super) struct TimelineEvent {
    #[serde(default)]
    pub(super) event: Option<String>,
    #[serde(default)]
    pub(super) actor: Option<User>,
    #[serde(default)]
    pub(super) created_at: Option<String>,
    #[serde(default)]
    rename: Option<Rename>,
    #[serde(default)]
    pub(super) requested_reviewer: Option<User>,
    #[serde(default)]
    pub(super) requested_team: Option<Team>,
    #[serde(default)]
    pub(super) state_reason: Option<String>,
    /// The label a `labeled` or `unlabeled` event added or removed.
    #[serde(default)]
    pub(super) label: Option<EventLabel>,
}

/// Something GitHub names, such as an event's label.
#[derive(Debug, Deserialize)]
pub(super) struct EventLabel {
    #[serde(default)]
    pub(super) name: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Rename {
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
    pub(super) html_url: Option<String>,
    #[serde(default)]
    pub(super) merged_at: Option<String>,
    #[serde(default)]
    pub(super) merged_by: Option<User>,
    #[serde(default)]
    pub(super) merge_commit_sha: Option<String>,
    #[serde(default)]
    pub(super) head: Option<Head>,
}

#[derive(Debug, Deserialize)]
pub(super) struct Head {
    pub(super) sha: String,
}

/// An edit's evidence. A title leaves a `renamed` event by the acting
/// account; a body leaves none, so the body asked for together with an
/// `updated_at` after the attempt began is taken as the edit. The text
/// asked for with no change since the attempt is state that was already
/// there: acting again changes nothing, so it is not claimed. What is found
/// names only the page: the entry keeps the title asked.
pub(super) async fn edited(
    client: &Client,
    tail: &str,
    number: u64,
    (title, body): (&Option<String>, &Option<String>),
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let current = current(client, tail).await?;
    let found = || {
        Traced::Found(vec![Produced::Edited {
            title: None,
            body: None,
            url: current.html_url.clone(),
        }])
    };
    if let Some(title) = title {
        let renamed = timeline(client, number).await?.into_iter().any(|e| {
            mine(&e, "renamed", window) && e.rename.as_ref().is_some_and(|r| r.to == *title)
        });
        if renamed {
            return Ok(found());
        }
        if current.title != *title {
            return Ok(Traced::NotDone);
        }
    }
    let changed_since = window.admits(&Some(current.updated_at.clone()));
    let body_as_asked = body
        .as_ref()
        .is_none_or(|b| current.body.as_ref() == Some(b));
    Ok(match (body_as_asked, changed_since) {
        (true, true) => found(),
        (_, false) => Traced::NotDone,
        (false, true) => Traced::CannotTell(Words::of(format!(
            "#{number} changed after the attempt began, and its body is not the one asked for: someone may have edited it since"
        ))),
    })
}

/// A close's evidence: a `closed` event by the acting account in the window,
/// with the reason the event names.
pub(super) async fn closed(
    client: &Client,
    number: u64,
    window: &Window<'_>,
) -> Result<Traced, GitHubError> {
    let closed = timeline(client, number)
        .await?
        .into_iter()
        .find(|e| mine(e, "closed", window));
    Ok(match closed {
        Some(event) => Traced::Found(vec![Produced::State {
            state: "closed".into(),
            reason: event.state_reason,
            url: None,
        }]),
        None => Traced::NotDone,
    })
}

/// Whether an event is a `kind` event by the acting account in the window.
pub(super) fn mine(event: &TimelineEvent, kind: &str, window: &Window<'_>) -> bool {
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
