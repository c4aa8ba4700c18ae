//! `close-pr`: a pull request closed without merging.

use std::path::Path;

use helm_forge::act::{ClosePr, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::Closed;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Close a pull request without merging it.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct ClosePrArgs {
    /// The pull request to close.
    pr: u64,
}

impl Flags for ClosePrArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::option("pr", "N").issue_number().by_position().required()]
    }
}


impl SteerAction for ClosePr {
    type Args = ClosePrArgs;
    type Record = Closed;

    fn resolve(args: &ClosePrArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(ClosePr { pr: args.pr })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }


    fn asked(&self, record: &mut SteerRecord) -> Closed {
        record.pr = Some(self.pr);
        Closed::default()
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
                record.edit_part(|part: &mut Closed| {
                    part.state = Some(state);
                    part.state_reason = reason;
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("close {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "close-pr", "pr": 6}"#
    }
}
