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
                    &request(Request {
                        body: Some(body),
                        ..Request::default()
                    }),
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
            let issue: Issue = client
                .write(
                    Method::POST,
                    &client.repo_path("/issues"),
                    &request(Request {
                        title: Some(title),
                        body: body.as_deref(),
                        labels: (!labels.is_empty()).then_some(labels),
                        assignees: (!assignees.is_empty()).then_some(assignees),
                        ..Request::default()
                    }),
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
                    &request(Request {
                        title: title.as_deref(),
                        body: body.as_deref(),
                        ..Request::default()
                    }),
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
                    &request(Request {
                        state: Some("closed"),
                        state_reason: Some(reason.api_name()),
                        ..Request::default()
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
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path("/pulls"),
                    &request(Request {
                        title: Some(title),
                        head: Some(head),
                        base: Some(base),
                        body: body.as_deref(),
                        draft: draft.then_some(true),
                        ..Request::default()
                    }),
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
                    &request(Request {
                        title: title.as_deref(),
                        body: body.as_deref(),
                        ..Request::default()
                    }),
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
                    &request(Request {
                        state: Some("closed"),
                        ..Request::default()
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
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path(&format!("/pulls/{pr}/requested_reviewers")),
                    &request(Request {
                        reviewers: (!reviewers.is_empty()).then_some(reviewers),
                        team_reviewers: (!teams.is_empty()).then_some(teams),
                        ..Request::default()
                    }),
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
                    &request(Request {
                        body: Some(body),
                        ..Request::default()
                    }),
                )
                .await?;
            record.comment_id = Some(reply.id);
            record.url = reply.url;
            Ok(record)
        }
        Steer::MergePullRequest { pr, method, sha } => {
            let merge: MergeResult = client
                .write(
                    Method::PUT,
                    &client.repo_path(&format!("/pulls/{pr}/merge")),
                    &request(Request {
                        merge_method: Some(method.api_name()),
                        sha: sha.as_deref(),
                        ..Request::default()
                    }),
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

/// The body of a write, in GitHub's field names; fields left `None` are
/// not sent.
#[derive(Default, Serialize)]
struct Request<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state_reason: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    labels: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    assignees: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    head: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    draft: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    team_reviewers: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    merge_method: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sha: Option<&'a str>,
}

fn request(fields: Request<'_>) -> Value {
    serde_json::to_value(fields).unwrap_or(Value::Null)
}

fn issue_result(record: &mut SteerRecord, issue: &Issue) {
    record.issue = Some(issue.number);
    record.url = issue.url.clone();
}

fn pull_result(record: &mut SteerRecord, pr: &Pull) {
    record.pr = Some(pr.number);
    record.url = pr.url.clone();
}
