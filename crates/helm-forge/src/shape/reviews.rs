//! A pull request's reviews and their line comments as a payload keeps them.

use serde::{Deserialize, Serialize};

use super::User;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: u64,
    pub author: Option<User>,
    /// The author's standing, as on [`super::Issue::author_association`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    /// Whether the author can push, where the forge's word for the standing
    /// is its own (GitLab's access level, Forgejo's permission), not one of
    /// GitHub's associations: absent on GitHub, whose words say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_can_push: Option<bool>,
    pub state: String,
    pub submitted_at: Option<String>,
    pub commit_id: Option<String>,
    pub body: Option<String>,
}

/// A review's comment on a line of the diff.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewComment {
    pub id: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_reply_to_id: Option<u64>,
    pub pull_request_review_id: Option<u64>,
    pub path: String,
    pub line: Option<u64>,
    pub original_line: Option<u64>,
    pub side: Option<String>,
    pub diff_hunk: Option<String>,
    pub author: Option<User>,
    /// The author's standing, as on [`super::Issue::author_association`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    /// Whether the author can push, where the forge's word for the standing
    /// is its own (GitLab's access level, Forgejo's permission), not one of
    /// GitHub's associations: absent on GitHub, whose words say it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_can_push: Option<bool>,
    pub created_at: Option<String>,
    pub url: Option<String>,
    pub body: Option<String>,
}
