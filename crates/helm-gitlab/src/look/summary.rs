//! GitLab's issue and merge request in helm's shapes (`shape::Issue`,
//! `shape::Pull`), field by field as ADR 0023's table reads them: `iid` is the
//! number, `opened` is `open`, a merged MR is `closed` with `merged: true`, the
//! head is `sha`, the base `diff_refs.base_sha`. A field GitLab does not give
//! (additions, deletions, commits) is absent, never invented. A merge
//! request's `detailed_merge_status` is kept beside the shape as
//! `mergeStatus`, GitLab's own word, which readiness reads.

use helm_forge::shape::{self, Branch, Label, User};
use serde::Serialize;

use crate::wire;

/// A merge request's summary: the pull shape and GitLab's merge status.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct GitLabPullSummary {
    #[serde(flatten)]
    pub(crate) pull: shape::Pull,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) merge_status: Option<String>,
}

pub(crate) fn person(user: &wire::GitLabUser) -> User {
    User {
        login: user.username.clone(),
    }
}

fn labels(names: &[String]) -> Vec<Label> {
    names
        .iter()
        .map(|name| Label { name: name.clone() })
        .collect()
}

/// GitLab's `opened` is helm's (and GitHub's) `open`; others are kept.
pub(crate) fn state(gitlab: &str) -> String {
    match gitlab {
        "opened" => "open".to_string(),
        "merged" | "locked" => "closed".to_string(),
        other => other.to_string(),
    }
}

pub(crate) fn issue(issue: &wire::GitLabIssue) -> shape::Issue {
    shape::Issue {
        number: issue.iid,
        title: issue.title.clone(),
        state: state(&issue.state),
        state_reason: None,
        author: Some(person(&issue.author)),
        author_association: None,
        author_can_push: None,
        labels: labels(&issue.labels),
        assignees: issue.assignees.iter().map(person).collect(),
        comments: issue.user_notes_count,
        locked: issue.discussion_locked.unwrap_or(false),
        created_at: issue.created_at.clone(),
        updated_at: issue.updated_at.clone(),
        closed_at: issue.closed_at.clone(),
        url: Some(issue.web_url.clone()),
        body: issue.description.clone(),
    }
}

pub(crate) fn pull(mr: &wire::GitLabMr) -> GitLabPullSummary {
    let base_sha = mr.diff_refs.as_ref().and_then(|d| d.base_sha.clone());
    let pull = shape::Pull {
        number: mr.iid,
        title: mr.title.clone(),
        state: state(&mr.state),
        draft: Some(mr.draft),
        merged: Some(mr.state == "merged"),
        mergeable: None,
        mergeable_state: None,
        author: Some(person(&mr.author)),
        author_association: None,
        author_can_push: None,
        labels: labels(&mr.labels),
        assignees: mr.assignees.iter().map(person).collect(),
        requested_reviewers: mr.reviewers.iter().map(person).collect(),
        requested_teams: Vec::new(),
        head: Branch {
            name: mr.source_branch.clone(),
            sha: mr.head().unwrap_or_default().to_string(),
            label: None,
        },
        base: Branch {
            name: mr.target_branch.clone(),
            sha: base_sha.unwrap_or_default(),
            label: None,
        },
        additions: None,
        deletions: None,
        // "1000+" when GitLab capped it: then not known.
        changed_files: mr.changes_count.as_deref().and_then(|c| c.parse().ok()),
        commits: None,
        created_at: mr.created_at.clone(),
        updated_at: mr.updated_at.clone(),
        closed_at: mr.closed_at.clone(),
        merged_at: mr.merged_at.clone(),
        merge_commit_sha: mr
            .merge_commit_sha
            .clone()
            .or_else(|| mr.squash_commit_sha.clone()),
        url: Some(mr.web_url.clone()),
        body: mr.description.clone(),
    };
    GitLabPullSummary {
        pull,
        merge_status: mr.detailed_merge_status.clone(),
    }
}
