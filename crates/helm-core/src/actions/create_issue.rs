//! `create-issue`: a new issue, with labels and assignees if asked.

use std::path::Path;

use helm_forge::act::{CreateIssue, IssueOrPull};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::names::{self, Names};
use super::part::{Applied, RecordPart, asked_line, first_differing, kept, not_applied, same_set};
use super::shared::non_blank;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::Result;
use crate::inputs::{BodySpec, Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Open a new issue.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct CreateIssueArgs {
    /// The issue's title.
    title: String,
    #[serde(flatten)]
    body: BodySpec,
    /// Labels to add.
    #[serde(default)]
    labels: Vec<String>,
    /// Users to assign, by login.
    #[serde(default)]
    assignees: Vec<String>,
}

impl Flags for CreateIssueArgs {
    fn flags() -> Vec<Flag> {
        [Flag::option("title", "TITLE").required()]
            .into_iter()
            .chain(BodySpec::flags())
            .chain([
                Flag::option("labels", "LABEL").named("label").names(),
                Flag::option("assignees", "LOGIN").named("assignee").names(),
            ])
            .collect()
    }
}


/// What a new issue's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct IssueCreated {
    /// The title, as GitHub answered it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
    /// The body asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<String>,
    /// The labels asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) labels: Vec<String>,
    /// The assignees asked for.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) assignees: Vec<String>,
    /// What GitHub applied of what was asked, when it answered with it:
    /// GitHub drops silently what the token may not set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) applied: Option<Applied>,
}

impl RecordPart for IssueCreated {
    fn posted(&self) -> Vec<&str> {
        [self.title.as_deref(), self.body.as_deref()].into_iter().flatten().chain(self.labels.iter().map(String::as_str)).collect()
    }

    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            ("body", asked.body == recorded.body),
            ("title", kept(&asked.title, &recorded.title)),
            ("labels", same_set(&asked.labels, &recorded.labels)),
            ("assignees", same_set(&asked.assignees, &recorded.assignees)),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(title) = &self.title {
            lines.push(format!("title: {title}"));
        }
        let applied = self.applied.clone().unwrap_or_default();
        asked_line("labels", &self.labels, applied.labels.as_ref(), lines);
        asked_line(
            "assignees",
            &self.assignees,
            applied.assignees.as_ref(),
            lines,
        );
    }

    fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }

    fn dropped(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(applied) = &self.applied {
            not_applied("label", &self.labels, &applied.labels, &mut out);
            not_applied("assignee", &self.assignees, &applied.assignees, &mut out);
        }
        out
    }
}

impl SteerAction for CreateIssue {
    type Args = CreateIssueArgs;
    type Record = IssueCreated;

    fn resolve(args: &CreateIssueArgs, cwd: &Path, stdin: Stdin) -> Result<Self> {
        Ok(CreateIssue {
            title: non_blank(&args.title, "title")?,
            body: args.body.read(cwd, stdin)?,
            labels: names::checked(&args.labels, "label", Names::Labels)?,
            assignees: names::checked(&args.assignees, "assignee", Names::Accounts)?,
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


    fn asked(&self, _record: &mut SteerRecord) -> IssueCreated {
        IssueCreated {
            title: Some(self.title.clone()),
            body: self.body.clone(),
            labels: self.labels.clone(),
            assignees: self.assignees.clone(),
            applied: None,
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
                labels,
                assignees,
                title,
                ..
            } => {
                record.issue = Some(number);
                record.url = url;
                record.actor = author;
                let title = title.unwrap_or_else(|| self.title.clone());
                record.edit_part(|part: &mut IssueCreated| {
                    part.title = Some(title);
                    part.applied = Some(Applied {
                        labels: Some(labels),
                        assignees: Some(assignees),
                        ..Applied::default()
                    });
                });
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        record.issue.map(|n| ("$.issue", n.into()))
    }

    fn headline(_record: &SteerRecord, subject: &str) -> String {
        format!("create {subject}")
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "create-issue", "title": "t", "body": "b", "labels": ["l"], "assignees": ["a"]}"#
    }
}
