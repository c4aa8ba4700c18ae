//! Looking on GitHub for the effect of a steer whose outcome is unknown
//! (the request may have been performed, but no answer arrived). Only reads
//! are sent here. A trace counts only if it is the attempt's own (ADR 0012):
//! made after the attempt began, as GitHub's clock tells it (never this
//! machine's clock compared with GitHub's), and by the account whose token
//! acts (`GET /user`, asked once per look). Things the action would create
//! (`created`: comments, replies, issues, pull requests) are returned
//! earliest first, for the caller to skip those an entry already names;
//! changes to what exists (`changed`: edits, closes, review requests,
//! merges) need evidence of a change after the attempt, from the issue's
//! timeline or the pull request itself: state that was there before is not
//! the attempt's effect.

mod changed;
mod created;

use jiff::Timestamp;

use super::client::Client;
use super::error::GitHubError;
use super::types::User;
use crate::model::SteerRecord;
use crate::model::clock::Began;
use crate::model::steer::Steer;

/// What GitHub shows about an attempt.
#[derive(Debug)]
pub enum Seen {
    /// Traces of the attempt, earliest first, each described as the steer's
    /// record; empty when there is none.
    Found(Vec<SteerRecord>),
    /// GitHub shows the action did not happen.
    NotDone,
    /// Something is there that helm cannot match to the attempt with
    /// certainty; the text says what to check.
    Unclear(String),
}

/// Which traces can be the attempt's: made by `viewer`, at or after `since`
/// on GitHub's clock.
struct Window {
    viewer: String,
    since: Timestamp,
}

impl Window {
    /// Whether a trace made at `at` (as GitHub writes it) is in the window.
    /// A time GitHub did not give, or that does not read, is not.
    fn admits(&self, at: &Option<String>) -> bool {
        at.as_deref()
            .and_then(|at| at.parse::<Timestamp>().ok())
            .is_some_and(|at| at >= self.since)
    }

    fn by(&self, user: &Option<User>) -> bool {
        user.as_ref()
            .is_some_and(|u| u.login.eq_ignore_ascii_case(&self.viewer))
    }

    /// The window's start as a `since` query parameter.
    fn query(&self) -> String {
        self.since.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
    }
}

/// Looks for the effect of `steer`, attempted as `began` says.
pub async fn look(client: &Client, steer: &Steer, began: &Began) -> Result<Seen, GitHubError> {
    // The first answer of the look also reads GitHub's clock, in case the
    // attempt kept no reading of its own.
    let user: User = client.get_json("/user").await?;
    let since = match began.earliest_trace(client.clock().as_ref()) {
        Ok(since) => since,
        Err(why) => return Ok(Seen::Unclear(why)),
    };
    let window = Window {
        viewer: user.login,
        since,
    };
    let record = steer.asked(&client.repo);
    match steer {
        Steer::Comment { .. }
        | Steer::ReplyInline { .. }
        | Steer::CreateIssue { .. }
        | Steer::CreatePullRequest { .. } => created::look(client, steer, &window, record).await,
        _ => changed::look(client, steer, &window, record).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_counts_from_the_window_on_by_the_viewer_only() {
        let window = Window {
            viewer: "helm-bot".into(),
            since: "2026-11-21T09:58:00Z".parse().unwrap(),
        };
        assert_eq!(window.query(), "2026-11-21T09:58:00Z");
        assert!(window.admits(&Some("2026-11-21T09:58:00Z".into())));
        assert!(!window.admits(&Some("2026-11-21T09:57:59Z".into())));
        assert!(!window.admits(&Some("soon".into())));
        assert!(!window.admits(&None));
        let user = |login: &str| {
            Some(User {
                login: login.into(),
            })
        };
        assert!(window.by(&user("Helm-Bot")));
        assert!(!window.by(&user("octocat")));
        assert!(!window.by(&None));
    }
}
