//! What a repository observation lists of its open pull requests: one line
//! each, the same fields from every forge, so a listing reads alike whichever
//! forge it came from.

use serde::{Deserialize, Serialize};

/// A pull request (a merge request on GitLab) as a line of the repository's
/// listing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PullLine {
    pub number: u64,
    pub title: String,
    pub author: Option<String>,
    /// GitHub's word for the author's standing; other forges have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_association: Option<String>,
    pub draft: Option<bool>,
    pub head: String,
    pub base: String,
    pub labels: Vec<String>,
    pub requested_reviewers: Vec<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub url: Option<String>,
}
