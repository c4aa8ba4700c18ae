//! Forgejo's answers in helm's shapes (ADR 0023's table "Forgejo: helm's
//! shapes from Forgejo's fields"): the payload the core digests and compares
//! is the one GitHub's has always been. A field Forgejo has not (a close
//! reason, a pull request's commit count) is left empty, never invented;
//! standing is not inline on Forgejo, so the core asks `standing` for it.

use helm_forge::shape;

use crate::wire;

fn user(user: Option<wire::ForgejoUser>) -> Option<shape::User> {
    user.map(|u| shape::User { login: u.login })
}

fn users(users: Option<Vec<wire::ForgejoUser>>) -> Vec<shape::User> {
    users
        .unwrap_or_default()
        .into_iter()
        .map(|u| shape::User { login: u.login })
        .collect()
}

fn labels(labels: Option<Vec<wire::ForgejoLabel>>) -> Vec<shape::Label> {
    labels
        .unwrap_or_default()
        .into_iter()
        .map(|l| shape::Label { name: l.name })
        .collect()
}

pub(crate) fn issue(issue: wire::ForgejoIssue) -> shape::Issue {
    shape::Issue {
        number: issue.number,
        title: issue.title,
        state: issue.state,
        state_reason: None,
        author: user(issue.user),
        author_association: None,
        author_can_push: None,
        labels: labels(issue.labels),
        assignees: users(issue.assignees),
        comments: issue.comments,
        locked: issue.is_locked,
        created_at: issue.created_at,
        updated_at: issue.updated_at,
        closed_at: issue.closed_at,
        url: issue.html_url,
        body: issue.body,
    }
}

fn branch(branch: wire::ForgejoBranch) -> shape::Branch {
    shape::Branch {
        name: branch.name,
        sha: branch.sha,
        label: branch.label,
    }
}

pub(crate) fn pull(pull: wire::ForgejoPull) -> shape::Pull {
    let teams = pull.requested_reviewers_teams.unwrap_or_default();
    shape::Pull {
        number: pull.number,
        title: pull.title,
        state: pull.state,
        draft: pull.draft,
        merged: pull.merged,
        mergeable: pull.mergeable,
        mergeable_state: None,
        author: user(pull.user),
        author_association: None,
        author_can_push: None,
        labels: labels(pull.labels),
        assignees: users(pull.assignees),
        requested_reviewers: users(pull.requested_reviewers),
        requested_teams: teams
            .into_iter()
            .map(|t| shape::Team { slug: t.name })
            .collect(),
        head: branch(pull.head),
        base: branch(pull.base),
        additions: pull.additions,
        deletions: pull.deletions,
        changed_files: pull.changed_files,
        commits: None,
        created_at: pull.created_at,
        updated_at: pull.updated_at,
        closed_at: pull.closed_at,
        merged_at: pull.merged_at,
        merge_commit_sha: pull.merge_commit_sha,
        url: pull.html_url,
        body: pull.body,
    }
}

pub(crate) fn comment(comment: wire::ForgejoComment) -> shape::IssueComment {
    shape::IssueComment {
        id: comment.id,
        author: user(comment.user),
        author_association: None,
        author_can_push: None,
        created_at: comment.created_at,
        updated_at: comment.updated_at,
        url: comment.html_url,
        body: comment.body,
    }
}

pub(crate) fn file(file: wire::ForgejoPullFile) -> shape::PullFile {
    shape::PullFile {
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        changes: file.changes,
        previous_filename: file.previous_filename,
        patch: None,
    }
}

/// A review in GitHub's words, or `None` for Forgejo's `REQUEST_REVIEW`,
/// which is a request, not a review.
pub(crate) fn review(review: wire::ForgejoReview) -> Option<shape::Review> {
    let state = match review.state.as_str() {
        "REQUEST_REVIEW" => return None,
        _ if review.dismissed => "DISMISSED",
        "REQUEST_CHANGES" => "CHANGES_REQUESTED",
        "COMMENT" => "COMMENTED",
        other => other,
    };
    Some(shape::Review {
        id: review.id,
        author: user(review.user),
        author_association: None,
        author_can_push: None,
        state: state.to_string(),
        submitted_at: review.submitted_at,
        commit_id: review.commit_id,
        body: review.body,
    })
}

/// A line comment; `root` is its thread's first comment when it is not it.
pub(crate) fn review_comment(
    comment: wire::ForgejoReviewComment,
    root: Option<u64>,
) -> shape::ReviewComment {
    shape::ReviewComment {
        id: comment.id,
        in_reply_to_id: root,
        pull_request_review_id: comment.pull_request_review_id,
        path: comment.path,
        line: comment.position,
        original_line: comment.original_position,
        side: None,
        diff_hunk: comment.diff_hunk,
        author: user(comment.user),
        author_association: None,
        author_can_push: None,
        created_at: comment.created_at,
        url: comment.html_url,
        body: comment.body,
    }
}

pub(crate) fn status(status: wire::ForgejoStatus) -> shape::Status {
    shape::Status {
        context: status.context,
        state: status.status,
        description: status.description,
        target_url: status.target_url,
        updated_at: status.updated_at,
    }
}
