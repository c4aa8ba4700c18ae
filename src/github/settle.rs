//! Looking on GitHub for the effect of a steer whose outcome is unknown
//! (the request may have been performed, but no answer arrived). Each action
//! leaves a trace helm can look for: a comment by the authenticated user
//! with the same body, created after the attempt began; an issue or pull
//! request with that title (and head); the reviewers requested; the pull
//! request merged at the pinned sha; the title, body or state asked for.
//! Only reads are sent here.

use std::time::Duration;

use super::client::Client;
use super::error::GitHubError;
use super::types::{Comment, Issue, Pull, ReviewComment, User};
use crate::model::SteerRecord;
use crate::model::steer::{Steer, Thread};

/// How far before an attempt's start a trace still counts: the local clock
/// and GitHub's may disagree by this much.
const CLOCK_SKEW: Duration = Duration::from_secs(120);

/// What GitHub shows about an attempt.
#[derive(Debug)]
pub enum Seen {
    /// The effect is there, described as the steer's record.
    Done(Box<SteerRecord>),
    /// GitHub shows the action did not happen.
    NotDone,
    /// Something is there that helm cannot match to the attempt with
    /// certainty; the text says what to check.
    Unclear(String),
}

/// Looks for the effect of `steer`, attempted at `started_at` (RFC 3339).
pub async fn look(client: &Client, steer: &Steer, started_at: &str) -> Result<Seen, GitHubError> {
    let since = since(started_at);
    let mut record = steer.asked(&client.repo);
    match steer {
        Steer::Comment { on, body } => {
            let number = match on {
                Thread::Issue(n) | Thread::PullRequest(n) => *n,
            };
            let viewer = viewer(client).await?;
            let path = client.repo_path(&format!("/issues/{number}/comments?since={since}"));
            let (comments, _) = client.get_all::<Comment>(&path).await?;
            let mine = comments.iter().find(|c| {
                by(&c.author, &viewer)
                    && c.body.as_deref() == Some(body)
                    && after(&c.created_at, &since)
            });
            Ok(match mine {
                Some(comment) => {
                    record.comment_id = Some(comment.id);
                    record.url = comment.url.clone();
                    Seen::Done(Box::new(record))
                }
                None => Seen::NotDone,
            })
        }
        Steer::ReplyInline {
            pr,
            comment_id,
            body,
        } => {
            let viewer = viewer(client).await?;
            let path = client.repo_path(&format!("/pulls/{pr}/comments?since={since}"));
            let (comments, _) = client.get_all::<ReviewComment>(&path).await?;
            let mine = comments.iter().find(|c| {
                c.in_reply_to_id == Some(*comment_id)
                    && by(&c.author, &viewer)
                    && c.body.as_deref() == Some(body)
                    && after(&c.created_at, &since)
            });
            Ok(match mine {
                Some(reply) => {
                    record.comment_id = Some(reply.id);
                    record.url = reply.url.clone();
                    Seen::Done(Box::new(record))
                }
                None => Seen::NotDone,
            })
        }
        Steer::CreateIssue { title, .. } => {
            let viewer = viewer(client).await?;
            let path = client.repo_path(&format!(
                "/issues?creator={viewer}&state=all&since={since}&sort=created&direction=desc"
            ));
            let (issues, _) = client.get_all::<Issue>(&path).await?;
            let mine: Vec<&Issue> = issues
                .iter()
                .filter(|i| {
                    i.pull_request.is_none() && i.title == *title && after(&i.created_at, &since)
                })
                .collect();
            Ok(match mine.as_slice() {
                [] => Seen::NotDone,
                [issue] => {
                    record.issue = Some(issue.number);
                    record.url = issue.url.clone();
                    Seen::Done(Box::new(record))
                }
                many => Seen::Unclear(format!(
                    "{} issues titled '{title}' were opened by {viewer} since the attempt",
                    many.len()
                )),
            })
        }
        Steer::CreatePullRequest { title, head, .. } => {
            let owner_head = if head.contains(':') {
                head.clone()
            } else {
                format!("{}:{head}", client.repo.owner)
            };
            let path = client.repo_path(&format!("/pulls?head={owner_head}&state=all"));
            let (pulls, _) = client.get_all::<Pull>(&path).await?;
            let mine: Vec<&Pull> = pulls.iter().filter(|p| p.title == *title).collect();
            Ok(match mine.as_slice() {
                [] => Seen::NotDone,
                [pr] => {
                    record.pr = Some(pr.number);
                    record.url = pr.url.clone();
                    Seen::Done(Box::new(record))
                }
                many => Seen::Unclear(format!(
                    "{} pull requests from {head} are titled '{title}'",
                    many.len()
                )),
            })
        }
        Steer::EditIssue { issue, title, body } => {
            let found: Issue = client
                .get_json(&client.repo_path(&format!("/issues/{issue}")))
                .await?;
            let done = edited(title, body, &found.title, &found.body);
            record.url = found.url.clone();
            Ok(seen(done, record))
        }
        Steer::EditPullRequest { pr, title, body } => {
            let found: Pull = client
                .get_json(&client.repo_path(&format!("/pulls/{pr}")))
                .await?;
            let done = edited(title, body, &found.title, &found.body);
            record.url = found.url.clone();
            Ok(seen(done, record))
        }
        Steer::CloseIssue { issue, .. } => {
            let found: Issue = client
                .get_json(&client.repo_path(&format!("/issues/{issue}")))
                .await?;
            record.url = found.url.clone();
            record.state_reason = found.state_reason.clone();
            record.state = Some(found.state.clone());
            Ok(seen(found.state == "closed", record))
        }
        Steer::ClosePullRequest { pr } => {
            let found: Pull = client
                .get_json(&client.repo_path(&format!("/pulls/{pr}")))
                .await?;
            record.url = found.url.clone();
            record.state = Some(found.state.clone());
            Ok(seen(found.state == "closed", record))
        }
        Steer::RequestReview {
            pr,
            reviewers,
            teams,
        } => {
            let found: Pull = client
                .get_json(&client.repo_path(&format!("/pulls/{pr}")))
                .await?;
            let people: Vec<String> = found
                .requested_reviewers
                .iter()
                .map(|u| u.login.clone())
                .collect();
            let slugs: Vec<String> = found
                .requested_teams
                .iter()
                .map(|t| t.slug.clone())
                .collect();
            let any = reviewers
                .iter()
                .any(|r| people.iter().any(|p| p.eq_ignore_ascii_case(r)))
                || teams
                    .iter()
                    .any(|t| slugs.iter().any(|s| s.eq_ignore_ascii_case(t)));
            record.url = found.url.clone();
            record.applied = Some(crate::model::entry::Applied {
                reviewers: Some(people),
                teams: Some(slugs),
                ..Default::default()
            });
            Ok(seen(any, record))
        }
        Steer::MergePullRequest { pr, sha, .. } => {
            let found: Pull = client
                .get_json(&client.repo_path(&format!("/pulls/{pr}")))
                .await?;
            record.url = found.url.clone();
            if found.merged != Some(true) {
                return Ok(Seen::NotDone);
            }
            if let Some(pinned) = sha
                && *pinned != found.head.sha
            {
                return Ok(Seen::Unclear(format!(
                    "PR #{pr} is merged, but its head is {} and the merge was pinned to {pinned}",
                    found.head.sha
                )));
            }
            record.merge_sha = found.merge_commit_sha.clone();
            Ok(Seen::Done(Box::new(record)))
        }
    }
}

/// `Done` with the record when the effect is there, else `NotDone`.
fn seen(done: bool, record: SteerRecord) -> Seen {
    if done {
        Seen::Done(Box::new(record))
    } else {
        Seen::NotDone
    }
}

/// Whether an issue or PR shows the title and body an edit asked for.
fn edited(
    title: &Option<String>,
    body: &Option<String>,
    found_title: &str,
    found_body: &Option<String>,
) -> bool {
    title.as_ref().is_none_or(|t| t == found_title)
        && body.as_ref().is_none_or(|b| found_body.as_ref() == Some(b))
}

/// The login the token acts as.
async fn viewer(client: &Client) -> Result<String, GitHubError> {
    let user: User = client.get_json("/user").await?;
    Ok(user.login)
}

fn by(author: &Option<User>, viewer: &str) -> bool {
    author
        .as_ref()
        .is_some_and(|u| u.login.eq_ignore_ascii_case(viewer))
}

/// The earliest time a trace of the attempt can carry, as GitHub writes it.
fn since(started_at: &str) -> String {
    match started_at.parse::<jiff::Timestamp>() {
        Ok(start) => {
            let skew = jiff::SignedDuration::try_from(CLOCK_SKEW).unwrap_or_default();
            let earliest = start.checked_sub(skew).unwrap_or(start);
            earliest.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
        }
        Err(_) => "1970-01-01T00:00:00Z".to_string(),
    }
}

/// Whether a trace's creation time is not before `since`.
fn after(created_at: &Option<String>, since: &str) -> bool {
    let (Some(created), Ok(since)) = (created_at, since.parse::<jiff::Timestamp>()) else {
        return false;
    };
    created.parse::<jiff::Timestamp>().is_ok_and(|c| c >= since)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traces_count_from_a_little_before_the_attempt() {
        let since = since("2026-11-21T10:00:00.123456Z");
        assert_eq!(since, "2026-11-21T09:58:00Z");
        assert!(after(&Some("2026-11-21T09:59:00Z".into()), &since));
        assert!(!after(&Some("2026-11-21T09:50:00Z".into()), &since));
        assert!(!after(&None, &since));
    }
}
