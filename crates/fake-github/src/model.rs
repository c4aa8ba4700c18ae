//! The public records of the fake: issues, pull requests and their parts, as tests seed,
//! edit and read them. Plain data: no locking, no HTTP.

/// An issue or a pull request (then `pull` is set), as the fake stores it.
#[derive(Clone, Debug)]
pub struct IssueRecord {
    pub number: u64,
    pub id: u64,
    pub title: String,
    pub body: Option<String>,
    pub user: String,
    /// `"open"` or `"closed"`.
    pub state: String,
    pub state_reason: Option<String>,
    pub labels: Vec<String>,
    pub assignees: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub pull: Option<PullRecord>,
}

/// The pull-request half of an [`IssueRecord`].
#[derive(Clone, Debug)]
pub struct PullRecord {
    /// Pull requests have an `id` of their own, distinct from their issue's.
    pub id: u64,
    pub head: String,
    pub base: String,
    pub head_sha: String,
    pub base_sha: String,
    pub draft: bool,
    /// `None` while GitHub is still computing mergeability.
    pub mergeable: Option<bool>,
    /// Overrides the derived `mergeable_state` (e.g. `"blocked"`, `"unstable"`).
    pub mergeable_state: Option<String>,
    pub merged_at: Option<String>,
    pub merge_commit_sha: Option<String>,
    pub requested_reviewers: Vec<String>,
    pub requested_teams: Vec<String>,
    pub diff: Diff,
    pub files: Vec<PrFile>,
    /// Commits on the branch; [`super::FakeGitHub::push_commit`] adds one.
    pub commits: u64,
}

/// What `GET pulls/{n}` with a diff media type answers.
#[derive(Clone, Debug, Default)]
pub enum Diff {
    /// A unified diff assembled from the PR's files.
    #[default]
    FromFiles,
    Text(String),
    /// 406, as GitHub answers past 20,000 lines.
    TooLarge,
}

/// One changed file of a pull request; additions/deletions are counted from `patch`.
#[derive(Clone, Debug)]
pub struct PrFile {
    pub filename: String,
    /// `"added"`, `"modified"`, `"removed"`, `"renamed"`, ...
    pub status: String,
    pub patch: String,
}

/// An issue (or PR conversation) comment.
#[derive(Clone, Debug)]
pub struct CommentRecord {
    pub id: u64,
    pub user: String,
    pub body: String,
}
