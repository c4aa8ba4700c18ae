//! `Steer`: the actions helm performs on the collaborative boundary, typed by
//! intent rather than by API call. Each variant is one `helm steer` subcommand.
//! A value here is already checked (bodies read, titles non-blank); what a
//! front end accepts before that lives in `inputs`.

use serde::{Deserialize, Serialize};

use super::entry::{SteerKind, SteerRecord};

/// Where a comment goes: an issue's or a pull request's conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", content = "number", rename_all = "kebab-case")]
pub enum Thread {
    Issue(u64),
    PullRequest(u64),
}

/// Why an issue is closed (GitHub's `state_reason`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CloseReason {
    /// The work is done.
    Completed,
    /// It will not be done (won't fix, duplicate, stale).
    NotPlanned,
}

impl CloseReason {
    pub fn api_name(self) -> &'static str {
        match self {
            CloseReason::Completed => "completed",
            CloseReason::NotPlanned => "not_planned",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CloseReason::Completed => "completed",
            CloseReason::NotPlanned => "not-planned",
        }
    }
}

/// How a pull request is merged.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MergeMethod {
    /// A merge commit.
    Merge,
    /// One squashed commit.
    Squash,
    /// The commits rebased onto the base branch.
    Rebase,
}

impl MergeMethod {
    pub fn api_name(self) -> &'static str {
        match self {
            MergeMethod::Merge => "merge",
            MergeMethod::Squash => "squash",
            MergeMethod::Rebase => "rebase",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(
    tag = "kind",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum Steer {
    Comment {
        on: Thread,
        body: String,
    },
    CreateIssue {
        title: String,
        body: Option<String>,
        labels: Vec<String>,
        assignees: Vec<String>,
    },
    EditIssue {
        issue: u64,
        title: Option<String>,
        body: Option<String>,
    },
    CloseIssue {
        issue: u64,
        reason: CloseReason,
    },
    #[serde(rename = "create-pr")]
    CreatePullRequest {
        title: String,
        head: String,
        base: String,
        body: Option<String>,
        draft: bool,
    },
    #[serde(rename = "edit-pr")]
    EditPullRequest {
        pr: u64,
        title: Option<String>,
        body: Option<String>,
    },
    #[serde(rename = "close-pr")]
    ClosePullRequest {
        pr: u64,
    },
    RequestReview {
        pr: u64,
        reviewers: Vec<String>,
        teams: Vec<String>,
    },
    ReplyInline {
        pr: u64,
        comment_id: u64,
        body: String,
    },
    #[serde(rename = "merge-pr")]
    MergePullRequest {
        pr: u64,
        method: MergeMethod,
        sha: Option<String>,
    },
}

impl Steer {
    pub fn kind(&self) -> SteerKind {
        match self {
            Steer::Comment { .. } => SteerKind::Comment,
            Steer::CreateIssue { .. } => SteerKind::CreateIssue,
            Steer::EditIssue { .. } => SteerKind::EditIssue,
            Steer::CloseIssue { .. } => SteerKind::CloseIssue,
            Steer::CreatePullRequest { .. } => SteerKind::CreatePr,
            Steer::EditPullRequest { .. } => SteerKind::EditPr,
            Steer::ClosePullRequest { .. } => SteerKind::ClosePr,
            Steer::RequestReview { .. } => SteerKind::RequestReview,
            Steer::ReplyInline { .. } => SteerKind::ReplyInline,
            Steer::MergePullRequest { .. } => SteerKind::MergePr,
        }
    }

    /// The existing issue or pull request the action changes; `None` for
    /// the actions that create one.
    pub fn subject(&self) -> Option<u64> {
        match self {
            Steer::Comment {
                on: Thread::Issue(n) | Thread::PullRequest(n),
                ..
            } => Some(*n),
            Steer::CreateIssue { .. } | Steer::CreatePullRequest { .. } => None,
            Steer::EditIssue { issue, .. } | Steer::CloseIssue { issue, .. } => Some(*issue),
            Steer::EditPullRequest { pr, .. }
            | Steer::ClosePullRequest { pr }
            | Steer::RequestReview { pr, .. }
            | Steer::ReplyInline { pr, .. }
            | Steer::MergePullRequest { pr, .. } => Some(*pr),
        }
    }

    /// The steer as asked before a merge was pinned to the head sha seen.
    pub fn unpinned(&self) -> Steer {
        match self {
            Steer::MergePullRequest { pr, method, .. } => Steer::MergePullRequest {
                pr: *pr,
                method: *method,
                sha: None,
            },
            other => other.clone(),
        }
    }

    /// What the action does, for messages: "comment on issue #42".
    pub fn doing(&self) -> String {
        match self {
            Steer::Comment {
                on: Thread::Issue(n),
                ..
            } => format!("comment on issue #{n}"),
            Steer::Comment {
                on: Thread::PullRequest(n),
                ..
            } => format!("comment on PR #{n}"),
            Steer::CreateIssue { .. } => "create the issue".to_string(),
            Steer::EditIssue { issue, .. } => format!("edit issue #{issue}"),
            Steer::CloseIssue { issue, .. } => format!("close issue #{issue}"),
            Steer::CreatePullRequest { .. } => "create the pull request".to_string(),
            Steer::EditPullRequest { pr, .. } => format!("edit PR #{pr}"),
            Steer::ClosePullRequest { pr } => format!("close PR #{pr}"),
            Steer::RequestReview { pr, .. } => format!("request review on PR #{pr}"),
            Steer::ReplyInline { pr, comment_id, .. } => {
                format!("reply to review comment {comment_id} on PR #{pr}")
            }
            Steer::MergePullRequest { pr, .. } => format!("merge PR #{pr}"),
        }
    }

    /// The record of what was asked, before GitHub adds what it produced:
    /// the entry keeps what was said and asked, not only what came back.
    pub fn asked(&self, repo: &super::Repo) -> SteerRecord {
        let mut record = SteerRecord::new(self.kind(), repo.to_string());
        match self {
            Steer::Comment { on, body } => {
                match on {
                    Thread::Issue(n) => record.issue = Some(*n),
                    Thread::PullRequest(n) => record.pr = Some(*n),
                }
                record.body = Some(body.clone());
            }
            Steer::CreateIssue {
                title,
                body,
                labels,
                assignees,
            } => {
                record.title = Some(title.clone());
                record.body = body.clone();
                record.labels = labels.clone();
                record.assignees = assignees.clone();
            }
            Steer::EditIssue { issue, title, body } => {
                record.issue = Some(*issue);
                record.title = title.clone();
                record.body = body.clone();
            }
            Steer::CloseIssue { issue, reason } => {
                record.issue = Some(*issue);
                record.close_reason = Some(reason.as_str().to_string());
            }
            Steer::CreatePullRequest {
                title,
                head,
                base,
                body,
                draft,
            } => {
                record.title = Some(title.clone());
                record.head = Some(head.clone());
                record.base = Some(base.clone());
                record.body = body.clone();
                record.draft = Some(*draft);
            }
            Steer::EditPullRequest { pr, title, body } => {
                record.pr = Some(*pr);
                record.title = title.clone();
                record.body = body.clone();
            }
            Steer::ClosePullRequest { pr } => record.pr = Some(*pr),
            Steer::RequestReview {
                pr,
                reviewers,
                teams,
            } => {
                record.pr = Some(*pr);
                record.reviewers = reviewers.clone();
                record.teams = teams.clone();
            }
            Steer::ReplyInline {
                pr,
                comment_id,
                body,
            } => {
                record.pr = Some(*pr);
                record.in_reply_to = Some(*comment_id);
                record.body = Some(body.clone());
            }
            Steer::MergePullRequest { pr, method, sha } => {
                record.pr = Some(*pr);
                record.merge_method = Some(method.api_name().to_string());
                record.pinned_sha = sha.clone();
            }
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steers_round_trip_through_json() {
        let steer = Steer::MergePullRequest {
            pr: 45,
            method: MergeMethod::Squash,
            sha: None,
        };
        let json = serde_json::to_string(&steer).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"merge-pr","pr":45,"method":"squash","sha":null}"#
        );
        assert_eq!(serde_json::from_str::<Steer>(&json).unwrap(), steer);
    }
}
