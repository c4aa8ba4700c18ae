//! Performs a [`Steer`] on GitHub and describes its result in the world as a
//! [`SteerRecord`]. Called inside the seal transaction: it either returns the
//! record to be written or fails, and then nothing is written.

use http::Method;
use serde::Serialize;
use serde_json::Value;

use super::client::Client;
use super::error::GitHubError;
use super::types::{Comment, Issue, MergeResult, Pull, ReviewComment};
use crate::model::entry::{Applied, SteerRecord};
use crate::model::steer::{Steer, Thread};

/// Performs `steer`; the record starts from what was asked
/// ([`Steer::asked`]) and gains what GitHub produced and applied.
pub async fn perform(client: &Client, steer: &Steer) -> Result<SteerRecord, GitHubError> {
    let mut record = steer.asked(&client.repo);
    match steer {
        Steer::Comment { on, body } => {
            let number = match on {
                Thread::Issue(n) | Thread::PullRequest(n) => *n,
            };
            let comment: Comment = client
                .write(
                    Method::POST,
                    &client.repo_path(&format!("/issues/{number}/comments")),
                    &body_of(&Text { body }),
                )
                .await?;
            record.comment_id = Some(comment.id);
            record.url = comment.url;
            Ok(record)
        }
        Steer::CreateIssue {
            title,
            body,
            labels,
            assignees,
        } => {
            let request = NewIssue {
                title,
                body,
                labels,
                assignees,
            };
            let issue: Issue = client
                .write(
                    Method::POST,
                    &client.repo_path("/issues"),
                    &body_of(&request),
                )
                .await?;
            issue_result(&mut record, &issue);
            record.title = Some(issue.title.clone());
            record.applied = Some(Applied {
                labels: Some(issue.labels.iter().map(|l| l.name.clone()).collect()),
                assignees: Some(issue.assignees.iter().map(|u| u.login.clone()).collect()),
                ..Applied::default()
            });
            Ok(record)
        }
        Steer::EditIssue { issue, title, body } => {
            let issue: Issue = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/issues/{issue}")),
                    &body_of(&Edit { title, body }),
                )
                .await?;
            issue_result(&mut record, &issue);
            record.title = title.as_ref().map(|_| issue.title.clone());
            Ok(record)
        }
        Steer::CloseIssue { issue, reason } => {
            let issue: Issue = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/issues/{issue}")),
                    &body_of(&Close {
                        state: "closed",
                        state_reason: Some(reason.api_name()),
                    }),
                )
                .await?;
            issue_result(&mut record, &issue);
            record.state = Some(issue.state.clone());
            record.state_reason = issue.state_reason.or(Some(reason.api_name().to_string()));
            Ok(record)
        }
        Steer::CreatePullRequest {
            title,
            head,
            base,
            body,
            draft,
        } => {
            let request = NewPull {
                title,
                head,
                base,
                body,
                draft: *draft,
            };
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path("/pulls"),
                    &body_of(&request),
                )
                .await?;
            pull_result(&mut record, &pr);
            record.title = Some(pr.title.clone());
            record.head = Some(head.clone());
            record.base = Some(base.clone());
            record.draft = Some(pr.draft.unwrap_or(*draft));
            Ok(record)
        }
        Steer::EditPullRequest { pr, title, body } => {
            let pr: Pull = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/pulls/{pr}")),
                    &body_of(&Edit { title, body }),
                )
                .await?;
            pull_result(&mut record, &pr);
            record.title = title.as_ref().map(|_| pr.title.clone());
            Ok(record)
        }
        Steer::ClosePullRequest { pr } => {
            let pr: Pull = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/pulls/{pr}")),
                    &body_of(&Close {
                        state: "closed",
                        state_reason: None,
                    }),
                )
                .await?;
            pull_result(&mut record, &pr);
            record.state = Some(pr.state.clone());
            Ok(record)
        }
        Steer::RequestReview {
            pr,
            reviewers,
            teams,
        } => {
            let request = Reviewers {
                reviewers,
                team_reviewers: teams,
            };
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path(&format!("/pulls/{pr}/requested_reviewers")),
                    &body_of(&request),
                )
                .await?;
            pull_result(&mut record, &pr);
            record.applied = Some(Applied {
                reviewers: Some(
                    pr.requested_reviewers
                        .iter()
                        .map(|u| u.login.clone())
                        .collect(),
                ),
                teams: Some(pr.requested_teams.iter().map(|t| t.slug.clone()).collect()),
                ..Applied::default()
            });
            Ok(record)
        }
        Steer::ReplyInline {
            pr,
            comment_id,
            body,
        } => {
            let reply: ReviewComment = client
                .write(
                    Method::POST,
                    &client.repo_path(&format!("/pulls/{pr}/comments/{comment_id}/replies")),
                    &body_of(&Text { body }),
                )
                .await?;
            record.comment_id = Some(reply.id);
            record.url = reply.url;
            Ok(record)
        }
        Steer::MergePullRequest { pr, method, sha } => {
            let request = Merge {
                merge_method: method.api_name(),
                sha,
            };
            let merge: MergeResult = client
                .write(
                    Method::PUT,
                    &client.repo_path(&format!("/pulls/{pr}/merge")),
                    &body_of(&request),
                )
                .await?;
            if !merge.merged {
                return Err(GitHubError::refused(
                    merge
                        .message
                        .unwrap_or_else(|| "GitHub did not merge the pull request".into()),
                ));
            }
            record.merge_sha = merge.sha;
            record.url = Some(client.web_url(&format!("/pull/{pr}")));
            Ok(record)
        }
    }
}

/// The request bodies, in GitHub's snake_case; absent fields are left out.
#[derive(Serialize)]
struct Text<'a> {
    body: &'a str,
}

#[derive(Serialize)]
struct NewIssue<'a> {
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: &'a Option<String>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    labels: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    assignees: &'a [String],
}

#[derive(Serialize)]
struct Edit<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    title: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: &'a Option<String>,
}

#[derive(Serialize)]
struct Close {
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    state_reason: Option<&'static str>,
}

#[derive(Serialize)]
struct NewPull<'a> {
    title: &'a str,
    head: &'a str,
    base: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: &'a Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    draft: bool,
}

#[derive(Serialize)]
struct Reviewers<'a> {
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    reviewers: &'a [String],
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    team_reviewers: &'a [String],
}

#[derive(Serialize)]
struct Merge<'a> {
    merge_method: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    sha: &'a Option<String>,
}

fn body_of<T: Serialize>(request: &T) -> Value {
    serde_json::to_value(request).unwrap_or(Value::Null)
}

fn issue_result(record: &mut SteerRecord, issue: &Issue) {
    record.issue = Some(issue.number);
    record.url = issue.url.clone();
}

fn pull_result(record: &mut SteerRecord, pr: &Pull) {
    record.pr = Some(pr.number);
    record.url = pr.url.clone();
}
