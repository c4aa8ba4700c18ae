//! An issue, a pull request and what their conversation holds, as a payload
//! keeps them: the summary, the comments, the branches and the files changed.

use serde::{Deserialize, Serialize};

use super::{Label, Team, User};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Issue {
    pub number: u64,
    pub title: String,
    pub state: String,
    pub state_reason: Option<String>,
    pub author: Option<User>,
    /// The author's standing in the repository (GitHub's `OWNER`, `MEMBER`,
    /// `COLLABORATOR`, `CONTRIBUTOR`, `FIRST_TIME_CONTRIBUTOR`, `FIRST_TIMER`,
    /// `NONE`, `MANNEQUIN`): whether their text comes from someone who can
    /// push. Absent when the forge's answer left it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    /// Whether the author can push, where the forge's word for the standing
    /// is its own (GitLab's access level, Forgejo's permission), not one of
    /// GitHub's associations: absent on GitHub, whose words say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_can_push: Option<bool>,
    pub labels: Vec<Label>,
    pub assignees: Vec<User>,
    pub comments: u64,
    pub locked: bool,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub closed_at: Option<String>,
    pub url: Option<String>,
    pub body: Option<String>,
}

/// A comment on an issue or a pull request's conversation, not a review's
/// line comment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssueComment {
    pub id: u64,
    pub author: Option<User>,
    /// The author's standing, as on [`Issue::author_association`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    /// Whether the author can push, where the forge's word for the standing
    /// is its own (GitLab's access level, Forgejo's permission), not one of
    /// GitHub's associations: absent on GitHub, whose words say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_can_push: Option<bool>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub url: Option<String>,
    pub body: Option<String>,
}

/// A pull request's head or base: the branch (`ref` in the payload) and its sha.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Branch {
    #[serde(rename = "ref")]
    pub name: String,
    pub sha: String,
    pub label: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pull {
    pub number: u64,
    pub title: String,
    pub state: String,
    pub draft: Option<bool>,
    pub merged: Option<bool>,
    pub mergeable: Option<bool>,
    pub mergeable_state: Option<String>,
    pub author: Option<User>,
    /// The author's standing, as on [`Issue::author_association`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    /// Whether the author can push, where the forge's word for the standing
    /// is its own (GitLab's access level, Forgejo's permission), not one of
    /// GitHub's associations: absent on GitHub, whose words say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_can_push: Option<bool>,
    pub labels: Vec<Label>,
    pub assignees: Vec<User>,
    pub requested_reviewers: Vec<User>,
    pub requested_teams: Vec<Team>,
    pub head: Branch,
    pub base: Branch,
    pub additions: Option<u64>,
    pub deletions: Option<u64>,
    pub changed_files: Option<u64>,
    pub commits: Option<u64>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub closed_at: Option<String>,
    pub merged_at: Option<String>,
    pub merge_commit_sha: Option<String>,
    pub url: Option<String>,
    pub body: Option<String>,
}

/// One file a pull request changes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PullFile {
    pub filename: String,
    pub status: String,
    pub additions: u64,
    pub deletions: u64,
    pub changes: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_filename: Option<String>,
    /// Kept only where a payload asks for patches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patch: Option<String>,
}
