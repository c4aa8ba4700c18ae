//! `label`: labels added to and removed from an issue or pull request.
//!
//! The entry records what was asked (`labels` added, `remove`) and what
//! GitHub applied: the labels the issue has afterwards, as its last answer
//! lists them, and the labels asked away that it did not have
//! (`notPresent`). GitHub drops silently a label the token may not set, so a
//! label asked for and absent afterwards is reported and recorded as not
//! applied.
//!
//! One steer is several requests (one add, one removal per label). A label
//! already gone when helm removes it (a 404: someone removed it first) is
//! the state asked for, not a failure. Any other failure after a request
//! changed GitHub is a partial outcome: the attempt stays pending, and its
//! retry or `helm interrupted settle` records what the timeline shows it did.

use std::path::Path;

use helm_forge::act::{IssueOrPull, LabelChange};
use http::Method;
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::shared::WriteBody;
use super::part::{Applied, RecordPart, asked_line, first_differing, not_applied, same_set};
use super::names::{self, Names};
use super::traces::{Window, mine, timeline};
use super::produced::unexpected;
use super::{Effect, SteerAction, Step};
use crate::error::arg;
use crate::error::{Error, Result};
use crate::github::client::{Client, JSON, parse};
use crate::github::error::{Failure, GitHubError};
use crate::github::wire::GitHubLabel as Label;
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

/// `'a', 'b'`, for messages.
fn quoted(labels: &[String]) -> String {
    let quoted: Vec<String> = labels.iter().map(|l| format!("'{l}'")).collect();
    quoted.join(", ")
}

/// Whether a removal failed because the issue lacks the label: GitHub
/// answers 404 "Label does not exist".
fn absent(err: &GitHubError) -> bool {
    err.failure == Failure::Answered && err.status == Some(404)
}

fn labels_path(on: IssueOrPull, client: &Client) -> String {
    client.repo_path(&format!("/issues/{}/labels", on.number()))
}

/// The labels the issue or pull request has now.
async fn current(on: IssueOrPull, client: &Client) -> Step<Vec<String>> {
    let (labels, _) = client.get_all::<Label>(&labels_path(on, client)).await?;
    Ok(names(labels))
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

    fn doing(&self) -> String {
        format!("change the labels of {}", self.on.describe())
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

    /// Adds in one request (its answer lists the labels afterwards), then
    /// removes each label the issue has, one request each. A label the
    /// issue lacks is not present: never sent, or answered 404 because
    /// someone removed it first; either way already the state asked for.
    /// A failure once a request went through is partial, never "nothing
    /// happened".
    async fn perform(&self, client: &Client, mut record: SteerRecord) -> Step<SteerRecord> {
        let path = labels_path(self.on, client);
        // What went through so far, for the message of a later failure.
        let mut done: Vec<String> = Vec::new();
        let mut labels = if self.add.is_empty() {
            current(self.on, client).await?
        } else {
            let body = WriteBody {
                labels: Some(&self.add),
                ..WriteBody::default()
            };
            let added = names(client.write(Method::POST, &path, &body.json()).await?);
            done.push(format!("adding {} went through", quoted(&self.add)));
            added
        };
        let mut not_present = Vec::new();
        for name in &self.remove {
            if !has(&labels, name) {
                not_present.push(name.clone());
                continue;
            }
            let one = format!("{path}/{}", segment(name));
            let answer = client.send(Method::DELETE, &one, JSON, None).await;
            match answer.and_then(parse::<Vec<Label>>) {
                Ok(answer) => {
                    labels = names(answer);
                    done.push(format!("removing '{name}' went through"));
                }
                Err(err) if absent(&err) => {
                    labels.retain(|l| !l.eq_ignore_ascii_case(name));
                    not_present.push(name.clone());
                }
                Err(err) if done.is_empty() => return Err(err),
                Err(err) => return Err(err.partial(&done.join(", "))),
            }
        }
        let applied = Applied {
            labels: Some(labels),
            not_present,
            ..Applied::default()
        };
        record.edit_part(|part: &mut Labelled| part.applied = Some(applied));
        Ok(record)
    }

    /// Reads the issue's timeline for this attempt's own changes: a
    /// `labeled` event for a label asked for, or an `unlabeled` event for
    /// one asked away, by the acting account in the window (ADR 0012). The
    /// labels the issue has now say nothing of the attempt: a teammate may
    /// have undone its change since, and acting again would redo what they
    /// undid. Without such an event the attempt changed nothing (a label
    /// already there or already gone leaves no event) and the retry acts,
    /// as for a close whose state was already there, behind the freshness
    /// guard, which refuses it if the issue changed since it was observed.
    /// The entry's labels are those of now with the
    /// attempt's own changes over them: what the issue had right after it,
    /// as far as GitHub shows.
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

    async fn look(
        &self,
        client: &Client,
        window: &Window,
        mut record: SteerRecord,
    ) -> Step<Effect> {
        let number = self.on.number();
        let mut added = Vec::new();
        let mut removed = Vec::new();
        for event in timeline(client, number).await? {
            let (kind, asked, found) = if mine(&event, "labeled", window) {
                ("labeled", &self.add, &mut added)
            } else if mine(&event, "unlabeled", window) {
                ("unlabeled", &self.remove, &mut removed)
            } else {
                continue;
            };
            let Some(name) = event.label.and_then(|l| l.name) else {
                return Ok(Effect::CannotTell(crate::error::Words::of(format!(
                    "a '{kind}' event by {} on #{number}'s timeline since the attempt began names no label; check the labels of #{number} and who changed them on GitHub",
                    window.viewer
                ))));
            };
            if has(asked, &name) && !has(found, &name) {
                found.push(name);
            }
        }
        if added.is_empty() && removed.is_empty() {
            return Ok(Effect::NotDone);
        }
        let mut labels = current(self.on, client).await?;
        for name in &added {
            if !has(&labels, name) {
                labels.push(name.clone());
            }
        }
        labels.retain(|l| !has(&removed, l));
        let applied = Applied {
            labels: Some(labels),
            ..Applied::default()
        };
        record.edit_part(|part: &mut Labelled| part.applied = Some(applied));
        Ok(Effect::Found(vec![record]))
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
