//! `edit-pr`: a new title, body or both for a pull request.

use std::path::Path;

use helm_forge::act::{EditPr, IssueOrPull};
use http::Method;
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::shared::{Edited, WriteBody, edits, pull_result};
use super::traces::{Window, edited};
use super::produced::unexpected;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::wire::GitHubPull as Pull;
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Change a pull request's title or body.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct EditPrArgs {
    /// The pull request to edit.
    pr: u64,
    /// The new title.
    #[serde(default)]
    title: Option<String>,
    #[serde(flatten)]
    body: BodySpec,
}

impl Flags for EditPrArgs {
    fn flags() -> Vec<Flag> {
        [Flag::option("pr", "N").issue_number().by_position().required(), Flag::option("title", "TITLE")]
            .into_iter()
            .chain(BodySpec::flags())
            .collect()
    }
}


impl SteerAction for EditPr {
    type Args = EditPrArgs;
    type Record = Edited;

    fn resolve(args: &EditPrArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        let (title, body) = edits(&args.title, &args.body, cwd, stdin)?;
        Ok(EditPr {
            pr: args.pr,
            title,
            body,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }

    fn texts(&self) -> Vec<(&'static str, &str)> {
        let mut texts: Vec<(&'static str, &str)> = Vec::new();
        texts.extend(self.title.as_deref().map(|title| ("title", title)));
        texts.extend(self.body.as_deref().map(|body| ("body", body)));
        texts
    }

    fn body_mut(&mut self) -> Option<&mut String> {
        self.body.as_mut()
    }

    fn doing(&self) -> String {
        format!("edit PR #{}", self.pr)
    }

    fn asked(&self, record: &mut SteerRecord) -> Edited {
        record.pr = Some(self.pr);
        Edited {
            title: self.title.clone(),
            body: self.body.clone(),
        }
    }

    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let pr: Pull = client
            .write(
                Method::PATCH,
                &client.repo_path(&format!("/pulls/{}", self.pr)),
                &WriteBody {
                    title: self.title.as_deref(),
                    body: self.body.as_deref(),
                    ..WriteBody::default()
                }
                .json(),
            )
            .await?;
        pull_result(&mut record, &pr);
        record.edit_part(|part: &mut Edited| {
            part.title = self.title.as_ref().map(|_| pr.title.clone());
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
            Produced::Edited { title, url, .. } => {
                record.url = url;
                record.edit_part(|part: &mut Edited| {
                    part.title = self.title.as_ref().map(|asked| title.unwrap_or_else(|| asked.clone()));
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    async fn look(&self, client: &Client, window: &Window, record: SteerRecord) -> Step<Effect> {
        let tail = format!("/pulls/{}", self.pr);
        let asked = (&self.title, &self.body);
        edited(client, &tail, self.pr, asked, window, record).await
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("edit {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "edit-pr", "pr": 6, "title": "t", "body": "b"}"#
    }
}
