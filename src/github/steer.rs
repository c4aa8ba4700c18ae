//! Performs a [`Steer`] on GitHub and describes its result in the world as a
//! [`SteerRecord`]. Called inside the seal transaction: it either returns the
//! record to be written or fails, and then nothing is written.

use http::Method;
use serde_json::{Map, Value, json};

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
                    &json!({ "body": body }),
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
            let mut request = Map::new();
            request.insert("title".into(), title.clone().into());
            insert_some(&mut request, "body", body);
            if !labels.is_empty() {
                request.insert("labels".into(), json!(labels));
            }
            if !assignees.is_empty() {
                request.insert("assignees".into(), json!(assignees));
            }
            let issue: Issue = client
                .write(
                    Method::POST,
                    &client.repo_path("/issues"),
                    &Value::Object(request),
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
            let mut request = Map::new();
            insert_some(&mut request, "title", title);
            insert_some(&mut request, "body", body);
            let issue: Issue = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/issues/{issue}")),
                    &Value::Object(request),
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
                    &json!({ "state": "closed", "state_reason": reason.api_name() }),
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
            let mut request = Map::new();
            request.insert("title".into(), title.clone().into());
            request.insert("head".into(), head.clone().into());
            request.insert("base".into(), base.clone().into());
            insert_some(&mut request, "body", body);
            if *draft {
                request.insert("draft".into(), true.into());
            }
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path("/pulls"),
                    &Value::Object(request),
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
            let mut request = Map::new();
            insert_some(&mut request, "title", title);
            insert_some(&mut request, "body", body);
            let pr: Pull = client
                .write(
                    Method::PATCH,
                    &client.repo_path(&format!("/pulls/{pr}")),
                    &Value::Object(request),
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
                    &json!({ "state": "closed" }),
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
            let mut request = Map::new();
            if !reviewers.is_empty() {
                request.insert("reviewers".into(), json!(reviewers));
            }
            if !teams.is_empty() {
                request.insert("team_reviewers".into(), json!(teams));
            }
            let pr: Pull = client
                .write(
                    Method::POST,
                    &client.repo_path(&format!("/pulls/{pr}/requested_reviewers")),
                    &Value::Object(request),
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
                    &json!({ "body": body }),
                )
                .await?;
            record.comment_id = Some(reply.id);
            record.url = reply.url;
            Ok(record)
        }
        Steer::MergePullRequest { pr, method, sha } => {
            let mut request = Map::new();
            request.insert("merge_method".into(), method.api_name().into());
            insert_some(&mut request, "sha", sha);
            let merge: MergeResult = client
                .write(
                    Method::PUT,
                    &client.repo_path(&format!("/pulls/{pr}/merge")),
                    &Value::Object(request),
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

fn insert_some(map: &mut Map<String, Value>, key: &str, value: &Option<String>) {
    if let Some(value) = value {
        map.insert(key.to_string(), value.clone().into());
    }
}

fn issue_result(record: &mut SteerRecord, issue: &Issue) {
    record.issue = Some(issue.number);
    record.url = issue.url.clone();
}

fn pull_result(record: &mut SteerRecord, pr: &Pull) {
    record.pr = Some(pr.number);
    record.url = pr.url.clone();
}
