//! A GitHub steer's failures in helm's words, as the seam carries them
//! ([`ForgeError`], with whether GitHub may have acted), so the core reads
//! GitHub's failures as it reads every forge's. The words are GitHub's own
//! and have not moved: a later write of several failing after an earlier
//! one went through is GitHub acting in part; a failure that may have
//! changed GitHub (no answer, a 5xx, an unreadable success) leaves the
//! outcome unknown; a merge pinned to a head GitHub refuses with 409 is
//! stale; anything else is GitHub's refusal, and nothing was done.

use helm_forge::ForgeError;
use helm_forge::act::Steer;
use helm_model::error::{Error, Kind};

use crate::error::{Failure, GitHubError};

/// What a steer refused before anything acted leaves.
pub(super) const NOTHING: &str = "nothing was recorded and the slate is unchanged";

/// How the plan's writes failing to `steer` reads, and what it leaves.
pub(super) fn sending(err: GitHubError, steer: &Steer, repo: &str) -> ForgeError {
    let doing = steer.doing();
    // Whatever the last request's failure, an earlier one changed GitHub:
    // the attempt stays pending for a look to record it.
    if err.failure == Failure::Partial {
        return ForgeError::unknown(Error::new(
            Kind::UnknownOutcome,
            format!("GitHub acted in part to {doing}: {}", err.message),
        ));
    }
    if err.may_have_acted() {
        return ForgeError::unknown(Error::new(
            Kind::GitHub,
            match err.status {
                Some(status) => format!("GitHub answered {status} {} to {doing}", err.message),
                None => format!("no answer from GitHub to {doing}: {}", err.message),
            },
        ));
    }
    if err.status == Some(409) && pinned(steer) {
        return ForgeError::not_done(
            Error::new(
                Kind::Stale,
                format!(
                    "GitHub refused to {doing} (409): the PR's head moved since you observed it; observe it again"
                ),
            )
            .hint("nothing was merged or recorded; observe the PR again to see the new commits, then merge"),
        );
    }
    ForgeError::not_done(err.into_error(&doing, repo, NOTHING))
}

/// How a failed look for an earlier attempt to `steer` reads: what helm
/// then cannot tell.
pub(super) fn looking(err: GitHubError, steer: &Steer, repo: &str) -> ForgeError {
    let doing = format!("look for an earlier attempt to {}", steer.doing());
    ForgeError::not_done(err.into_error(&doing, repo, "nothing was recorded"))
}

/// How a failed read of GitHub's clock and of who the token acts as reads,
/// before a look for an earlier attempt: what helm then cannot tell.
pub(super) fn placing(err: GitHubError, repo: &str) -> ForgeError {
    let doing = "read who the token acts as and GitHub's clock, to look for an earlier attempt";
    ForgeError::not_done(err.into_error(doing, repo, "nothing was recorded"))
}

/// A failed read before acting, which refuses the steer with nothing sent
/// (the plan carries it as a failure that acted on nothing).
pub(super) fn reading(err: GitHubError, doing: &str, repo: &str) -> Error {
    err.into_error(doing, repo, NOTHING)
}

/// Whether the steer is a merge pinned to the head it was observed at.
fn pinned(steer: &Steer) -> bool {
    matches!(steer, Steer::MergePr(merge) if merge.sha.is_some())
}

#[cfg(test)]
mod tests {
    use helm_forge::WriteOutcome;
    use helm_forge::act::{Comment, IssueOrPull, MergeMethod, MergePr};

    use super::*;

    fn merge(sha: Option<&str>) -> Steer {
        Steer::MergePr(MergePr {
            pr: 45,
            method: MergeMethod::Squash,
            sha: sha.map(str::to_string),
            override_reason: None,
        })
    }

    fn comment() -> Steer {
        Steer::Comment(Comment {
            on: IssueOrPull::Issue(42),
            body: "hi".into(),
        })
    }

    fn answered(status: u16, message: &str) -> GitHubError {
        GitHubError {
            status: Some(status),
            failure: Failure::Answered,
            ..GitHubError::shape_text(message.into())
        }
    }

    /// Kind, outcome and message of a send's failure, as the core reads it.
    fn read(err: ForgeError) -> (String, WriteOutcome, String) {
        let kind = err.error.kind().as_str().to_string();
        (kind, err.outcome, err.error.message().to_string())
    }

    #[test]
    fn a_send_that_may_have_acted_leaves_the_outcome_unknown_in_githubs_words() {
        let partial = answered(500, "boom").partial("adding 'a' went through");
        assert_eq!(
            read(sending(partial, &comment(), "o/r")),
            (
                "unknown-outcome".into(),
                WriteOutcome::Unknown,
                "GitHub acted in part to comment on issue #42: adding 'a' went through, then GitHub answered 500 boom".into()
            )
        );
        assert_eq!(
            read(sending(answered(502, "Bad Gateway"), &comment(), "o/r")),
            (
                "github".into(),
                WriteOutcome::Unknown,
                "GitHub answered 502 Bad Gateway to comment on issue #42".into()
            )
        );
    }

    #[test]
    fn a_refusal_acted_on_nothing_and_a_pinned_merges_409_is_stale() {
        let (kind, outcome, message) =
            read(sending(answered(409, "moved"), &merge(Some("abc")), "o/r"));
        assert_eq!((kind.as_str(), outcome), ("stale", WriteOutcome::NotDone));
        assert!(
            message.starts_with("GitHub refused to merge PR #45 (409)"),
            "{message}"
        );
        // Unpinned, a 409 is GitHub's refusal as any other.
        let (kind, outcome, _) = read(sending(answered(409, "moved"), &merge(None), "o/r"));
        assert_eq!((kind.as_str(), outcome), ("github", WriteOutcome::NotDone));
        let refused = sending(answered(404, "Not Found"), &comment(), "o/r");
        assert_eq!(refused.outcome, WriteOutcome::NotDone);
        assert_eq!(
            refused.error.message().to_string(),
            "GitHub refused to comment on issue #42: 404 Not Found"
        );
        assert!(
            refused
                .error
                .hint_text()
                .unwrap_or_default()
                .ends_with(NOTHING)
        );
    }
}
