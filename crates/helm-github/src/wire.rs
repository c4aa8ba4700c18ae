//! GitHub's answers as GitHub writes them (snake_case), read into types of
//! its own; each one a payload keeps becomes helm-forge's shape of it
//! (`From<wire::X> for shape::X`, at the end), which is what is stored: camelCase,
//! people as logins, labels as names.
//!
//! Reads are strict where GitHub's OpenAPI description is: a field it marks
//! required (in every operation helm reads the type from) must be present,
//! so a malformed answer is an error rather than a record of zeros and empty
//! strings. Required fields GitHub may set to null are `Option`s read with
//! [`present`]; fields it marks optional are defaulted.

use serde::{Deserialize, Deserializer};

mod shaped;

/// A required field that may be null: present, with a value or null.
/// (serde would otherwise read a missing `Option` as `None`.)
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d)
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubUser {
    pub login: String,
}

/// An issue's labels are objects whose `name` GitHub does not promise, or
/// plain strings; both are read.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(from = "LabelForm")]
pub struct GitHubLabel {
    pub name: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum LabelForm {
    Name(String),
    Object {
        #[serde(default)]
        name: Option<String>,
    },
}

impl From<LabelForm> for GitHubLabel {
    fn from(form: LabelForm) -> GitHubLabel {
        let name = match form {
            LabelForm::Name(name) => name,
            LabelForm::Object { name } => name.unwrap_or_default(),
        };
        GitHubLabel { name }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubTeam {
    pub slug: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubIssue {
    pub number: u64,
    pub title: String,
    pub state: String,
    #[serde(default)]
    pub state_reason: Option<String>,
    #[serde(rename(deserialize = "user"))]
    #[serde(deserialize_with = "present")]
    pub author: Option<GitHubUser>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default)]
    pub author_association: Option<String>,
    pub labels: Vec<GitHubLabel>,
    #[serde(default)]
    pub assignees: Vec<GitHubUser>,
    pub(crate) comments: u64,
    pub(crate) locked: bool,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) closed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(default)]
    pub(crate) body: Option<String>,
    /// Present when the "issue" is a pull request (the issues API returns both).
    #[serde(default)]
    pub pull_request: Option<serde_json::Value>,
}

/// A comment on an issue or a pull request's conversation (GitHub's "issue
/// comment"), not a review's line comment.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubIssueComment {
    pub id: u64,
    #[serde(rename(deserialize = "user"))]
    #[serde(deserialize_with = "present")]
    pub author: Option<GitHubUser>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default)]
    pub author_association: Option<String>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(default)]
    pub body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubBranch {
    #[serde(rename = "ref")]
    pub name: String,
    pub sha: String,
    #[serde(deserialize_with = "present")]
    pub(crate) label: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubPull {
    pub number: u64,
    pub title: String,
    pub state: String,
    #[serde(default)]
    pub draft: Option<bool>,
    #[serde(default)]
    pub(crate) merged: Option<bool>,
    #[serde(default)]
    pub(crate) mergeable: Option<bool>,
    #[serde(default)]
    pub(crate) mergeable_state: Option<String>,
    #[serde(rename(deserialize = "user"))]
    #[serde(deserialize_with = "present")]
    pub author: Option<GitHubUser>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default)]
    pub author_association: Option<String>,
    pub labels: Vec<GitHubLabel>,
    #[serde(default)]
    pub(crate) assignees: Vec<GitHubUser>,
    #[serde(default)]
    pub requested_reviewers: Vec<GitHubUser>,
    #[serde(default)]
    pub requested_teams: Vec<GitHubTeam>,
    pub head: GitHubBranch,
    pub base: GitHubBranch,
    #[serde(default)]
    pub(crate) additions: Option<u64>,
    #[serde(default)]
    pub(crate) deletions: Option<u64>,
    #[serde(default)]
    pub(crate) changed_files: Option<u64>,
    #[serde(default)]
    pub(crate) commits: Option<u64>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub updated_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) closed_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) merged_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) merge_commit_sha: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubPullFile {
    pub(crate) filename: String,
    pub(crate) status: String,
    pub(crate) additions: u64,
    pub(crate) deletions: u64,
    pub(crate) changes: u64,
    #[serde(default)]
    pub(crate) previous_filename: Option<String>,
    /// Kept only where a payload asks for patches.
    #[serde(default)]
    pub patch: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubApp {
    #[serde(default)]
    pub slug: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubCheckRun {
    pub id: u64,
    pub(crate) name: String,
    pub status: String,
    #[serde(deserialize_with = "present")]
    pub conclusion: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) started_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) completed_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub(crate) url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub app: Option<GitHubApp>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubStatus {
    pub(crate) context: String,
    pub(crate) state: String,
    #[serde(deserialize_with = "present")]
    pub(crate) description: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) target_url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) updated_at: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubCombinedStatus {
    pub state: String,
    pub statuses: Vec<GitHubStatus>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubReview {
    pub(crate) id: u64,
    #[serde(rename(deserialize = "user"))]
    #[serde(deserialize_with = "present")]
    pub(crate) author: Option<GitHubUser>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default)]
    pub author_association: Option<String>,
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) submitted_at: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) commit_id: Option<String>,
    #[serde(deserialize_with = "present")]
    pub(crate) body: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct GitHubReviewComment {
    pub id: u64,
    #[serde(default)]
    pub in_reply_to_id: Option<u64>,
    #[serde(deserialize_with = "present")]
    pub(crate) pull_request_review_id: Option<u64>,
    pub path: String,
    #[serde(default)]
    pub line: Option<u64>,
    #[serde(default)]
    pub original_line: Option<u64>,
    #[serde(default)]
    pub(crate) side: Option<String>,
    #[serde(deserialize_with = "present")]
    pub diff_hunk: Option<String>,
    #[serde(rename(deserialize = "user"))]
    #[serde(deserialize_with = "present")]
    pub author: Option<GitHubUser>,
    /// The author's standing in the repository (`OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent only from an answer that left it out.
    #[serde(default)]
    pub author_association: Option<String>,
    #[serde(deserialize_with = "present")]
    pub created_at: Option<String>,
    #[serde(rename(deserialize = "html_url"))]
    #[serde(deserialize_with = "present")]
    pub url: Option<String>,
    #[serde(deserialize_with = "present")]
    pub body: Option<String>,
}

/// The answer to a merge.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct MergeResult {
    #[serde(deserialize_with = "present")]
    pub sha: Option<String>,
    pub merged: bool,
    #[serde(deserialize_with = "present")]
    pub message: Option<String>,
}
