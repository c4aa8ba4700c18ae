//! `create-pr`: a new pull request from a head branch into a base branch.

use std::path::Path;

use clap::Args;
use http::Method;
use serde::{Deserialize, Serialize};

use super::shared::{IssueOrPull, WriteBody, non_blank, pull_result};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::types::Pull;
use crate::inputs::{BodySpec, Stdin};
use crate::model::SteerRecord;

/// Open a pull request from HEAD into BASE.
#[derive(Debug, Clone, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CreatePrArgs {
    /// The pull request's title.
    #[arg(long, value_name = "TITLE")]
    title: String,
    /// The branch with the changes (OWNER:BRANCH for a fork).
    #[arg(long, value_name = "BRANCH")]
    head: String,
    /// The branch to merge into.
    #[arg(long, value_name = "BRANCH")]
    base: String,
    #[command(flatten)]
    #[serde(flatten)]
    body: BodySpec,
    /// Open it as a draft.
    #[arg(long)]
    #[serde(default)]
    draft: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePr {
    pub title: String,
    pub head: String,
    pub base: String,
    pub body: Option<String>,
    pub draft: bool,
}

impl SteerAction for CreatePr {
    type Args = CreatePrArgs;

    fn resolve(args: &CreatePrArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(CreatePr {
            title: non_blank(&args.title, "--title")?,
            head: non_blank(&args.head, "--head")?,
            base: non_blank(&args.base, "--base")?,
            body: args.body.read(cwd, stdin)?,
            draft: args.draft,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        None
    }

    fn doing(&self) -> String {
        "create the pull request".to_string()
    }

    fn asked(&self, record: &mut SteerRecord) {
        record.title = Some(self.title.clone());
        record.head = Some(self.head.clone());
        record.base = Some(self.base.clone());
        record.body = self.body.clone();
        record.draft = Some(self.draft);
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let pr: Pull = client
            .write(
                Method::POST,
                &client.repo_path("/pulls"),
                &WriteBody {
                    title: Some(&self.title),
                    head: Some(&self.head),
                    base: Some(&self.base),
                    body: self.body.as_deref(),
                    draft: self.draft.then_some(true),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        pull_result(&mut record, &pr);
        record.title = Some(pr.title.clone());
        // A new pull request's author is the account the token acts as.
        record.actor = pr.author.as_ref().map(|user| user.login.clone());
        record.head = Some(self.head.clone());
        record.base = Some(self.base.clone());
        record.draft = Some(pr.draft.unwrap_or(self.draft));
        Ok(record)
    }

    async fn look(&self, client: &Client, window: &Window, asked: SteerRecord) -> Step<Effect> {
        let owner_head = if self.head.contains(':') {
            self.head.clone()
        } else {
            format!("{}:{}", client.repo.owner, self.head)
        };
        let path = client.repo_path(&format!(
            "/pulls?head={owner_head}&state=all&sort=created&direction=asc"
        ));
        let (pulls, _) = client.get_all::<Pull>(&path).await?;
        Ok(Effect::Found(
            pulls
                .into_iter()
                .filter(|p| {
                    p.title == self.title
                        && p.base.name == self.base
                        && window.by(&p.author)
                        && window.admits(&p.created_at)
                })
                .map(|pr| {
                    let mut record = asked.clone();
                    record.pr = Some(pr.number);
                    record.url = pr.url.clone();
                    record
                })
                .collect(),
        ))
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        record.pr.map(|n| ("$.pr", n.into()))
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        if record.draft == Some(true) {
            format!("create draft {subject}")
        } else {
            format!("create {subject}")
        }
    }
}
