//! `merge-pr`: a pull request merged, pinned to the head sha observed (or
//! given), so that commits pushed since are never merged unseen.

use std::path::Path;

use helm_forge::act::{IssueOrPull, MergeMethod, MergePr};
use helm_forge::{ForgeName, Produced};
use serde::{Deserialize, Serialize};

use super::part::{RecordPart, first_differing, kept};
use super::shared::is_sha;
use super::produced::unexpected;
use super::SteerAction;
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;
use crate::model::words;

/// Merge a pull request (a merge commit unless told to squash or rebase).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct MergePrArgs {
    /// The pull request.
    pr: u64,
    /// How to merge: `merge` (a merge commit, the default), `squash` or `rebase`.
    #[serde(default)]
    strategy: Option<MergeMethod>,
    /// Merge only if the head is still this commit (default: the head
    /// sha of the slate's latest observation of the PR).
    #[serde(default)]
    sha: Option<String>,
    /// Merge even though the observed checks or reviews do not show the PR
    /// ready; the entry records this reason and what was not ready.
    #[serde(default, rename = "override")]
    override_reason: Option<String>,
}

impl Flags for MergePrArgs {
    fn flags() -> Vec<Flag> {
        vec![
            Flag::option("pr", "N").issue_number().by_position().required(),
            Flag::sets("merge", "strategy", "merge")
                .conflicts(&["squash", "rebase"])
                .help("Merge with a merge commit (the default)"),
            Flag::sets("squash", "strategy", "squash")
                .conflicts(&["rebase"])
                .help("Squash the commits into one"),
            Flag::sets("rebase", "strategy", "rebase")
                .help("Rebase the commits onto the base branch"),
            Flag::option("sha", "HEAD_SHA"),
            Flag::option("override", "REASON"),
        ]
    }
}


/// The method in GitHub's words (its `merge_method`), which the entry records too.
fn api_name(method: MergeMethod) -> &'static str {
    match method {
        MergeMethod::Merge => "merge",
        MergeMethod::Squash => "squash",
        MergeMethod::Rebase => "rebase",
    }
}


/// What a merge's entry records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Merged {
    /// How it was asked to merge (`merge`, `squash`, `rebase`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) merge_method: Option<String>,
    /// The commit the merge made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) merge_sha: Option<String>,
    /// The head sha a merge was pinned to (sent as `sha`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pinned_sha: Option<String>,
    /// A merge made although the bearing did not show it ready (ADR 0020).
    #[serde(rename = "override", skip_serializing_if = "Option::is_none")]
    pub(crate) overridden: Option<Override>,
}

/// Why a merge went ahead although it was not ready, and what was not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Override {
    /// The caller's `--override` reason.
    #[schemars(description = "The caller's `override` reason.")]
    pub(crate) reason: String,
    /// What the bearing showed was not ready (empty when it was ready).
    #[serde(default)]
    pub(crate) not_ready: Vec<String>,
}

impl RecordPart for Merged {
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            (
                "merge method",
                kept(&asked.merge_method, &recorded.merge_method),
            ),
            // A merge asked without `--sha` is pinned to the head seen.
            (
                "sha",
                asked.pinned_sha.is_none() || asked.pinned_sha == recorded.pinned_sha,
            ),
            (
                "override",
                asked.overridden.as_ref().map(|o| &o.reason)
                    == recorded.overridden.as_ref().map(|o| &o.reason),
            ),
        ])
    }

    /// The strategy, the sha it was pinned to and the merge commit.
    fn details(&self, lines: &mut Vec<String>) {
        let mut line = self
            .merge_method
            .clone()
            .unwrap_or_else(|| "merge".to_string());
        if let Some(sha) = &self.pinned_sha {
            line.push_str(&format!(", pinned to {}", short(sha)));
        }
        if let Some(sha) = &self.merge_sha {
            line.push_str(&format!(", merge commit {}", short(sha)));
        }
        lines.push(line);
        if let Some(o) = &self.overridden {
            let what = match o.not_ready.is_empty() {
                true => String::new(),
                false => format!(" (not ready: {})", o.not_ready.join("; ")),
            };
            lines.push(format!("override: {}{what}", o.reason));
        }
    }

    fn made(&self) -> Option<String> {
        self.merge_sha
            .as_ref()
            .map(|sha| format!("merge commit {sha}"))
    }

    fn overrode(&mut self, not_ready: Vec<String>) {
        if let Some(overridden) = self.overridden.as_mut() {
            overridden.not_ready = not_ready;
        }
    }
}

impl SteerAction for MergePr {
    type Args = MergePrArgs;
    type Record = Merged;

    /// `merge-pr --method squash` would record "squash" as how the thinking
    /// was done and merge with a merge commit: a merge strategy is never a
    /// thinking method.
    fn misread_method(_args: &MergePrArgs, method: &str) -> Result<()> {
        let strategy = ["merge", "squash", "rebase"]
            .iter()
            .any(|strategy| strategy.eq_ignore_ascii_case(method));
        if !strategy {
            return Ok(());
        }
        Err(Error::usage(words![
            "merge-pr takes ",
            arg("merge"),
            ", ",
            arg("squash"),
            " or ",
            arg("rebase"),
            ", not ",
            arg("method"),
            format!(" {method}"),
        ])
        .hint(words![
            arg("method"),
            " is how the thinking was done (e.g. human); the merge strategy is its own flag: merge-pr ",
            arg("pr"),
            " N ",
            arg("squash"),
        ]))
    }

    fn resolve(args: &MergePrArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(MergePr {
            pr: args.pr,
            method: args.strategy.unwrap_or(MergeMethod::Merge),
            sha: match &args.sha {
                Some(sha) if !is_sha(sha) => {
                    return Err(Error::usage(words![
                        arg("sha"),
                        format!(" '{sha}' is not a commit sha: 40 (or 64) hexadecimal digits"),
                    ]));
                }
                other => other.clone(),
            },
            override_reason: match args.override_reason.as_deref().map(str::trim) {
                Some("") => {
                    return Err(Error::usage(words![
                        arg("override"),
                        " needs a reason: the entry records why the merge went ahead",
                    ]));
                }
                reason => reason.map(str::to_string),
            },
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }


    /// A merge asked without `--sha` is pinned to the head seen.
    fn pins(&self) -> bool {
        self.sha.is_none()
    }

    fn pinned(&self, head: String) -> Self {
        MergePr {
            sha: Some(head),
            ..self.clone()
        }
    }

    fn pinned_to(&self) -> Option<&str> {
        self.sha.as_deref()
    }

    /// A merge goes out only when the bearing shows the PR ready.
    fn needs_ready(&self) -> bool {
        true
    }

    fn overridden(&self) -> Option<&str> {
        self.override_reason.as_deref()
    }

    fn asked(&self, record: &mut SteerRecord) -> Merged {
        record.pr = Some(self.pr);
        Merged {
            merge_method: Some(api_name(self.method).to_string()),
            merge_sha: None,
            pinned_sha: self.sha.clone(),
            overridden: self.override_reason.clone().map(|reason| Override {
                reason,
                not_ready: Vec::new(),
            }),
        }
    }

    fn performed(
        &self,
        mut record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        match produced {
            Produced::Merged { sha, url } => {
                record.url = url;
                record.edit_part(|part: &mut Merged| part.merge_sha = sha);
                Ok(record)
            }
            other => Err(unexpected(forge, &self.doing(), &other)),
        }
    }

    fn names(record: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
        let sha = record.part::<Merged>().merge_sha?;
        Some(("$.mergeSha", sha.into()))
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        match &record.part::<Merged>().merge_sha {
            Some(sha) => format!("merge {subject} ({})", short(sha)),
            None => format!("merge {subject}"),
        }
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "merge-pr", "pr": 6, "strategy": "squash", "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "override": "o"}"#
    }
}

fn short(sha: &str) -> String {
    sha.chars().take(7).collect()
}
