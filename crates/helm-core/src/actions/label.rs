//! `label`: labels added to and removed from an issue or pull request.
//!
//! The entry records what was asked (`labels` added, `remove`) and what the
//! forge applied: the labels the issue has afterwards, as its last answer
//! lists them, and the labels asked away that it did not have
//! (`notPresent`). GitHub drops silently a label the token may not set, so a
//! label asked for and absent afterwards is reported and recorded as not
//! applied. How each forge sends the change (on GitHub one add and one
//! removal per label, a failure after one went through a partial outcome
//! settled from the timeline) is the forge crate's (helm-github's
//! `act/label.rs`).

use std::path::Path;

use helm_forge::act::{IssueOrPull, LabelChange};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::{Applied, RecordPart, asked_line, first_differing, not_applied, same_set};
use super::names::{self, Names};
use super::produced::unexpected;
use super::SteerAction;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;
use crate::model::words;

/// Add labels to or remove labels from an issue or pull request.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct LabelArgs {
    /// The issue to label.
    #[serde(default)]
    issue: Option<u64>,
    /// The pull request to label.
    #[serde(default)]
    pr: Option<u64>,
    /// Labels to add.
    #[serde(default)]
    add: Vec<String>,
    /// Labels to remove.
    #[serde(default)]
    remove: Vec<String>,
}

impl Flags for LabelArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("issue", "N").issue_number().by_position().conflicts(&["pr"]).required_unless(&["pr"]),
            Flag::option("pr", "N").issue_number(),
            Flag::option("add", "LABEL").names(),
            Flag::option("remove", "LABEL").names(),
        ]
    }
}


/// Whether `labels` holds `name`; GitHub compares label names without case.
fn has(labels: &[String], name: &str) -> bool {
    labels.iter().any(|l| l.eq_ignore_ascii_case(name))
}

/// What a label change's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Labelled {
    /// The labels asked to be added.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) labels: Vec<String>,
    /// The labels asked to be removed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) remove: Vec<String>,
    /// The labels the issue has afterwards, as GitHub answered, and those
    /// asked away that it did not have.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) applied: Option<Applied>,
}

impl RecordPart for Labelled {
    fn posted(&self) -> Vec<&str> {
        self.labels.iter().chain(&self.remove).map(String::as_str).collect()
    }

    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            ("labels", same_set(&asked.labels, &recorded.labels)),
            ("remove", same_set(&asked.remove, &recorded.remove)),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        let applied = self.applied.as_ref().and_then(|a| a.labels.as_ref());
        asked_line("labels", &self.labels, applied, lines);
    }

    /// A label asked for and absent afterwards, or asked away and still
    /// there.
    fn dropped(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(applied) = &self.applied {
            not_applied("label", &self.labels, &applied.labels, &mut out);
            if let Some(now) = &applied.labels {
                for name in &self.remove {
                    if has(now, name) {
                        out.push(format!("the removal of label '{name}'"));
                    }
                }
            }
        }
        out
    }
}

impl SteerAction for LabelChange {
    type Args = LabelArgs;
    type Record = Labelled;

    fn resolve(args: &LabelArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        let on = match (args.issue, args.pr) {
            (Some(n), None) => IssueOrPull::Issue(n),
            (None, Some(n)) => IssueOrPull::PullRequest(n),
            _ => {
                return Err(Error::usage(words![
                    "label needs exactly one of ",
                    arg("issue"),
                    " N or ",
                    arg("pr"),
                    " N",
                ]));
            }
        };
        if args.add.is_empty() && args.remove.is_empty() {
            return Err(Error::usage(words![
                "label needs at least one ",
                arg("add"),
                " LABEL or ",
                arg("remove"),
                " LABEL",
            ]));
        }
        let add = names::checked(&args.add, "add", Names::Labels)?;
        let remove = names::checked(&args.remove, "remove", Names::Labels)?;
        if let Some(both) = add.iter().find(|l| has(&remove, l)) {
            return Err(Error::usage(format!(
                "label '{both}' is both added and removed: pass it once"
            )));
        }
        Ok(LabelChange { on, add, remove })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(self.on)
    }


    fn asked(&self, record: &mut SteerRecord) -> Labelled {
        match self.on {
            IssueOrPull::Issue(n) => record.issue = Some(n),
            IssueOrPull::PullRequest(n) => record.pr = Some(n),
        }
        Labelled {
            labels: self.add.clone(),
            remove: self.remove.clone(),
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
            Produced::Labelled {
                now,
                not_present,
                url,
            } => {
                record.url = url;
                let applied = Applied {
                    labels: Some(now),
                    not_present,
                    ..Applied::default()
                };
                record.edit_part(|part: &mut Labelled| part.applied = Some(applied));
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        let asked: Labelled = record.part();
        let mut parts: Vec<String> = asked.labels.iter().map(|l| format!("+{l}")).collect();
        parts.extend(asked.remove.iter().map(|l| format!("-{l}")));
        format!("label {subject} {}", parts.join(" "))
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "label", "issue": 5, "add": ["a"], "remove": ["r"]}"#
    }
}
