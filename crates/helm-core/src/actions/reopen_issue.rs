//! `reopen-issue`: a closed issue opened again. The entry records the state
//! the forge answered (GitHub answers a reopen of an open issue with the
//! issue as it is); how the forge's request is sent and a lost answer
//! settled is the forge crate's (helm-github's `act/reopen_issue.rs`).

use std::path::Path;

use helm_forge::act::{IssueOrPull, ReopenIssue};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::RecordPart;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
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


impl SteerAction for ReopenIssue {
    type Args = ReopenIssueArgs;
    type Record = Reopened;

    fn resolve(args: &ReopenIssueArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(ReopenIssue { issue: args.issue })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::Issue(self.issue))
    }


    fn asked(&self, record: &mut SteerRecord) -> Reopened {
        record.issue = Some(self.issue);
        Reopened::default()
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
                record.edit_part(|part: &mut Reopened| {
                    part.state = Some(state);
                    part.state_reason = reason;
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("reopen {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "reopen-issue", "issue": 5}"#
    }
}
