//! `close-issue`: an issue closed, with GitHub's reason.

use std::path::Path;

use clap::Args;
use http::Method;
use serde::{Deserialize, Serialize};

use super::part::{Part, kept};
use super::shared::{Request, Thread, issue_result};
use super::traces::{Window, closed};
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::types::Issue;
use crate::inputs::Stdin;
use crate::model::SteerRecord;

/// Close an issue.
#[derive(Debug, Clone, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CloseIssueArgs {
    /// The issue to close.
    #[arg(long, value_name = "N")]
    issue: u64,
    /// Why it is closed.
    #[arg(long, value_enum, default_value = "completed")]
    #[serde(default = "completed")]
    reason: CloseReason,
}

fn completed() -> CloseReason {
    CloseReason::Completed
}

/// Why an issue is closed (GitHub's `state_reason`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CloseReason {
    /// The work is done.
    Completed,
    /// It will not be done (won't fix, duplicate, stale).
    NotPlanned,
}

impl CloseReason {
    pub(crate) fn api_name(self) -> &'static str {
        match self {
            CloseReason::Completed => "completed",
            CloseReason::NotPlanned => "not_planned",
        }
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            CloseReason::Completed => "completed",
            CloseReason::NotPlanned => "not-planned",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseIssue {
    pub issue: u64,
    pub reason: CloseReason,
}

/// What a closed issue's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClosedIssue {
    /// The state afterwards, as GitHub answered (`closed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// GitHub's reason for the state (`completed`, `not_planned`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<String>,
    /// The close reason asked for on `close-issue` (`completed`, `not-planned`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub close_reason: Option<String>,
}

impl Part for ClosedIssue {
    /// Every close records its reason (one without was written by an older
    /// helm).
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        (!kept(&asked.close_reason, &recorded.close_reason)).then_some("reason")
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(reason) = &self.close_reason {
            lines.push(format!("reason: {reason}"));
        }
    }
}

impl SteerAction for CloseIssue {
    type Args = CloseIssueArgs;
    type Record = ClosedIssue;

    fn resolve(args: &CloseIssueArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(CloseIssue {
            issue: args.issue,
            reason: args.reason,
        })
    }

    fn subject(&self) -> Option<Thread> {
        Some(Thread::Issue(self.issue))
    }

    fn doing(&self) -> String {
        format!("close issue #{}", self.issue)
    }

    fn asked(&self, record: &mut SteerRecord) -> ClosedIssue {
        record.issue = Some(self.issue);
        ClosedIssue {
            close_reason: Some(self.reason.as_str().to_string()),
            ..ClosedIssue::default()
        }
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let reason = self.reason.api_name();
        let issue: Issue = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/issues/{}", self.issue)),
                &Request {
                    state: Some("closed"),
                    state_reason: Some(reason),
                    ..Request::default()
                }
                .json(),
            )
            .await?;
        issue_result(&mut record, &issue);
        record.edit_part(|part: &mut ClosedIssue| {
            part.state = Some(issue.state.clone());
            part.state_reason = issue.state_reason.or(Some(reason.to_string()));
        });
        Ok(record)
    }

    async fn look(
        &self,
        client: &Client,
        window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let Some(closed) = closed(client, self.issue, window).await? else {
            return Ok(Effect::NotDone);
        };
        record.edit_part(|part: &mut ClosedIssue| {
            part.state = Some("closed".into());
            part.state_reason = closed.state_reason;
        });
        Ok(Effect::Found(vec![record]))
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        match &record.part::<ClosedIssue>().state_reason {
            Some(reason) => format!("close {subject} ({})", reason.replace('_', " ")),
            None => format!("close {subject}"),
        }
    }
}
