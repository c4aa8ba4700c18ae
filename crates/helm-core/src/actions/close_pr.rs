//! `close-pr`: a pull request closed without merging.

use std::path::Path;

use clap::Args;
use http::Method;
use serde::{Deserialize, Serialize};

use super::part::Part;
use super::shared::{Request, Thread, pull_result};
use super::traces::{Window, closed};
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::types::Pull;
use crate::inputs::Stdin;
use crate::model::SteerRecord;

/// Close a pull request without merging it.
#[derive(Debug, Clone, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct ClosePrArgs {
    /// The pull request to close.
    #[arg(long, value_name = "N")]
    pr: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosePr {
    pub pr: u64,
}

/// What a closed pull request's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClosedPr {
    /// The state afterwards, as GitHub answered (`closed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// The reason of the `closed` event found, when the close was settled
    /// from GitHub's timeline.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<String>,
}

impl Part for ClosedPr {
    /// A close asks nothing beyond its pull request.
    fn differs(_asked: &Self, _recorded: &Self) -> Option<&'static str> {
        None
    }
}

impl SteerAction for ClosePr {
    type Args = ClosePrArgs;
    type Record = ClosedPr;

    fn resolve(args: &ClosePrArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(ClosePr { pr: args.pr })
    }

    fn subject(&self) -> Option<Thread> {
        Some(Thread::PullRequest(self.pr))
    }

    fn doing(&self) -> String {
        format!("close PR #{}", self.pr)
    }

    fn asked(&self, record: &mut SteerRecord) -> ClosedPr {
        record.pr = Some(self.pr);
        ClosedPr::default()
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let pr: Pull = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/pulls/{}", self.pr)),
                &Request {
                    state: Some("closed"),
                    ..Request::default()
                }
                .json(),
            )
            .await?;
        pull_result(&mut record, &pr);
        record.edit_part(|part: &mut ClosedPr| part.state = Some(pr.state.clone()));
        Ok(record)
    }

    async fn look(
        &self,
        client: &Client,
        window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let Some(closed) = closed(client, self.pr, window).await? else {
            return Ok(Effect::NotDone);
        };
        record.edit_part(|part: &mut ClosedPr| {
            part.state = Some("closed".into());
            part.state_reason = closed.state_reason;
        });
        Ok(Effect::Found(vec![record]))
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("close {subject}")
    }
}
