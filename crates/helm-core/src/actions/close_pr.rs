//! `close-pr`: a pull request closed without merging.

use std::path::Path;

use helm_forge::act::{ClosePr, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::Closed;
use super::traces::Window;
use super::produced::{on_github, traced_on_github, unexpected};
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::act;
use crate::github::client::Client;
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

    fn doing(&self) -> String {
        format!("close PR #{}", self.pr)
    }

    fn asked(&self, record: &mut SteerRecord) -> Closed {
        record.pr = Some(self.pr);
        Closed::default()
    }

    async fn perform(&self, client: &Client, record: SteerRecord) -> Step<SteerRecord> {
        let produced = act::close_pr::send(client, self).await?;
        on_github(self, record, produced)
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

    async fn look(&self, client: &Client, window: &Window, asked: SteerRecord) -> Step<Effect> {
        let traced = act::close_pr::look(client, self, window).await?;
        traced_on_github(self, asked, traced)
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("close {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "close-pr", "pr": 6}"#
    }
}
