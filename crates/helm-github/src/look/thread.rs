//! An issue's or a pull request's parts: the summary and the conversation's
//! comments for both, and for a pull request its files, diff, checks (of
//! its head) and reviews, each asked for conditionally on the prior look
//! (ADR 0008). The parts behind several requests are in `requests.rs`,
//! `head_checks.rs` and `threads.rs`.

use helm_forge::{ThreadPart, shape};

use super::fetch::{listing, resource, shaped, to_value};
use super::parts::{Held, HeldParts, holding, kept_or, optional, shown};
use super::{head_checks, requests, threads};
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::{GitHubIssue, GitHubIssueComment, GitHubPull, GitHubPullFile};
use helm_forge::{NamedPart, PayloadPart, Prior};

/// Issue `number`'s parts `wants` names (`summary`, `comments`).
pub(super) async fn issue(
    client: &Client,
    number: u64,
    wants: &[ThreadPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    let held = holding(client, prior.map(|p| p.validators())).await?;
    let summary_path = client.repo_path(&format!("/issues/{number}"));
    let summary = optional(
        wants.contains(&ThreadPart::Summary),
        resource::<GitHubIssue, shape::Issue>(
            client,
            &summary_path,
            prior.and_then(|p| p.kept(&held, "summary")),
        ),
    );
    let comments = optional(
        wants.contains(&ThreadPart::Comments),
        comments(client, number, prior, &held),
    );
    let (summary, comments) = tokio::try_join!(summary, comments)?;
    Ok([shown("summary", summary), shown("comments", comments)]
        .into_iter()
        .flatten()
        .collect())
}

/// The conversation's comments (an issue's, or a pull request's), the held
/// prior part or fetched.
async fn comments(
    client: &Client,
    number: u64,
    prior: Option<&Prior<'_>>,
    held: &Held,
) -> Result<PayloadPart, GitHubError> {
    let path = client.repo_path(&format!("/issues/{number}/comments"));
    let prior = prior.and_then(|p| p.seen(held, "comments"));
    listing::<GitHubIssueComment>(client, &path, prior, held, |items| {
        to_value(&shaped::<_, shape::IssueComment>(items))
    })
    .await
}

/// Pull request `number`'s parts `wants` names.
pub(super) async fn pull(
    client: &Client,
    number: u64,
    wants: &[ThreadPart],
    prior: Option<&Prior<'_>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    // A prior reviews part, kept or not, needs its threads' state from
    // GraphQL (resolving a thread changes no REST answer). The query starts
    // with the round of conditional requests and is awaited only where the
    // part is made: re-observing an unchanged PR takes one round, not two,
    // and a look whose validators are gone does not wait for it either.
    let ask_threads =
        wants.contains(&ThreadPart::Reviews) && prior.is_some_and(|p| p.value("reviews").is_some());
    let (sender, receiver) = tokio::sync::oneshot::channel();
    let ask = async move {
        if ask_threads {
            let _ = sender.send(threads::review_threads(client, number).await);
        }
    };
    let asked = async move { receiver.await.ok() };
    let ((), looking) = tokio::join!(ask, assemble(client, number, wants, prior, asked));
    looking
}

/// The look itself, given the threads' answer if it was asked ahead.
async fn assemble(
    client: &Client,
    number: u64,
    focus: &[ThreadPart],
    prior: Option<&Prior<'_>>,
    asked: impl Future<Output = Option<requests::Threads>>,
) -> Result<Vec<NamedPart>, GitHubError> {
    let wants = |f| focus.contains(&f);
    // One round of conditional requests says which parts still hold.
    let held = holding(client, prior.map(|p| p.validators())).await?;
    let kept = |name: &str| prior.and_then(|p| p.kept(&held, name));
    let pr_path = client.repo_path(&format!("/pulls/{number}"));
    // The PR itself is needed for its summary and for the head sha of checks.
    let head = async {
        if !wants(ThreadPart::Summary) && !wants(ThreadPart::Checks) {
            return Ok((None, None));
        }
        let prior_sha = prior.and_then(Prior::head_sha);
        let pr = resource::<GitHubPull, shape::Pull>(client, &pr_path, kept("summary")).await?;
        let checks = if wants(ThreadPart::Checks) {
            let sha = match (&pr.value, pr.kept) {
                (_, true) => prior_sha.clone(),
                (value, false) => value["head"]["sha"].as_str().map(str::to_string),
            };
            let Some(sha) = sha else {
                return Err(GitHubError::shape_text(
                    "the pull request has no head sha".to_string(),
                ));
            };
            let known = kept("checks").filter(|_| prior_sha.as_deref() == Some(sha.as_str()));
            Some(kept_or(known, head_checks::checks(client, &sha)).await?)
        } else {
            None
        };
        Ok::<_, GitHubError>((Some(pr), checks))
    };
    let comments = optional(
        wants(ThreadPart::Comments),
        comments(client, number, prior, &held),
    );
    let files_path = client.repo_path(&format!("/pulls/{number}/files"));
    let files = optional(
        wants(ThreadPart::Files),
        listing::<GitHubPullFile>(
            client,
            &files_path,
            prior.and_then(|p| p.seen(&held, "files")),
            &held,
            |mut files| {
                for file in &mut files {
                    file.patch = None;
                }
                to_value(&shaped::<_, shape::PullFile>(files))
            },
        ),
    );
    let diff = optional(
        wants(ThreadPart::Diff),
        kept_or(kept("diff"), requests::diff(client, number)),
    );
    let reviews = optional(wants(ThreadPart::Reviews), async {
        match kept("reviews") {
            Some(part) => requests::refreshed(client, number, part, asked).await,
            None => requests::reviews(client, number, asked).await,
        }
    });
    // Every part runs to its end; when several fail, the first in this
    // order is the error said (the pull request's own 404 before a part's),
    // not whichever failed first, so the same failure always reads the same.
    let (head, comments, files, diff, reviews) = tokio::join!(head, comments, files, diff, reviews);
    let ((pr, checks), comments, files, diff, reviews) =
        (head?, comments?, files?, diff?, reviews?);
    let summary = pr.map(|part| NamedPart {
        name: "summary",
        part,
        // Fetched for the head sha only: its validator still counts.
        shown: wants(ThreadPart::Summary),
    });
    Ok([
        summary,
        shown("comments", comments),
        shown("files", files),
        shown("diff", diff),
        shown("checks", checks),
        shown("reviews", reviews),
    ]
    .into_iter()
    .flatten()
    .collect())
}
