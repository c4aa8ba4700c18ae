//! Forgejo's answers as its swagger defines them, with the fields helm reads
//! (`User`, `Repository`, `Issue`, `PullRequest`, `Comment`, `Label`,
//! `PullReview`, `PullReviewComment`, `CombinedStatus`, `ActionRun`,
//! `ActionRunJob`, `TimelineComment`, `RepoCollaboratorPermission`); and the
//! request bodies helm sends, each a typed struct serialised once (`bodies`),
//! which a test holds to the swagger's operations.

mod bodies;

pub(crate) use bodies::*;

use serde::Deserialize;

#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct ForgejoUser {
    pub(crate) login: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoRepo {
    #[serde(default)]
    pub(crate) default_branch: Option<String>,
    #[serde(default)]
    pub(crate) allow_merge_commits: bool,
    #[serde(default)]
    pub(crate) allow_squash_merge: bool,
    #[serde(default)]
    pub(crate) allow_rebase: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub(crate) struct ForgejoLabel {
    pub(crate) id: u64,
    pub(crate) name: String,
}

/// What an issue's `pull_request` says: that it is one.
#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoPullMeta {}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoIssue {
    pub(crate) number: u64,
    pub(crate) title: String,
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) body: Option<String>,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) labels: Option<Vec<ForgejoLabel>>,
    #[serde(default)]
    pub(crate) assignees: Option<Vec<ForgejoUser>>,
    #[serde(default)]
    pub(crate) comments: u64,
    #[serde(default)]
    pub(crate) is_locked: bool,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
    #[serde(default)]
    pub(crate) closed_at: Option<String>,
    #[serde(default)]
    pub(crate) pull_request: Option<ForgejoPullMeta>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoBranch {
    #[serde(rename = "ref")]
    pub(crate) name: String,
    pub(crate) sha: String,
    #[serde(default)]
    pub(crate) label: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoTeam {
    pub(crate) name: String,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoPull {
    pub(crate) number: u64,
    pub(crate) title: String,
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) body: Option<String>,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) labels: Option<Vec<ForgejoLabel>>,
    #[serde(default)]
    pub(crate) assignees: Option<Vec<ForgejoUser>>,
    #[serde(default)]
    pub(crate) requested_reviewers: Option<Vec<ForgejoUser>>,
    #[serde(default)]
    pub(crate) requested_reviewers_teams: Option<Vec<ForgejoTeam>>,
    #[serde(default)]
    pub(crate) draft: Option<bool>,
    #[serde(default)]
    pub(crate) merged: Option<bool>,
    #[serde(default)]
    pub(crate) mergeable: Option<bool>,
    #[serde(default)]
    pub(crate) merged_by: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) merged_at: Option<String>,
    #[serde(default)]
    pub(crate) merge_commit_sha: Option<String>,
    pub(crate) head: ForgejoBranch,
    pub(crate) base: ForgejoBranch,
    #[serde(default)]
    pub(crate) additions: Option<u64>,
    #[serde(default)]
    pub(crate) deletions: Option<u64>,
    #[serde(default)]
    pub(crate) changed_files: Option<u64>,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
    #[serde(default)]
    pub(crate) closed_at: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoComment {
    pub(crate) id: u64,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) body: Option<String>,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoPullFile {
    pub(crate) filename: String,
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) additions: u64,
    #[serde(default)]
    pub(crate) deletions: u64,
    #[serde(default)]
    pub(crate) changes: u64,
    #[serde(default)]
    pub(crate) previous_filename: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoReview {
    pub(crate) id: u64,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) body: Option<String>,
    #[serde(default)]
    pub(crate) commit_id: Option<String>,
    #[serde(default)]
    pub(crate) submitted_at: Option<String>,
    #[serde(default)]
    pub(crate) dismissed: bool,
    #[serde(default)]
    pub(crate) comments_count: u64,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoReviewComment {
    pub(crate) id: u64,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) body: Option<String>,
    pub(crate) path: String,
    #[serde(default)]
    pub(crate) position: Option<u64>,
    #[serde(default)]
    pub(crate) original_position: Option<u64>,
    #[serde(default)]
    pub(crate) diff_hunk: Option<String>,
    #[serde(default)]
    pub(crate) pull_request_review_id: Option<u64>,
    #[serde(default)]
    pub(crate) resolver: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoStatus {
    pub(crate) context: String,
    /// Forgejo's `CommitStatus` names its state `status`.
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) description: Option<String>,
    #[serde(default)]
    pub(crate) target_url: Option<String>,
    #[serde(default)]
    pub(crate) updated_at: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoCombinedStatus {
    #[serde(default)]
    pub(crate) state: String,
    #[serde(default)]
    pub(crate) sha: Option<String>,
    #[serde(default)]
    pub(crate) statuses: Option<Vec<ForgejoStatus>>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoRuns {
    #[serde(default)]
    pub(crate) workflow_runs: Option<Vec<ForgejoRun>>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoRun {
    pub(crate) id: u64,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoJob {
    pub(crate) id: u64,
    pub(crate) name: String,
    pub(crate) status: String,
    #[serde(default)]
    pub(crate) html_url: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoTimelineEvent {
    #[serde(rename = "type", default)]
    pub(crate) kind: Option<String>,
    #[serde(default)]
    pub(crate) user: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) body: Option<String>,
    #[serde(default)]
    pub(crate) label: Option<ForgejoLabel>,
    #[serde(default)]
    pub(crate) assignee: Option<ForgejoUser>,
    #[serde(default)]
    pub(crate) new_title: Option<String>,
    #[serde(default)]
    pub(crate) created_at: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ForgejoPermission {
    pub(crate) permission: String,
}
