//! `ActionSpec`: a steer action as given (bodies inline, from a file or from
//! stdin; the merge strategy as gh's flags or as `strategy`), and its
//! resolution into a checked [`Steer`]: everything that can fail before
//! GitHub is contacted fails here.

use std::path::Path;

use clap::Subcommand;
use serde::Deserialize;

pub use super::body::BodySpec;
use super::text::Stdin;

use crate::error::{Error, Result};
use crate::model::steer::{CloseReason, MergeMethod, Steer, Thread};

#[derive(Debug, Clone, Subcommand, Deserialize, schemars::JsonSchema)]
#[serde(
    tag = "kind",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum ActionSpec {
    /// Comment on an issue or on a pull request's conversation.
    Comment {
        /// The issue to comment on.
        #[arg(
            long,
            value_name = "N",
            conflicts_with = "pr",
            required_unless_present = "pr"
        )]
        #[serde(default)]
        issue: Option<u64>,
        /// The pull request to comment on.
        #[arg(long, value_name = "N")]
        #[serde(default)]
        pr: Option<u64>,
        #[command(flatten)]
        #[serde(flatten)]
        body: BodySpec,
    },
    /// Open a new issue.
    CreateIssue {
        /// The issue's title.
        #[arg(long, value_name = "TITLE")]
        title: String,
        #[command(flatten)]
        #[serde(flatten)]
        body: BodySpec,
        /// A label to add (repeatable).
        #[arg(long = "label", value_name = "LABEL")]
        #[serde(default)]
        labels: Vec<String>,
        /// A user to assign (repeatable).
        #[arg(long = "assignee", value_name = "LOGIN")]
        #[serde(default)]
        assignees: Vec<String>,
    },
    /// Change an issue's title or body.
    EditIssue {
        /// The issue to edit.
        #[arg(long, value_name = "N")]
        issue: u64,
        /// The new title.
        #[arg(long, value_name = "TITLE")]
        #[serde(default)]
        title: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        body: BodySpec,
    },
    /// Close an issue.
    CloseIssue {
        /// The issue to close.
        #[arg(long, value_name = "N")]
        issue: u64,
        /// Why it is closed.
        #[arg(long, value_enum, default_value = "completed")]
        #[serde(default = "completed")]
        reason: CloseReason,
    },
    /// Open a pull request from HEAD into BASE.
    CreatePr {
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
    },
    /// Change a pull request's title or body.
    EditPr {
        /// The pull request to edit.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// The new title.
        #[arg(long, value_name = "TITLE")]
        #[serde(default)]
        title: Option<String>,
        #[command(flatten)]
        #[serde(flatten)]
        body: BodySpec,
    },
    /// Close a pull request without merging it.
    ClosePr {
        /// The pull request to close.
        #[arg(long, value_name = "N")]
        pr: u64,
    },
    /// Ask people or teams to review a pull request.
    RequestReview {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// A user to ask (repeatable).
        #[arg(long = "reviewer", value_name = "LOGIN")]
        #[serde(default)]
        reviewers: Vec<String>,
        /// A team to ask, by slug (repeatable).
        #[arg(long = "team", value_name = "SLUG")]
        #[serde(default)]
        teams: Vec<String>,
    },
    /// Reply to an inline review comment.
    ///
    /// Pass the id of the review comment that starts the thread: GitHub takes
    /// no replies to replies. `helm observe github-pr N --focus reviews` lists
    /// the threads; a thread's `id` is the one to pass.
    ReplyInline {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// The review comment that starts the thread (a thread's `id` in
        /// `observe github-pr --focus reviews`).
        #[arg(long, value_name = "ID")]
        comment_id: u64,
        #[command(flatten)]
        #[serde(flatten)]
        body: BodySpec,
    },
    /// Merge a pull request (a merge commit unless told to squash or rebase).
    MergePr {
        /// The pull request.
        #[arg(long, value_name = "N")]
        pr: u64,
        /// Merge with a merge commit (the default).
        #[arg(long, conflicts_with_all = ["squash", "rebase"])]
        #[serde(skip)]
        merge: bool,
        /// Squash the commits into one.
        #[arg(long, conflicts_with = "rebase")]
        #[serde(skip)]
        squash: bool,
        /// Rebase the commits onto the base branch.
        #[arg(long)]
        #[serde(skip)]
        rebase: bool,
        /// How to merge: `merge` (a merge commit, the default), `squash` or `rebase`.
        #[arg(skip)]
        #[serde(default)]
        strategy: Option<MergeMethod>,
        /// Merge only if the head is still this commit (default: the head
        /// sha of the slate's latest observation of the PR).
        #[arg(long, value_name = "HEAD_SHA")]
        #[serde(default)]
        sha: Option<String>,
    },
}

fn completed() -> CloseReason {
    CloseReason::Completed
}

fn non_blank(value: &str, flag: &str) -> Result<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Error::usage(format!("{flag} is empty")));
    }
    Ok(trimmed.to_string())
}

impl ActionSpec {
    /// Checks the action and reads its body (`stdin` says whether `-` may
    /// read it): everything that can fail before GitHub is contacted.
    pub fn resolve(&self, cwd: &Path, stdin: Stdin) -> Result<Steer> {
        Ok(match self {
            ActionSpec::Comment { issue, pr, body } => Steer::Comment {
                on: match (issue, pr) {
                    (Some(n), None) => Thread::Issue(*n),
                    (None, Some(n)) => Thread::PullRequest(*n),
                    _ => {
                        return Err(Error::usage(
                            "comment needs exactly one of --issue N or --pr N",
                        ));
                    }
                },
                body: body.required(cwd, stdin, "comment body")?,
            },
            ActionSpec::CreateIssue {
                title,
                body,
                labels,
                assignees,
            } => Steer::CreateIssue {
                title: non_blank(title, "--title")?,
                body: body.read(cwd, stdin)?,
                labels: labels.clone(),
                assignees: assignees.clone(),
            },
            ActionSpec::EditIssue { issue, title, body } => {
                let (title, body) = edits(title, body, cwd, stdin)?;
                Steer::EditIssue {
                    issue: *issue,
                    title,
                    body,
                }
            }
            ActionSpec::CloseIssue { issue, reason } => Steer::CloseIssue {
                issue: *issue,
                reason: *reason,
            },
            ActionSpec::CreatePr {
                title,
                head,
                base,
                body,
                draft,
            } => Steer::CreatePullRequest {
                title: non_blank(title, "--title")?,
                head: non_blank(head, "--head")?,
                base: non_blank(base, "--base")?,
                body: body.read(cwd, stdin)?,
                draft: *draft,
            },
            ActionSpec::EditPr { pr, title, body } => {
                let (title, body) = edits(title, body, cwd, stdin)?;
                Steer::EditPullRequest {
                    pr: *pr,
                    title,
                    body,
                }
            }
            ActionSpec::ClosePr { pr } => Steer::ClosePullRequest { pr: *pr },
            ActionSpec::RequestReview {
                pr,
                reviewers,
                teams,
            } => {
                if reviewers.is_empty() && teams.is_empty() {
                    return Err(Error::usage(
                        "request-review needs at least one --reviewer or --team",
                    ));
                }
                Steer::RequestReview {
                    pr: *pr,
                    reviewers: reviewers.clone(),
                    teams: teams.clone(),
                }
            }
            ActionSpec::ReplyInline {
                pr,
                comment_id,
                body,
            } => Steer::ReplyInline {
                pr: *pr,
                comment_id: *comment_id,
                body: body.required(cwd, stdin, "reply body")?,
            },
            ActionSpec::MergePr {
                pr,
                merge,
                squash,
                rebase,
                strategy,
                sha,
            } => {
                let flagged = match (merge, squash, rebase) {
                    (_, true, _) => Some(MergeMethod::Squash),
                    (_, _, true) => Some(MergeMethod::Rebase),
                    (true, _, _) => Some(MergeMethod::Merge),
                    _ => None,
                };
                Steer::MergePullRequest {
                    pr: *pr,
                    method: flagged.or(*strategy).unwrap_or(MergeMethod::Merge),
                    sha: match sha {
                        Some(sha) if !is_sha(sha) => {
                            return Err(Error::usage(format!(
                                "--sha '{sha}' is not a commit sha: 40 (or 64) hexadecimal digits"
                            )));
                        }
                        other => other.clone(),
                    },
                }
            }
        })
    }
}

pub fn is_sha(text: &str) -> bool {
    (text.len() == 40 || text.len() == 64) && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// An edit changes the title, the body or both; it cannot change nothing.
fn edits(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_parse_from_the_contracts_json() {
        let spec: ActionSpec =
            serde_json::from_str(r#"{"kind":"merge-pr","pr":45,"strategy":"squash"}"#).unwrap();
        assert_eq!(
            spec.resolve(Path::new("/"), Stdin::Ours).unwrap(),
            Steer::MergePullRequest {
                pr: 45,
                method: MergeMethod::Squash,
                sha: None
            }
        );
        let spec: ActionSpec = serde_json::from_str(
            r#"{"kind":"reply-inline","pr":45,"commentId":901,"body":"Done."}"#,
        )
        .unwrap();
        assert!(matches!(
            spec.resolve(Path::new("/"), Stdin::Ours).unwrap(),
            Steer::ReplyInline {
                comment_id: 901,
                ..
            }
        ));
        assert!(serde_json::from_str::<ActionSpec>(r#"{"kind":"comment","isue":1}"#).is_err());
    }
}
