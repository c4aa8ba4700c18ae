//! `github-issue`: an issue's summary and its comments, each a part asked
//! for conditionally on the prior look (ADR 0008). Its payload is the
//! conversation's [`ThreadPayload`].

use super::conversation::{self, ThreadPayload};
use super::github::{Looking, resource, to_value};
use super::parts;
use super::target::focus_enum;
use crate::github::client::Client;
use crate::github::wire::GitHubIssue;
use helm_forge::shape;

focus_enum!(
    /// What part of an issue to look at.
    IssueFocus { Summary => "summary", Comments => "comments" }
);

super::github_thread::github_thread! {
    /// A GitHub issue: its summary and comments.
    GitHubIssueArgs => GitHubIssueTarget,
    focus: IssueFocus, e.g. "summary,comments",
    number: "The issue number.",
    kind: "github-issue",
    pr: false,
    look: issue
}

async fn issue(
    client: &Client,
    number: u64,
    focus: &[IssueFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let wants = |f| focus.contains(&f);
    let summary_path = client.repo_path(&format!("/issues/{number}"));
    let summary = parts::optional(
        wants(IssueFocus::Summary),
        resource::<GitHubIssue, shape::Issue>(
            client,
            &summary_path,
            conversation::prior_part(prior, &held, "summary", |p| p.summary.as_ref(), |_| false),
        ),
    );
    let comments = parts::optional(
        wants(IssueFocus::Comments),
        conversation::comments(client, number, prior, &held),
    );
    let (summary, comments) = tokio::try_join!(summary, comments)?;
    let mut payload = ThreadPayload::new(client.repo.to_string(), number);
    let mut all = Vec::new();
    payload.set("summary", summary, &mut all);
    payload.set("comments", comments, &mut all);
    Ok((to_value(&payload), parts::all_kept(&all)))
}
