//! A repository's open issues and open pull requests: each listing a part
//! asked for conditionally on the prior look (ADR 0008), in helm's shapes
//! (an issue without its body, a pull request as a line).

use helm_forge::{RepoPart, shape};
use serde_json::Value;

use super::fetch::{listing, to_value};
use super::parts::{HeldParts, holding, optional, shown};
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::{GitHubIssue, GitHubPull};
use helm_forge::{NamedPart, PayloadPart, Prior};

/// A pull request as a line of the repository's listing.
fn pull_line(p: &GitHubPull) -> shape::PullLine {
    shape::PullLine {
        number: p.number,
        title: p.title.clone(),
        author: p.author.as_ref().map(|u| u.login.clone()),
        author_association: p.author_association.clone(),
        draft: p.draft,
        head: p.head.name.clone(),
        base: p.base.name.clone(),
        labels: p.labels.iter().map(|l| l.name.clone()).collect(),
        requested_reviewers: p
            .requested_reviewers
            .iter()
            .map(|u| u.login.clone())
            .collect(),
        created_at: p.created_at.clone(),
        updated_at: p.updated_at.clone(),
        url: p.url.clone(),
    }
}

/// The parts `wants` names, as `issues` and `pullRequests`.
pub(super) async fn repo(
    client: &Client,
    wants: &[RepoPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    let held = holding(client, prior.map(|p| p.validators())).await?;
    let prior_of = |name: &str| -> Option<PayloadPart> { prior?.kept(&held, name) };
    let issues_path = client.repo_path("/issues?state=open");
    let issues = optional(
        wants.contains(&RepoPart::Issues),
        listing::<GitHubIssue>(client, &issues_path, prior_of("issues"), &held, |issues| {
            // The issues listing includes pull requests; they are reported apart.
            let issues: Vec<Value> = issues
                .into_iter()
                .filter(|i| i.pull_request.is_none())
                .map(|i| {
                    let mut v = to_value(&shape::Issue::from(i));
                    v.as_object_mut().map(|o| o.remove("body"));
                    v
                })
                .collect();
            Value::Array(issues)
        }),
    );
    let pulls_path = client.repo_path("/pulls?state=open");
    let pulls = optional(
        wants.contains(&RepoPart::PullRequests),
        listing::<GitHubPull>(
            client,
            &pulls_path,
            prior_of("pullRequests"),
            &held,
            |pulls| to_value(&pulls.iter().map(pull_line).collect::<Vec<_>>()),
        ),
    );
    let (issues, pulls) = tokio::try_join!(issues, pulls)?;
    Ok([shown("issues", issues), shown("pullRequests", pulls)]
        .into_iter()
        .flatten()
        .collect())
}
