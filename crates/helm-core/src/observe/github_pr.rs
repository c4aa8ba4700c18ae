//! `github-pr`: a pull request's summary, comments, files, diff, checks and
//! reviews, each a part asked for conditionally on the prior look (ADR
//! 0008). Its payload is the conversation's [`ThreadPayload`]; the parts
//! behind several requests are in `checks.rs` and `requests.rs`.

mod checks;
mod requests;
pub(crate) mod threads;

use super::conversation::{self, ThreadPayload};
use super::github::{Looking, listing, resource, shaped, to_value};
use super::parts;
use super::target::focus_enum;
use crate::github::client::Client;
use crate::github::error::GitHubError;
use crate::github::wire::{GitHubPull, GitHubPullFile};
use helm_forge::shape;

focus_enum!(
    /// What part of a pull request to look at.
    PullRequestFocus {
        Summary => "summary",
        Comments => "comments",
        Files => "files",
        Diff => "diff",
        Checks => "checks",
        Reviews => "reviews",
    }
);

super::github_thread::github_thread! {
    /// A GitHub pull request: summary, comments, files, diff, checks, reviews.
    GitHubPrArgs => GitHubPrTarget,
    focus: PullRequestFocus, e.g. "summary,reviews",
    number: "The pull request number.",
    kind: "github-pr",
    pr: true,
    look: pull
}

async fn pull(
    client: &Client,
    number: u64,
    focus: &[PullRequestFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    // A prior reviews part, kept or not, needs its threads' state from
    // GraphQL (resolving a thread changes no REST answer). The query starts
    // with the round of conditional requests and is awaited only where the
    // part is made: re-observing an unchanged PR takes one round, not two,
    // and a look whose validators are gone does not wait for it either.
    let ask_threads =
        focus.contains(&PullRequestFocus::Reviews) && prior.is_some_and(|p| p.reviews.is_some());
    let (sender, receiver) = tokio::sync::oneshot::channel();
    let ask = async move {
        if ask_threads {
            let _ = sender.send(threads::review_threads(client, number).await);
        }
    };
    let asked = async move { receiver.await.ok() };
    let ((), looking) = tokio::join!(ask, assemble(client, number, focus, prior, asked));
    looking
}

/// The look itself, given the threads' answer if it was asked ahead.
async fn assemble(
    client: &Client,
    number: u64,
    focus: &[PullRequestFocus],
    prior: Option<&ThreadPayload>,
    asked: impl Future<Output = Option<requests::Threads>>,
) -> Looking {
    let wants = |f| focus.contains(&f);
    // One round of conditional requests says which parts still hold.
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let pr_path = client.repo_path(&format!("/pulls/{number}"));
    // The PR itself is needed for its summary and for the head sha of checks.
    let head = async {
        if !wants(PullRequestFocus::Summary) && !wants(PullRequestFocus::Checks) {
            return Ok((None, None));
        }
        let known =
            conversation::prior_part(prior, &held, "summary", |p| p.summary.as_ref(), |_| false);
        let prior_sha = prior.and_then(ThreadPayload::head_sha);
        let pr = resource::<GitHubPull, shape::Pull>(client, &pr_path, known).await?;
        let checks = if wants(PullRequestFocus::Checks) {
            let sha = match (&pr.value, pr.kept) {
                (_, true) => prior_sha.clone(),
                (value, false) => value["head"]["sha"].as_str().map(str::to_string),
            };
            let Some(sha) = sha else {
                return Err(GitHubError::shape_text(
                    "the pull request has no head sha".to_string(),
                ));
            };
            let known =
                conversation::prior_part(prior, &held, "checks", |p| p.checks.as_ref(), |_| false)
                    .filter(|_| prior_sha.as_deref() == Some(sha.as_str()));
            Some(parts::kept_or(known, checks::checks(client, &sha)).await?)
        } else {
            None
        };
        Ok::<_, GitHubError>((Some(pr), checks))
    };
    let comments = parts::optional(
        wants(PullRequestFocus::Comments),
        conversation::comments(client, number, prior, &held),
    );
    let files_path = client.repo_path(&format!("/pulls/{number}/files"));
    let files = parts::optional(
        wants(PullRequestFocus::Files),
        listing::<GitHubPullFile>(
            client,
            &files_path,
            conversation::seen_part(
                prior,
                &held,
                "files",
                |p| p.files.as_ref(),
                |p| p.files_truncated,
            ),
            &held,
            |mut files| {
                for file in &mut files {
                    file.patch = None;
                }
                to_value(&shaped::<_, shape::PullFile>(files))
            },
        ),
    );
    let diff = parts::optional(
        wants(PullRequestFocus::Diff),
        parts::kept_or(
            conversation::prior_part(prior, &held, "diff", |p| p.diff.as_ref(), |_| false),
            requests::diff(client, number),
        ),
    );
    let reviews = parts::optional(wants(PullRequestFocus::Reviews), async {
        match conversation::prior_part(prior, &held, "reviews", |p| p.reviews.as_ref(), |_| false) {
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

    let mut payload = ThreadPayload::new(client.repo.to_string(), number);
    let mut all = Vec::new();
    match pr {
        Some(pr) if wants(PullRequestFocus::Summary) => payload.set("summary", Some(pr), &mut all),
        // Fetched for the head sha only: its validator still counts.
        Some(pr) => {
            all.push(pr.kept);
            payload.validators.insert("summary".into(), pr.validators);
        }
        None => {}
    }
    payload.set("comments", comments, &mut all);
    payload.set("files", files, &mut all);
    payload.set("diff", diff, &mut all);
    payload.set("checks", checks, &mut all);
    payload.set("reviews", reviews, &mut all);
    Ok((to_value(&payload), parts::all_kept(&all)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Repo;
    use crate::observe::Target;

    #[test]
    fn github_targets_name_their_repository() {
        let target = Target::from(GitHubPrTarget {
            repo: Repo::parse("o/r").unwrap(),
            number: 7,
            focus: vec![PullRequestFocus::Diff, PullRequestFocus::Summary],
        });
        assert_eq!(
            target.key(),
            r#"{"kind":"github-pr","repo":"o/r","number":7,"focus":["diff","summary"]}"#
        );
        assert_eq!(target.describe(), "github-pr o/r#7 --focus diff,summary");
        assert_eq!(
            target.command_args().map(crate::observe::typed).as_deref(),
            Some("`helm observe github-pr 7 --focus diff,summary --repo o/r`")
        );
        // The repository is the one mixed-case field: keys fold case.
        assert!(Target::key_folds_case(&target.key()));
        let respelled = Target::from(GitHubPrTarget {
            repo: Repo::parse("O/R").unwrap(),
            number: 7,
            focus: vec![PullRequestFocus::Diff, PullRequestFocus::Summary],
        });
        assert_eq!(respelled, target);
        assert!(respelled.key().eq_ignore_ascii_case(&target.key()));
        assert_ne!(respelled.key(), target.key());
    }

    #[test]
    fn a_pull_requests_files_are_not_read_as_file_contents() {
        let target = Target::from(GitHubPrTarget {
            repo: Repo::parse("o/r").unwrap(),
            number: 45,
            focus: PullRequestFocus::ALL.to_vec(),
        });
        let payload = br#"{"repo":"o/r","number":45,
            "summary":{"title":"Fix","state":"open","head":{"sha":"6dcb09b5b57875f334f61aebed695e2e4193db5e"}},
            "files":[{"filename":"a.rs","status":"modified"},{"filename":"b.rs","status":"added"}],
            "checks":{"checkRuns":[{"name":"ci","conclusion":"success"},{"name":"docs","conclusion":null}],
                "combinedState":"failure","statuses":[{"context":"lint","state":"failure"}]}}"#;
        assert_eq!(
            target.digest(payload).as_deref(),
            Some(
                "\"Fix\" · open · head 6dcb09b · 2 files · checks: 1 passed, 1 pending (docs) \
                 · statuses: 1 failing (lint) · combined: failure"
            )
        );
    }
}
