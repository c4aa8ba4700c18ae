//! `label`: labels added to and removed from an issue or pull request.
//!
//! The entry records what was asked (`labels` added, `remove`) and what
//! GitHub applied: the labels the issue has afterwards, as its last answer
//! lists them. GitHub drops silently a label the token may not set, so a
//! label asked for and absent afterwards is reported and recorded as not
//! applied.

use std::path::Path;

use clap::Args;
use http::Method;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::shared::{Thread, non_blank};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::{Error, Result};
use crate::github::client::{Client, JSON, parse};
use crate::github::types::Label;
use crate::inputs::Stdin;
use crate::model::SteerRecord;
use crate::model::entry::Applied;

/// Add labels to or remove labels from an issue or pull request.
#[derive(Debug, Clone, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct LabelArgs {
    /// The issue to label.
    #[arg(
        long,
        value_name = "N",
        conflicts_with = "pr",
        required_unless_present = "pr"
    )]
    #[serde(default)]
    issue: Option<u64>,
    /// The pull request to label.
    #[arg(long, value_name = "N")]
    #[serde(default)]
    pr: Option<u64>,
    /// A label to add (repeatable).
    #[arg(long = "add", value_name = "LABEL")]
    #[serde(default)]
    add: Vec<String>,
    /// A label to remove (repeatable).
    #[arg(long = "remove", value_name = "LABEL")]
    #[serde(default)]
    remove: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelChange {
    pub on: Thread,
    pub add: Vec<String>,
    pub remove: Vec<String>,
}

/// Whether `labels` holds `name`; GitHub compares label names without case.
fn has(labels: &[String], name: &str) -> bool {
    labels.iter().any(|l| l.eq_ignore_ascii_case(name))
}

/// A label name as one path segment: everything but the unreserved
/// characters percent-encoded (names may hold spaces, `/` and `:`).
fn segment(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn names(labels: Vec<Label>) -> Vec<String> {
    labels.into_iter().map(|l| l.name).collect()
}

impl LabelChange {
    fn labels_path(&self, client: &Client) -> String {
        client.repo_path(&format!("/issues/{}/labels", self.on.number()))
    }

    /// The labels the issue has now.
    async fn current(&self, client: &Client) -> Step<Vec<String>> {
        let (labels, _) = client.get_all::<Label>(&self.labels_path(client)).await?;
        Ok(names(labels))
    }
}

impl SteerAction for LabelChange {
    type Args = LabelArgs;

    fn resolve(args: &LabelArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        let on = match (args.issue, args.pr) {
            (Some(n), None) => Thread::Issue(n),
            (None, Some(n)) => Thread::PullRequest(n),
            _ => {
                return Err(Error::usage(
                    "label needs exactly one of --issue N or --pr N",
                ));
            }
        };
        if args.add.is_empty() && args.remove.is_empty() {
            return Err(Error::usage(
                "label needs at least one --add LABEL or --remove LABEL",
            ));
        }
        let add = (args.add.iter())
            .map(|l| non_blank(l, "--add"))
            .collect::<Result<Vec<_>>>()?;
        let remove = (args.remove.iter())
            .map(|l| non_blank(l, "--remove"))
            .collect::<Result<Vec<_>>>()?;
        if let Some(both) = add.iter().find(|l| has(&remove, l)) {
            return Err(Error::usage(format!(
                "label '{both}' is both added and removed: pass it once"
            )));
        }
        Ok(LabelChange { on, add, remove })
    }

    fn subject(&self) -> Option<Thread> {
        Some(self.on)
    }

    fn doing(&self) -> String {
        format!("change the labels of {}", self.on.describe())
    }

    fn asked(&self, record: &mut SteerRecord) {
        match self.on {
            Thread::Issue(n) => record.issue = Some(n),
            Thread::PullRequest(n) => record.pr = Some(n),
        }
        record.labels = self.add.clone();
        record.remove = self.remove.clone();
    }

    /// Adds in one request (its answer lists the labels afterwards), then
    /// removes each label the issue has, one request each: GitHub answers
    /// 404 to removing a label the issue lacks, which is already the state
    /// asked for.
    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let path = self.labels_path(client);
        let mut labels = if self.add.is_empty() {
            self.current(client).await?
        } else {
            let body = json!({ "labels": self.add });
            names(client.write(Method::POST, &path, &body).await?)
        };
        for name in &self.remove {
            if has(&labels, name) {
                let one = format!("{path}/{}", segment(name));
                let answer = client.send(Method::DELETE, &one, JSON, None).await?;
                labels = names(parse(answer)?);
            }
        }
        record.applied = Some(Applied {
            labels: Some(labels),
            ..Applied::default()
        });
        Ok(record)
    }

    /// Reads the labels. Labels are a set: when the issue has every label
    /// asked for and none asked away, the change is in place (acting again
    /// would change nothing) and is recorded with the labels read;
    /// otherwise it is not, and acting again is safe, as adding a label
    /// present or removing one absent changes nothing.
    async fn look(
        &self,
        client: &Client,
        _window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let labels = self.current(client).await?;
        let added = self.add.iter().all(|l| has(&labels, l));
        let removed = !self.remove.iter().any(|l| has(&labels, l));
        if !(added && removed) {
            return Ok(Effect::NotDone);
        }
        record.applied = Some(Applied {
            labels: Some(labels),
            ..Applied::default()
        });
        Ok(Effect::Found(vec![record]))
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        let mut parts: Vec<String> = record.labels.iter().map(|l| format!("+{l}")).collect();
        parts.extend(record.remove.iter().map(|l| format!("-{l}")));
        format!("label {subject} {}", parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_name_is_one_path_segment() {
        assert_eq!(segment("bug"), "bug");
        assert_eq!(segment("good first issue"), "good%20first%20issue");
        assert_eq!(segment("area/ci:fast"), "area%2Fci%3Afast");
        assert_eq!(segment("é"), "%C3%A9");
    }
}
