//! GitHub's answers as helm-forge's payload shapes: every field a payload has
//! always kept, in helm's words (people as logins, labels as names, teams as
//! slugs). What only GitHub's answer holds (an issue's `pull_request`) stays
//! behind.

use helm_forge::shape;

use super::{
    GitHubApp, GitHubBranch, GitHubCheckRun, GitHubCombinedStatus, GitHubIssue, GitHubIssueComment,
    GitHubLabel, GitHubPull, GitHubPullFile, GitHubReview, GitHubReviewComment, GitHubStatus,
    GitHubTeam, GitHubUser,
};

fn person(user: Option<GitHubUser>) -> Option<shape::User> {
    user.map(shape::User::from)
}

fn people(users: Vec<GitHubUser>) -> Vec<shape::User> {
    users.into_iter().map(shape::User::from).collect()
}

fn labels(labels: Vec<GitHubLabel>) -> Vec<shape::Label> {
    labels.into_iter().map(shape::Label::from).collect()
}

impl From<GitHubUser> for shape::User {
    fn from(user: GitHubUser) -> shape::User {
        shape::User { login: user.login }
    }
}

impl From<GitHubLabel> for shape::Label {
    fn from(label: GitHubLabel) -> shape::Label {
        shape::Label { name: label.name }
    }
}

impl From<GitHubTeam> for shape::Team {
    fn from(team: GitHubTeam) -> shape::Team {
        shape::Team { slug: team.slug }
    }
}

impl From<GitHubIssue> for shape::Issue {
    fn from(issue: GitHubIssue) -> shape::Issue {
        shape::Issue {
            number: issue.number,
            title: issue.title,
            state: issue.state,
            state_reason: issue.state_reason,
            author: person(issue.author),
            author_association: issue.author_association,
            author_can_push: None,
            labels: labels(issue.labels),
            assignees: people(issue.assignees),
            comments: issue.comments,
            locked: issue.locked,
            created_at: issue.created_at,
            updated_at: issue.updated_at,
            closed_at: issue.closed_at,
            url: issue.url,
            body: issue.body,
        }
    }
}

impl From<GitHubIssueComment> for shape::IssueComment {
    fn from(comment: GitHubIssueComment) -> shape::IssueComment {
        shape::IssueComment {
            id: comment.id,
            author: person(comment.author),
            author_association: comment.author_association,
            author_can_push: None,
            created_at: comment.created_at,
            updated_at: comment.updated_at,
            url: comment.url,
            body: comment.body,
        }
    }
}

impl From<GitHubBranch> for shape::Branch {
    fn from(branch: GitHubBranch) -> shape::Branch {
        shape::Branch {
            name: branch.name,
            sha: branch.sha,
            label: branch.label,
        }
    }
}

impl From<GitHubPull> for shape::Pull {
    fn from(pull: GitHubPull) -> shape::Pull {
        shape::Pull {
            number: pull.number,
            title: pull.title,
            state: pull.state,
            draft: pull.draft,
            merged: pull.merged,
            mergeable: pull.mergeable,
            mergeable_state: pull.mergeable_state,
            author: person(pull.author),
            author_association: pull.author_association,
            author_can_push: None,
            labels: labels(pull.labels),
            assignees: people(pull.assignees),
            requested_reviewers: people(pull.requested_reviewers),
            requested_teams: pull
                .requested_teams
                .into_iter()
                .map(shape::Team::from)
                .collect(),
            head: pull.head.into(),
            base: pull.base.into(),
            additions: pull.additions,
            deletions: pull.deletions,
            changed_files: pull.changed_files,
            commits: pull.commits,
            created_at: pull.created_at,
            updated_at: pull.updated_at,
            closed_at: pull.closed_at,
            merged_at: pull.merged_at,
            merge_commit_sha: pull.merge_commit_sha,
            url: pull.url,
            body: pull.body,
        }
    }
}

impl From<GitHubPullFile> for shape::PullFile {
    fn from(file: GitHubPullFile) -> shape::PullFile {
        shape::PullFile {
            filename: file.filename,
            status: file.status,
            additions: file.additions,
            deletions: file.deletions,
            changes: file.changes,
            previous_filename: file.previous_filename,
            patch: file.patch,
        }
    }
}

impl From<GitHubApp> for shape::App {
    fn from(app: GitHubApp) -> shape::App {
        shape::App { slug: app.slug }
    }
}

impl From<GitHubCheckRun> for shape::CheckRun {
    fn from(run: GitHubCheckRun) -> shape::CheckRun {
        shape::CheckRun {
            id: run.id,
            name: run.name,
            status: run.status,
            conclusion: run.conclusion,
            started_at: run.started_at,
            completed_at: run.completed_at,
            url: run.url,
            app: run.app.map(shape::App::from),
        }
    }
}

impl From<GitHubStatus> for shape::Status {
    fn from(status: GitHubStatus) -> shape::Status {
        shape::Status {
            context: status.context,
            state: status.state,
            description: status.description,
            target_url: status.target_url,
            updated_at: status.updated_at,
        }
    }
}

impl From<GitHubCombinedStatus> for shape::CombinedStatus {
    fn from(combined: GitHubCombinedStatus) -> shape::CombinedStatus {
        shape::CombinedStatus {
            state: combined.state,
            statuses: combined
                .statuses
                .into_iter()
                .map(shape::Status::from)
                .collect(),
        }
    }
}

impl From<GitHubReview> for shape::Review {
    fn from(review: GitHubReview) -> shape::Review {
        shape::Review {
            id: review.id,
            author: person(review.author),
            author_association: review.author_association,
            author_can_push: None,
            state: review.state,
            submitted_at: review.submitted_at,
            commit_id: review.commit_id,
            body: review.body,
        }
    }
}

impl From<GitHubReviewComment> for shape::ReviewComment {
    fn from(comment: GitHubReviewComment) -> shape::ReviewComment {
        shape::ReviewComment {
            id: comment.id,
            in_reply_to_id: comment.in_reply_to_id,
            pull_request_review_id: comment.pull_request_review_id,
            path: comment.path,
            line: comment.line,
            original_line: comment.original_line,
            side: comment.side,
            diff_hunk: comment.diff_hunk,
            author: person(comment.author),
            author_association: comment.author_association,
            author_can_push: None,
            created_at: comment.created_at,
            url: comment.url,
            body: comment.body,
        }
    }
}
