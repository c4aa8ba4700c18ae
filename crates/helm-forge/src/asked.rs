//! What a look asks a forge for, whichever way it asks: an issue or a pull
//! request and its parts, a repository's listings, whose CI and which logs.
//! Both ways of looking name these, the whole read of [`Repository`](crate::Repository)
//! and the conditional one of [`ConditionalLook`](crate::ConditionalLook), so they
//! stand below both.

/// What a request is about: an issue, or a pull request (a GitLab merge
/// request), by its number as the forge shows it to people (GitLab's `iid`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadRef {
    pub number: u64,
    pub is_pr: bool,
}

/// The parts of an issue or pull request a look can read; the payload
/// field each fills has the same name (`summary`, `comments`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ThreadPart {
    /// `shape::Issue` or `shape::Pull`.
    Summary,
    /// `Vec<shape::IssueComment>`: the conversation, not line comments.
    Comments,
    /// `Vec<shape::PullFile>`.
    Files,
    /// `{"format": "unified", "text": …}` as GitHub's payload keeps it.
    Diff,
    /// CI of the head, in the `checks` part's shape.
    Checks,
    /// Reviews (approvals), line comments and threads, in the `reviews` shape.
    Reviews,
}

impl ThreadPart {
    /// The payload field this part fills.
    pub fn name(self) -> &'static str {
        match self {
            ThreadPart::Summary => "summary",
            ThreadPart::Comments => "comments",
            ThreadPart::Files => "files",
            ThreadPart::Diff => "diff",
            ThreadPart::Checks => "checks",
            ThreadPart::Reviews => "reviews",
        }
    }
}

/// `repo`'s focus: the open issues and the open pull requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepoPart {
    Issues,
    PullRequests,
}

/// Whose CI a `checks` look reads: a pull request's head, or a ref.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChecksOf {
    Pr(u64),
    Ref(String),
}

/// Which failed or finished jobs' logs a checks look reads, and how many of
/// their last lines it keeps (`--logs`, `--tail`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogsWanted {
    pub failed_only: bool,
    pub none: bool,
    pub tail: usize,
}
