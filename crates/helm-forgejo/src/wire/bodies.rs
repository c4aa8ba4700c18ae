//! The request bodies helm sends to Forgejo, as the swagger names them
//! (`CreateIssueCommentOption`, `CreateIssueOption`, `EditIssueOption`,
//! `EditPullRequestOption`, `CreatePullRequestOption`,
//! `PullReviewRequestOptions`, `MergePullRequestOption`, `IssueLabelsOption`).
//! A field helm does not set is left out, never sent empty.

use serde::Serialize;

#[derive(Debug, Serialize)]
pub(crate) struct ForgejoCommentBody<'a> {
    pub(crate) body: &'a str,
}

#[derive(Debug, Serialize)]
pub(crate) struct ForgejoCreateIssueBody<'a> {
    pub(crate) title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<&'a str>,
    /// Label ids (`CreateIssueOption.labels` is `[int64]`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) labels: Vec<u64>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub(crate) assignees: &'a [String],
}

/// `EditIssueOption` and `EditPullRequestOption` alike: what changes.
#[derive(Debug, Serialize)]
pub(crate) struct ForgejoEditBody<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<&'a str>,
    /// `open` or `closed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state: Option<&'a str>,
}

#[derive(Debug, Serialize)]
pub(crate) struct ForgejoCreatePullBody<'a> {
    pub(crate) head: &'a str,
    pub(crate) base: &'a str,
    pub(crate) title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<&'a str>,
}

#[derive(Debug, Serialize)]
pub(crate) struct ForgejoReviewersBody<'a> {
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub(crate) reviewers: &'a [String],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub(crate) team_reviewers: &'a [String],
}

#[derive(Debug, Serialize)]
pub(crate) struct ForgejoMergeBody<'a> {
    /// `merge`, `squash` or `rebase`.
    #[serde(rename = "Do")]
    pub(crate) how: &'a str,
    /// The head the merge is pinned to: Forgejo answers 409 if it moved.
    pub(crate) head_commit_id: &'a str,
}

/// `IssueLabelsOption`: label ids.
#[derive(Debug, Serialize)]
pub(crate) struct ForgejoLabelsBody {
    pub(crate) labels: Vec<u64>,
}

#[cfg(test)]
mod tests;
