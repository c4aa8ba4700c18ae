//! `close-issue`: an issue closed, with GitHub's reason.

use std::path::Path;

use helm_forge::act::{CloseIssue, CloseReason, IssueOrPull};
use http::Method;
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::{Closed, WriteBody, issue_result};
use super::traces::{Window, closed};
use super::produced::unexpected;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::wire::GitHubIssue as Issue;
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Close an issue.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CloseIssueArgs {
    /// The issue to close.
    issue: u64,
    /// Why it is closed.
    #[serde(default = "completed")]
    reason: CloseReason,
}

impl Flags for CloseIssueArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::option("issue", "N").issue_number().by_position().required(), Flag::option("reason", "REASON")
                .aliases(&[("not planned", "not-planned")])
                .help("Why it is closed (gh's spelling `not planned` is not-planned too)")]
    }
}

fn completed() -> CloseReason {
    CloseReason::Completed
}

/// The reason in GitHub's words (its `state_reason`).
fn state_reason(reason: CloseReason) -> &'static str {
    match reason {
        CloseReason::Completed => "completed",
        CloseReason::NotPlanned => "not_planned",
    }
}

impl SteerAction for CloseIssue {
    type Args = CloseIssueArgs;
    type Record = Closed;

    fn resolve(args: &CloseIssueArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(CloseIssue {
            issue: args.issue,
            reason: args.reason,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::Issue(self.issue))
    }

    fn doing(&self) -> String {
        format!("close issue #{}", self.issue)
    }

    fn asked(&self, record: &mut SteerRecord) -> Closed {
        record.issue = Some(self.issue);
        Closed {
            close_reason: Some(self.reason.as_str().to_string()),
            ..Closed::default()
        }
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let reason = state_reason(self.reason);
        let issue: Issue = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/issues/{}", self.issue)),
                &WriteBody {
                    state: Some("closed"),
                    state_reason: Some(reason),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        issue_result(&mut record, &issue);
        record.edit_part(|part: &mut Closed| {
            part.state = Some(issue.state.clone());
            part.state_reason = issue.state_reason.or(Some(reason.to_string()));
        });
        Ok(record)
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::State { state, reason, url } => {
                record.url = url;
                let asked = state_reason(self.reason);
                record.edit_part(|part: &mut Closed| {
                    part.state = Some(state);
                    part.state_reason = reason.or(Some(asked.to_string()));
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    async fn look(&self, client: &Client, window: &Window, record: SteerRecord) -> Step<Effect> {
        closed(client, self.issue, window, record).await
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        match &record.part::<Closed>().state_reason {
            Some(reason) => format!("close {subject} ({})", reason.replace('_', " ")),
            None => format!("close {subject}"),
        }
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "close-issue", "issue": 5, "reason": "not-planned"}"#
    }
}
