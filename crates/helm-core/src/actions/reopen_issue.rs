//! `reopen-issue`: a closed issue opened again.
//!
//! One `PATCH` with `state: open`. GitHub answers a reopen of an issue that
//! is already open with the issue as it is and adds nothing to its
//! timeline, so the entry then records the state it answered. After a lost
//! answer, the attempt's own evidence is the `reopened` event it left on the
//! timeline (by the acting account, at or after the attempt began on
//! GitHub's clock, ADR 0012); the state the issue has now says nothing of
//! who opened it or when.

use std::path::Path;

use helm_forge::act::{IssueOrPull, ReopenIssue};
use http::Method;
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::RecordPart;
use super::shared::{WriteBody, issue_result};
use super::traces::{TimelineEvent, Window, timeline};
use super::produced::unexpected;
use super::{Effect, SteerAction, Step};
use crate::error::{Result, Words};
use crate::github::client::Client;
use crate::github::wire::GitHubIssue as Issue;
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Reopen a closed issue.
///
/// An issue that is already open stays as it is: GitHub answers with the
/// issue unchanged and adds no `reopened` event to its timeline, and the
/// entry records the state GitHub answered.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct ReopenIssueArgs {
    /// The issue to reopen.
    issue: u64,
}

impl Flags for ReopenIssueArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::option("issue", "N").issue_number().by_position().required()]
    }
}


/// What a reopen's entry records of its own: GitHub's state afterwards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Reopened {
    /// The state afterwards, as GitHub answered (`open`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state: Option<String>,
    /// GitHub's reason for the state (`reopened`; absent for an issue that
    /// was never closed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state_reason: Option<String>,
}

impl RecordPart for Reopened {
    /// Nothing is asked beyond the issue, which every entry compares.
    fn differs(_asked: &Self, _recorded: &Self) -> Option<&'static str> {
        None
    }
}

/// Whether an event's time reads as GitHub writes times.
fn dated(event: &TimelineEvent) -> bool {
    (event.created_at.as_deref()).is_some_and(|at| at.parse::<jiff::Timestamp>().is_ok())
}

impl SteerAction for ReopenIssue {
    type Args = ReopenIssueArgs;
    type Record = Reopened;

    fn resolve(args: &ReopenIssueArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(ReopenIssue { issue: args.issue })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::Issue(self.issue))
    }

    fn doing(&self) -> String {
        format!("reopen issue #{}", self.issue)
    }

    fn asked(&self, record: &mut SteerRecord) -> Reopened {
        record.issue = Some(self.issue);
        Reopened::default()
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let issue: Issue = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/issues/{}", self.issue)),
                &WriteBody {
                    state: Some("open"),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        issue_result(&mut record, &issue);
        record.edit_part(|part: &mut Reopened| {
            part.state = Some(issue.state.clone());
            part.state_reason = issue.state_reason.clone();
        });
        Ok(record)
    }

    /// The first `reopened` event by the acting account in the window is the
    /// attempt's. Without one, the attempt changed nothing (an issue already
    /// open leaves no event), and the retry acts, behind the freshness
    /// guard. An event that could be the attempt's but does not say by whom,
    /// or by the acting account but not when, cannot be told apart from
    /// someone else's or an earlier one: helm cannot tell.
    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::State { state, reason, url } => {
                record.url = url;
                record.edit_part(|part: &mut Reopened| {
                    part.state = Some(state);
                    part.state_reason = reason;
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    async fn look(
        &self,
        client: &Client,
        window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let number = self.issue;
        let cannot_tell = |what: String| {
            Ok(Effect::CannotTell(Words::of(format!(
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
                return cannot_tell(format!("is by {} and has no readable time", window.viewer));
            }
            record.edit_part(|part: &mut Reopened| {
                part.state = Some("open".into());
                part.state_reason = event.state_reason.or(Some("reopened".into()));
            });
            return Ok(Effect::Found(vec![record]));
        }
        Ok(Effect::NotDone)
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("reopen {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "reopen-issue", "issue": 5}"#
    }
}
