//! Forgejo's failures in helm's words: its error document (`{"message": …}`)
//! read into "Forgejo answered 422: <its message>" with a hint, the kind
//! that says what happened (`not-found`, `config`, `rate-limited`, …), and
//! whether a write may have acted (the transport's [`Failure`] decides).

use helm_forge::ForgeError;
use helm_http::{Answer, Failure, HttpError};
use helm_model::error::{Error, Fact, Kind};
use serde::Deserialize;

/// Forgejo's `APIError`: the message is all helm shows of it.
#[derive(Deserialize)]
struct Document {
    #[serde(default)]
    message: Option<String>,
}

/// What Forgejo said in a refusal: its `message`, else the body if short,
/// else the status's reason.
pub(crate) fn said(answer: &Answer) -> String {
    let parsed: Option<Document> = serde_json::from_slice(&answer.body).ok();
    parsed
        .and_then(|d| d.message)
        .map(|m| m.trim().to_string())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| {
            let text = String::from_utf8_lossy(&answer.body).trim().to_string();
            if text.is_empty() || text.len() > 200 {
                let reason = answer.status.canonical_reason();
                reason.unwrap_or("no message").to_string()
            } else {
                text
            }
        })
}

/// Forgejo refused `doing` with `answer`: nothing was done (a refusal is
/// Forgejo's word that it did not act).
pub(crate) fn refused(answer: &Answer, doing: &str) -> ForgeError {
    let status = answer.status.as_u16();
    let message = format!(
        "Forgejo answered {status}: {} (helm asked to {doing})",
        said(answer)
    );
    let (kind, hint) = match status {
        401 => (
            Kind::Config,
            "Forgejo did not take the token: check FORGEJO_TOKEN (or GITEA_TOKEN) and its expiry",
        ),
        403 => (
            Kind::GitHub,
            "the token's account lacks the permission (or the token its scope) for this: ask a maintainer of the repository",
        ),
        404 => (
            Kind::NotFound,
            "check the repository and the number (and that the token can see the repository)",
        ),
        429 => (
            Kind::RateLimited,
            "Forgejo's rate limit did not lift within HELM_GITHUB_TIMEOUT: try again later",
        ),
        _ => (
            Kind::GitHub,
            "read Forgejo's message above; nothing was changed",
        ),
    };
    ForgeError::not_done(Error::new(kind, message).hint(hint).about(Fact::GitHub {
        status: Some(status),
    }))
}

/// A request that got no answer to read; `write` says whether it could have
/// changed Forgejo, so whether a look must settle it.
pub(crate) fn transport(err: HttpError, doing: &str, write: bool) -> ForgeError {
    if let Some(refusal) = err.refusal {
        return ForgeError::not_done(*refusal);
    }
    let status = err.status;
    let fact = Fact::GitHub { status };
    if err.failure == Failure::Limited {
        let error = Error::new(
            Kind::RateLimited,
            format!("Forgejo's rate limit stopped {doing}: {}", err.message),
        )
        .hint("nothing was done; try again once the limit lifts")
        .about(fact);
        return ForgeError::not_done(error);
    }
    let acted = write && may_have_acted(err.failure);
    if acted {
        let error = Error::new(
            Kind::UnknownOutcome,
            format!(
                "Forgejo may have done {doing}, but helm has no answer: {}",
                err.message
            ),
        )
        .hint("the attempt is kept; the retry (or `helm interrupted settle`) looks for its trace before acting again")
        .about(fact);
        return ForgeError::unknown(error);
    }
    let error = Error::new(
        Kind::GitHub,
        format!("Forgejo could not be asked {doing}: {}", err.message),
    )
    .hint("check the network and HELM_FORGEJO_API_URL; nothing was changed")
    .about(fact);
    ForgeError::not_done(error)
}

/// Whether a write that failed like this may have acted on Forgejo.
fn may_have_acted(failure: Failure) -> bool {
    match failure {
        Failure::NoAnswer
        | Failure::TimedOut
        | Failure::TooLarge
        | Failure::Unreadable
        | Failure::Partial
        | Failure::Declined => true,
        Failure::Answered
        | Failure::Unsent
        | Failure::Described
        | Failure::Limited
        | Failure::Merged
        | Failure::Withheld => false,
    }
}

/// Forgejo answered something helm cannot read: a read's failure, or after
/// a write, an outcome only a look can settle.
pub(crate) fn unreadable(doing: &str, why: impl std::fmt::Display, write: bool) -> ForgeError {
    let error = Error::new(
        if write {
            Kind::UnknownOutcome
        } else {
            Kind::GitHub
        },
        format!("Forgejo's answer to {doing} is not what its API documents: {why}"),
    )
    .hint("run with -v to see the answer; a write's attempt is kept for the look that settles it");
    if write {
        ForgeError::unknown(error)
    } else {
        ForgeError::not_done(error)
    }
}

/// A later write of several failed after an earlier one acted: the action
/// is done in part, so it is never recorded as done nor as not done.
pub(crate) fn partly(done: &str, failed: ForgeError) -> ForgeError {
    let error = Error::new(
        Kind::UnknownOutcome,
        format!(
            "Forgejo did part of it ({done}), then: {}",
            failed.error
        ),
    )
    .hint("the attempt is kept; the retry (or `helm interrupted settle`) reads the issue's timeline to see what was done");
    ForgeError::unknown(error)
}
