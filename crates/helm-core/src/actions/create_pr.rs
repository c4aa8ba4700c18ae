//! `create-pr`: a new pull request from a head branch into a base branch.
//! As with `gh pr create`, the head defaults to the current git branch of
//! the working directory and the base to the repository's default branch,
//! read from GitHub before acting (`prepare`), so the pending record and the
//! entry keep the base the request named.

use std::path::Path;

use helm_forge::act::{CreatePr, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::{RecordPart, first_differing, kept};
use super::shared::non_blank;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Open a pull request from HEAD into BASE.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CreatePrArgs {
    /// The pull request's title.
    title: String,
    /// The changed branch (OWNER:BRANCH for a fork), else the current one.
    #[serde(default)]
    head: Option<String>,
    /// Branch to merge into, else the default.
    #[serde(default)]
    base: Option<String>,
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
            Flag::option("head", "BRANCH"),
            Flag::option("base", "BRANCH"),
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
            // A base left to the default matches the one it came to.
            ("base", asked.base.is_none() || kept(&asked.base, &recorded.base)),
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
            head: match &args.head {
                Some(head) => non_blank(head, "head")?,
                None => crate::inputs::branch::current(cwd, "head")?,
            },
            base: args.base.as_deref().map(|base| non_blank(base, "base")).transpose()?,
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


    fn asked(&self, _record: &mut SteerRecord) -> Opened {
        Opened {
            title: Some(self.title.clone()),
            draft: Some(self.draft),
            head: Some(self.head.clone()),
            base: self.base.clone(),
            body: self.body.clone(),
        }
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::Opened {
                number,
                url,
                author,
                title,
                draft,
                ..
            } => {
                record.pr = Some(number);
                record.url = url;
                record.actor = author;
                record.edit_part(|part: &mut Opened| {
                    part.title = Some(title.unwrap_or_else(|| self.title.clone()));
                    part.head = Some(self.head.clone());
                    part.base = self.base.clone();
                    part.draft = Some(draft.unwrap_or(self.draft));
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
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
    fn sample() -> &'static str {
        r#"{"kind": "create-pr", "title": "t", "head": "h", "base": "m", "body": "b", "draft": true}"#
    }
}
