//! `close-issue`: an issue closed, with GitHub's reason.

use std::path::Path;

use helm_forge::act::{CloseIssue, CloseReason, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::Closed;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
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


    fn asked(&self, record: &mut SteerRecord) -> Closed {
        record.issue = Some(self.issue);
        Closed {
            close_reason: Some(self.reason.as_str().to_string()),
            ..Closed::default()
        }
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
