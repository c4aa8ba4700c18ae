//! A repository's open work as GitHub's `github-repo` payload holds it: its
//! open issues (without their bodies) and its open pull requests as lines.

use helm_forge::shape::PullLine;
use helm_forge::{ForgeError, RepoPart};
use serde::Serialize;
use serde_json::Value;

use super::to_value;
use crate::api::ForgejoApi;
use crate::{shapes, wire};

/// A pull request as a line of the repository's listing.
fn pull_line(p: wire::ForgejoPull) -> PullLine {
    PullLine {
        number: p.number,
        title: p.title,
        author: shapes::user(p.user).map(|u| u.login),
        author_association: None,
        draft: p.draft,
        head: p.head.name,
        base: p.base.name,
        labels: p
            .labels
            .unwrap_or_default()
            .into_iter()
            .map(|l| l.name)
            .collect(),
        requested_reviewers: (shapes::users(p.requested_reviewers).into_iter())
            .map(|u| u.login)
            .collect(),
        created_at: p.created_at,
        updated_at: p.updated_at,
        url: p.html_url,
    }
}

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

pub(crate) async fn repo(
    api: &ForgejoApi,
    name: &str,
    parts: &[RepoPart],
) -> Result<Value, ForgeError> {
    let mut payload = RepoPayload {
        repo: name.to_string(),
        issues: None,
        issues_truncated: false,
        pull_requests: None,
        pull_requests_truncated: false,
    };
    if parts.contains(&RepoPart::Issues) {
        let path = api.repo_path("/issues?state=open&type=issues");
        let (issues, truncated) = api
            .pages::<wire::ForgejoIssue>(&path, "list the open issues")
            .await?;
        let mut listed = Vec::new();
        for issue in issues.into_iter().filter(|i| i.pull_request.is_none()) {
            let mut value = to_value(&shapes::issue(issue))?;
            if let Some(object) = value.as_object_mut() {
                object.remove("body");
            }
            listed.push(value);
        }
        payload.issues = Some(listed);
        payload.issues_truncated = truncated;
    }
    if parts.contains(&RepoPart::PullRequests) {
        let path = api.repo_path("/pulls?state=open");
        let (pulls, truncated) = api
            .pages::<wire::ForgejoPull>(&path, "list the open pull requests")
            .await?;
        payload.pull_requests = Some(pulls.into_iter().map(pull_line).collect());
        payload.pull_requests_truncated = truncated;
    }
    to_value(&payload)
}
