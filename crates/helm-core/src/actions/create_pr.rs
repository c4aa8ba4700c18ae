//! `create-pr`: a new pull request from a head branch into a base branch.

use std::path::Path;

use helm_forge::act::{CreatePr, IssueOrPull};
use http::Method;
use serde::{Deserialize, Serialize};

use super::part::{RecordPart, first_differing, kept};
use super::shared::{WriteBody, non_blank, pull_result};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::github::wire::GitHubPull as Pull;
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Open a pull request from HEAD into BASE.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CreatePrArgs {
    /// The pull request's title.
    title: String,
    /// The branch with the changes (OWNER:BRANCH for a fork).
    head: String,
    /// The branch to merge into.
    base: String,
    #[serde(flatten)]
    body: BodySpec,
    /// Open it as a draft.
    #[serde(default)]
    draft: bool,
}

impl Flags for CreatePrArgs {
    fn flags() -> Vec<Flag> {
        [
            Flag::option("title", "TITLE").required(),
            Flag::option("head", "BRANCH").required(),
            Flag::option("base", "BRANCH").required(),
        ]
        .into_iter()
        .chain(BodySpec::flags())
        .chain([Flag::switch("draft")])
        .collect()
    }
}


/// What a new pull request's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Opened {
    /// The title, as GitHub answered it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
    /// Whether it was opened as a draft, as GitHub answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) draft: Option<bool>,
    /// The branch merged from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) head: Option<String>,
    /// The branch merged into.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) base: Option<String>,
    /// The body asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<String>,
}

impl RecordPart for Opened {
    fn posted(&self) -> Vec<&str> {
        [self.title.as_deref(), self.body.as_deref()].into_iter().flatten().collect()
    }

    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            ("body", asked.body == recorded.body),
            ("title", kept(&asked.title, &recorded.title)),
            ("head", kept(&asked.head, &recorded.head)),
            ("base", kept(&asked.base, &recorded.base)),
            (
                "draft",
                recorded.draft.is_none() || asked.draft == recorded.draft,
            ),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(title) = &self.title {
            lines.push(format!("title: {title}"));
        }
        if let (Some(head), Some(base)) = (&self.head, &self.base) {
            let draft = match self.draft == Some(true) {
                true => " · draft",
                false => "",
            };
            lines.push(format!("head {head} → base {base}{draft}"));
        }
    }

    fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }
}

impl SteerAction for CreatePr {
    type Args = CreatePrArgs;
    type Record = Opened;

    fn resolve(args: &CreatePrArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(CreatePr {
            title: non_blank(&args.title, "title")?,
            head: non_blank(&args.head, "head")?,
            base: non_blank(&args.base, "base")?,
            body: args.body.read(cwd, stdin)?,
            draft: args.draft,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        None
    }

    fn texts(&self) -> Vec<(&'static str, &str)> {
        let mut texts = vec![("title", self.title.as_str())];
        texts.extend(self.body.as_deref().map(|body| ("body", body)));
        texts
    }

    fn body_mut(&mut self) -> Option<&mut String> {
        Some(self.body.get_or_insert_with(String::new))
    }

    fn doing(&self) -> String {
        "create the pull request".to_string()
    }

    fn asked(&self, _record: &mut SteerRecord) -> Opened {
        Opened {
            title: Some(self.title.clone()),
            draft: Some(self.draft),
            head: Some(self.head.clone()),
            base: Some(self.base.clone()),
            body: self.body.clone(),
        }
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
        // A new pull request's author is the account the token acts as.
        record.actor = pr.author.as_ref().map(|user| user.login.clone());
        record.edit_part(|part: &mut Opened| {
            part.title = Some(pr.title.clone());
            part.head = Some(self.head.clone());
            part.base = Some(self.base.clone());
            part.draft = Some(pr.draft.unwrap_or(self.draft));
        });
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
        if record.part::<Opened>().draft == Some(true) {
            format!("create draft {subject}")
        } else {
            format!("create {subject}")
        }
    }

    #[cfg(test)]
    fn sample() -> serde_json::Value {
        serde_json::json!({"kind": "create-pr", "title": "t", "head": "h", "base": "m", "body": "b", "draft": true})
    }
}
