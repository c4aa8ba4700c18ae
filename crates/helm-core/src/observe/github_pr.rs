//! `github-pr`: a pull request's summary, comments, files, diff, checks and
//! reviews, each a part asked for conditionally on the prior look (ADR
//! 0008). Its payload is the conversation's [`ThreadPayload`]; the forge's
//! `ConditionalLook::thread` reads the parts.

use super::Looking;
use super::conversation::{self, ThreadPayload};
use super::target::focus_enum;
use helm_forge::{ConditionalLook, ThreadPart, ThreadRef};

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
    client: &dyn ConditionalLook,
    number: u64,
    focus: &[PullRequestFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    let at = ThreadRef {
        number,
        is_pr: true,
    };
    let wants: Vec<ThreadPart> = focus.iter().copied().map(part).collect();
    conversation::looked(client, at, &wants, prior).await
}

/// The forge's part a focus names.
pub(crate) fn part(focus: PullRequestFocus) -> ThreadPart {
    match focus {
        PullRequestFocus::Summary => ThreadPart::Summary,
        PullRequestFocus::Comments => ThreadPart::Comments,
        PullRequestFocus::Files => ThreadPart::Files,
        PullRequestFocus::Diff => ThreadPart::Diff,
        PullRequestFocus::Checks => ThreadPart::Checks,
        PullRequestFocus::Reviews => ThreadPart::Reviews,
    }
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
