//! `close-pr`: a pull request closed without merging.

use std::path::Path;

use helm_forge::act::{ClosePr, IssueOrPull};
use http::Method;
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::{Closed, WriteBody, pull_result};
use super::traces::{Window, closed};
use super::produced::unexpected;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::wire::GitHubPull as Pull;
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

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let pr: Pull = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/pulls/{}", self.pr)),
                &WriteBody {
                    state: Some("closed"),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        pull_result(&mut record, &pr);
        record.edit_part(|part: &mut Closed| part.state = Some(pr.state.clone()));
        Ok(record)
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::State { state, url, .. } => {
                record.url = url;
                record.edit_part(|part: &mut Closed| part.state = Some(state));
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    async fn look(&self, client: &Client, window: &Window, record: SteerRecord) -> Step<Effect> {
        closed(client, self.pr, window, record).await
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("close {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "close-pr", "pr": 6}"#
    }
}
