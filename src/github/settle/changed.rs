//! Looks for changes to what exists: an edit, a close, a review request, a
//! merge. State that was already there before the attempt is not its
//! effect, so each needs evidence of a change made after the attempt began
//! by the acting account: the issue's timeline (`renamed`, `closed`,
//! `review_requested` events, with their actor and time), the pull request's
//! `merged_at` and `merged_by`, and for a body (which leaves no event) its
//! `updated_at` together with the text asked for.

use serde::Deserialize;

use super::{Seen, Window};
use crate::github::client::Client;
use crate::github::error::GitHubError;
use crate::github::types::{Team, User};
use crate::model::SteerRecord;
use crate::model::entry::Applied;
use crate::model::steer::Steer;

/// One item of an issue's timeline, with the fields the looks read. Items
/// of other kinds (commits, line comments) carry less; they are skipped.
#[derive(Debug, Deserialize)]
struct Event {
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    actor: Option<User>,
    #[serde(default)]
    created_at: Option<String>,
    #[serde(default)]
    rename: Option<Rename>,
    #[serde(default)]
    requested_reviewer: Option<User>,
    #[serde(default)]
    requested_team: Option<Team>,
    #[serde(default)]
    state_reason: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Rename {
    to: String,
}

/// An issue or pull request as the edit and merge looks read it.
#[derive(Debug, Deserialize)]
struct Current {
    title: String,
    #[serde(default)]
    body: Option<String>,
    updated_at: String,
    #[serde(default)]
    html_url: Option<String>,
    #[serde(default)]
    merged_at: Option<String>,
    #[serde(default)]
    merged_by: Option<User>,
    #[serde(default)]
    merge_commit_sha: Option<String>,
    #[serde(default)]
    head: Option<Head>,
}

#[derive(Debug, Deserialize)]
struct Head {
    sha: String,
}

pub(super) async fn look(
    client: &Client,
    steer: &Steer,
    window: &Window,
    mut record: SteerRecord,
) -> Result<Seen, GitHubError> {
    match steer {
        Steer::EditIssue { issue, title, body } => {
            let current = current(client, &format!("/issues/{issue}")).await?;
            edited(client, *issue, title, body, current, window, record).await
        }
        Steer::EditPullRequest { pr, title, body } => {
            let current = current(client, &format!("/pulls/{pr}")).await?;
            edited(client, *pr, title, body, current, window, record).await
        }
        Steer::CloseIssue { issue: number, .. } | Steer::ClosePullRequest { pr: number } => {
            let closed = timeline(client, *number)
                .await?
                .into_iter()
                .find(|e| mine(e, "closed", window));
            Ok(match closed {
                Some(event) => {
                    record.state = Some("closed".into());
                    record.state_reason = event.state_reason;
                    Seen::Found(vec![record])
                }
                None => Seen::NotDone,
            })
        }
        Steer::RequestReview {
            pr,
            reviewers,
            teams,
        } => {
            let (mut people, mut slugs) = (Vec::new(), Vec::new());
            for event in timeline(client, *pr).await? {
                if !mine(&event, "review_requested", window) {
                    continue;
                }
                if let Some(user) = event.requested_reviewer
                    && reviewers
                        .iter()
                        .any(|r| r.eq_ignore_ascii_case(&user.login))
                {
                    people.push(user.login);
                }
                if let Some(team) = event.requested_team
                    && teams.iter().any(|t| t.eq_ignore_ascii_case(&team.slug))
                {
                    slugs.push(team.slug);
                }
            }
            if people.is_empty() && slugs.is_empty() {
                return Ok(Seen::NotDone);
            }
            record.applied = Some(Applied {
                reviewers: Some(people),
                teams: Some(slugs),
                ..Applied::default()
            });
            Ok(Seen::Found(vec![record]))
        }
        Steer::MergePullRequest { pr, sha, .. } => {
            let found = current(client, &format!("/pulls/{pr}")).await?;
            record.url = found.html_url.clone();
            let merged_here = window.admits(&found.merged_at) && window.by(&found.merged_by);
            if !merged_here {
                return Ok(Seen::NotDone);
            }
            let head = found.head.map(|h| h.sha).unwrap_or_default();
            if let Some(pinned) = sha
                && *pinned != head
            {
                return Ok(Seen::Unclear(format!(
                    "PR #{pr} is merged, but its head is {head} and the merge was pinned to {pinned}"
                )));
            }
            record.merge_sha = found.merge_commit_sha;
            Ok(Seen::Found(vec![record]))
        }
        _ => Ok(Seen::NotDone),
    }
}

/// An edit's evidence. A title leaves a `renamed` event by the acting
/// account; a body leaves none, so the body asked for together with an
/// `updated_at` after the attempt began is taken as the edit. The text
/// asked for with no change since the attempt is state that was already
/// there: acting again changes nothing, so it is not claimed.
async fn edited(
    client: &Client,
    number: u64,
    title: &Option<String>,
    body: &Option<String>,
    current: Current,
    window: &Window,
    mut record: SteerRecord,
) -> Result<Seen, GitHubError> {
    record.url = current.html_url.clone();
    if let Some(title) = title {
        let renamed = timeline(client, number).await?.into_iter().any(|e| {
            mine(&e, "renamed", window) && e.rename.as_ref().is_some_and(|r| r.to == *title)
        });
        if renamed {
            return Ok(Seen::Found(vec![record]));
        }
        if current.title != *title {
            return Ok(Seen::NotDone);
        }
    }
    let changed_since = window.admits(&Some(current.updated_at.clone()));
    let body_as_asked = body
        .as_ref()
        .is_none_or(|b| current.body.as_ref() == Some(b));
    Ok(match (body_as_asked, changed_since) {
        (true, true) => Seen::Found(vec![record]),
        (_, false) => Seen::NotDone,
        (false, true) => Seen::Unclear(format!(
            "#{number} changed after the attempt began, and its body is not the one asked for: someone may have edited it since"
        )),
    })
}

/// Whether an event is a `kind` event by the acting account in the window.
fn mine(event: &Event, kind: &str, window: &Window) -> bool {
    event.event.as_deref() == Some(kind)
        && window.by(&event.actor)
        && window.admits(&event.created_at)
}

async fn current(client: &Client, tail: &str) -> Result<Current, GitHubError> {
    client.get_json(&client.repo_path(tail)).await
}

/// The kinds of timeline event the looks read.
const READ: [&str; 3] = ["closed", "renamed", "review_requested"];

/// Every event of an issue's or pull request's timeline, oldest first. An
/// event of a kind the looks read must say when it happened.
async fn timeline(client: &Client, number: u64) -> Result<Vec<Event>, GitHubError> {
    let path = client.repo_path(&format!("/issues/{number}/timeline"));
    let (events, _) = client.get_all::<Event>(&path).await?;
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
