//! `github-issue`: an issue's summary and its comments, each a part asked
//! for conditionally on the prior look (ADR 0008). Its payload is the
//! conversation's [`ThreadPayload`].

use super::Looking;
use super::conversation::{self, ThreadPayload};
use super::target::focus_enum;
use helm_forge::{ConditionalLook, ThreadPart, ThreadRef};

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
    client: &dyn ConditionalLook,
    number: u64,
    focus: &[IssueFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    let at = ThreadRef {
        number,
        is_pr: false,
    };
    let wants: Vec<ThreadPart> = focus.iter().copied().map(part).collect();
    conversation::looked(client, at, &wants, prior).await
}

/// The forge's part a focus names.
pub(crate) fn part(focus: IssueFocus) -> ThreadPart {
    match focus {
        IssueFocus::Summary => ThreadPart::Summary,
        IssueFocus::Comments => ThreadPart::Comments,
    }
}
