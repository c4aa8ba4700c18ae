//! `create-issue`: a new issue, with labels and assignees if asked.

use std::path::Path;

use clap::Args;
use http::Method;
use serde::{Deserialize, Serialize};

use super::shared::{IssueOrPull, WriteBody, issue_result, non_blank};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::types::Issue;
use crate::inputs::{BodySpec, Stdin};
use crate::model::SteerRecord;
use crate::model::entry::Applied;

/// Open a new issue.
#[derive(Debug, Clone, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CreateIssueArgs {
    /// The issue's title.
    #[arg(long, value_name = "TITLE")]
    title: String,
    #[command(flatten)]
    #[serde(flatten)]
    body: BodySpec,
    /// A label to add (repeatable).
    #[arg(long = "label", value_name = "LABEL")]
    #[serde(default)]
    labels: Vec<String>,
    /// A user to assign (repeatable).
    #[arg(long = "assignee", value_name = "LOGIN")]
    #[serde(default)]
    assignees: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateIssue {
    pub title: String,
    pub body: Option<String>,
    pub labels: Vec<String>,
    pub assignees: Vec<String>,
}

/// The labels and assignees GitHub applied, as its answer lists them.
fn applied(issue: &Issue) -> Applied {
    Applied {
        labels: Some(issue.labels.iter().map(|l| l.name.clone()).collect()),
        assignees: Some(issue.assignees.iter().map(|u| u.login.clone()).collect()),
        ..Applied::default()
    }
}

impl SteerAction for CreateIssue {
    type Args = CreateIssueArgs;

    fn resolve(args: &CreateIssueArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(CreateIssue {
            title: non_blank(&args.title, "--title")?,
            body: args.body.read(cwd, stdin)?,
            labels: args.labels.clone(),
            assignees: args.assignees.clone(),
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        None
    }

    fn doing(&self) -> String {
        "create the issue".to_string()
    }

    fn asked(&self, record: &mut SteerRecord) {
        record.title = Some(self.title.clone());
        record.body = self.body.clone();
        record.labels = self.labels.clone();
        record.assignees = self.assignees.clone();
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let issue: Issue = client
            .write(
                Method::POST,
                &client.repo_path("/issues"),
                &WriteBody {
                    title: Some(&self.title),
                    body: self.body.as_deref(),
                    labels: (!self.labels.is_empty()).then_some(&self.labels),
                    assignees: (!self.assignees.is_empty()).then_some(&self.assignees),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        issue_result(&mut record, &issue);
        record.title = Some(issue.title.clone());
        record.applied = Some(applied(&issue));
        // A new issue's author is the account the token acts as.
        record.actor = issue.author.as_ref().map(|user| user.login.clone());
        Ok(record)
    }

    async fn look(&self, client: &Client, window: &Window, asked: SteerRecord) -> Step<Effect> {
        let path = client.repo_path(&format!(
            "/issues?creator={}&state=all&since={}&sort=created&direction=asc",
            window.viewer,
            window.query()
        ));
        let (issues, _) = client.get_all::<Issue>(&path).await?;
        Ok(Effect::Found(
            issues
                .into_iter()
                .filter(|i| {
                    i.pull_request.is_none()
                        && i.title == self.title
                        && window.by(&i.author)
                        && window.admits(&i.created_at)
                })
                .map(|issue| {
                    let mut record = asked.clone();
                    record.issue = Some(issue.number);
                    record.url = issue.url.clone();
                    record.applied = Some(applied(&issue));
                    record
                })
                .collect(),
        ))
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        record.issue.map(|n| ("$.issue", n.into()))
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("create {subject}")
    }
}
