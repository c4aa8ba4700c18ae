//! `Steer`: the actions helm performs on the collaborative boundary, typed by
//! intent rather than by API call. Each variant is one `helm steer` subcommand.

/// Where a comment goes: an issue's or a pull request's conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thread {
    Issue(u64),
    PullRequest(u64),
}

/// Why an issue is closed (GitHub's `state_reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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
}

/// How a pull request is merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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

#[derive(Clone, Debug, PartialEq, Eq)]
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
    CreatePullRequest {
        title: String,
        head: String,
        base: String,
        body: Option<String>,
        draft: bool,
    },
    EditPullRequest {
        pr: u64,
        title: Option<String>,
        body: Option<String>,
    },
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
    MergePullRequest {
        pr: u64,
        method: MergeMethod,
        sha: Option<String>,
    },
}

impl Steer {
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
}
