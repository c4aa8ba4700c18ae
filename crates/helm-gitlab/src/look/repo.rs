//! A GitLab project's open issues and merge requests, in the payload shape
//! `github-repo` has: `repo`, `issues` (each `shape::Issue` without its body)
//! and `pullRequests` (one line each), with whether a listing was cut.

use helm_forge::shape::PullLine;
use helm_forge::{ForgeError, RepoPart};
use serde::Serialize;
use serde_json::Value;

use super::{summary, to_value};
use crate::api::GitLabApi;
use crate::wire::{GitLabIssue, GitLabMr};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RepoPayload {
    repo: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    issues: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    issues_truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pull_requests: Option<Vec<PullLine>>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pull_requests_truncated: bool,
}

pub(crate) async fn repo(api: &GitLabApi, parts: &[RepoPart]) -> Result<Value, ForgeError> {
    let mut payload = RepoPayload {
        repo: api.place.repo.to_string(),
        issues: None,
        issues_truncated: false,
        pull_requests: None,
        pull_requests_truncated: false,
    };
    if parts.contains(&RepoPart::Issues) {
        let (issues, cut) = api
            .pages::<GitLabIssue>(&api.path("/issues?state=opened"))
            .await?;
        let issues = issues.iter().map(|issue| {
            let mut value = to_value(&summary::issue(issue));
            if let Some(object) = value.as_object_mut() {
                object.remove("body");
            }
            value
        });
        payload.issues = Some(issues.collect());
        payload.issues_truncated = cut;
    }
    if parts.contains(&RepoPart::PullRequests) {
        let path = api.path("/merge_requests?state=opened");
        let (mrs, cut) = api.pages::<GitLabMr>(&path).await?;
        let lines = mrs.iter().map(|mr| PullLine {
            number: mr.iid,
            title: mr.title.clone(),
            author: Some(mr.author.username.clone()),
            author_association: None,
            draft: Some(mr.is_draft()),
            head: mr.source_branch.clone(),
            base: mr.target_branch.clone(),
            labels: mr.labels.clone(),
            requested_reviewers: mr.reviewers.iter().map(|u| u.username.clone()).collect(),
            created_at: mr.created_at.clone(),
            updated_at: mr.updated_at.clone(),
            url: Some(mr.web_url.clone()),
        });
        payload.pull_requests = Some(lines.collect());
        payload.pull_requests_truncated = cut;
    }
    Ok(to_value(&payload))
}
