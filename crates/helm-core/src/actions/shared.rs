//! What several actions share: where a comment goes ([`IssueOrPull`]), the body
//! of a write in GitHub's field names, how an issue or pull request answer
//! fills a record, and the checks of a title, a sha and an edit.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::github::types::{Issue, Pull};
use crate::inputs::{BodySpec, Stdin};
use crate::model::SteerRecord;

/// Where a comment goes, and what an action changes: an issue or a pull
/// request (its conversation for a comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", content = "number", rename_all = "kebab-case")]
// The MCP schemas (and docs/agents.md) have always called it `Thread`.
#[schemars(rename = "Thread")]
pub enum IssueOrPull {
    Issue(u64),
    PullRequest(u64),
}

impl IssueOrPull {
    pub(crate) fn number(self) -> u64 {
        match self {
            IssueOrPull::Issue(n) | IssueOrPull::PullRequest(n) => n,
        }
    }

    /// `issue #42`, `PR #45`.
    pub(crate) fn describe(self) -> String {
        match self {
            IssueOrPull::Issue(n) => format!("issue #{n}"),
            IssueOrPull::PullRequest(n) => format!("PR #{n}"),
        }
    }
}

/// The body of a write, in GitHub's field names; fields left `None` are
/// not sent.
#[derive(Default, Serialize)]
pub(super) struct WriteBody<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignees: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merge_method: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha: Option<&'a str>,
}

impl WriteBody<'_> {
    pub fn json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

pub(super) fn issue_result(record: &mut SteerRecord, issue: &Issue) {
    record.issue = Some(issue.number);
    record.url = issue.url.clone();
}

pub(super) fn pull_result(record: &mut SteerRecord, pr: &Pull) {
    record.pr = Some(pr.number);
    record.url = pr.url.clone();
}

pub(super) fn non_blank(value: &str, flag: &str) -> Result<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Error::usage(format!("{flag} is empty")));
    }
    Ok(trimmed.to_string())
}

pub(super) fn is_sha(text: &str) -> bool {
    (text.len() == 40 || text.len() == 64) && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// An edit changes the title, the body or both; it cannot change nothing.
pub(super) fn edits(
    title: &Option<String>,
    body: &BodySpec,
    cwd: &Path,
    stdin: Stdin,
) -> Result<(Option<String>, Option<String>)> {
    let title = title
        .as_deref()
        .map(|t| non_blank(t, "--title"))
        .transpose()?;
    let body = body.read(cwd, stdin)?;
    if title.is_none() && body.is_none() {
        return Err(Error::usage(
            "nothing to change: pass --title, --body or --body-file",
        ));
    }
    Ok((title, body))
}
