//! Forgejo's failures in helm's words: its error document (`{"message": …}`)
//! read into "Forgejo answered 422: <its message>" with a hint, the kind
//! that says what happened (`not-found`, `config`, `rate-limited`, …, and
//! `forge` where GitHub's would be `github`), the fact naming Forgejo and
//! its status (`forge`, `forgeStatus` in the JSON error document, ADR 0023),
//! and whether a write may have acted (the transport's [`Failure`] decides).

use helm_forge::{ForgeError, ForgeName};
use helm_http::{Answer, Failure, HttpError};
use helm_model::error::{Error, Fact, Kind};
use serde_json::Value;

/// The most of Forgejo's words one message holds: a refusal says what went
/// wrong in a line, and a longer one is a page, not a reason.
const MOST: usize = 300;

/// What Forgejo said in a refusal: its error document's `message` and
/// `errors` (both untyped in its swagger, so read whatever JSON they are),
/// else the body if short, else the status's reason; always one line, its
/// control and invisible characters made harmless, at most [`MOST`]
/// characters.
pub(crate) fn said(answer: &Answer) -> String {
    let document: Option<Value> = serde_json::from_slice(&answer.body).ok();
    let words = document.as_ref().and_then(|d| {
        let message = d.get("message").and_then(words);
        let errors = d.get("errors").and_then(words);
        match (message, errors) {
            (Some(m), Some(e)) => Some(format!("{m} ({e})")),
            (m, e) => m.or(e),
        }
    });
    // A document that has a `message`, if an empty one, said nothing more.
    let said_nothing = document
        .as_ref()
        .is_some_and(|d| d.get("message").is_some());
    let words = words.unwrap_or_else(|| {
        let text = String::from_utf8_lossy(&answer.body).trim().to_string();
        if said_nothing || text.is_empty() || text.chars().count() > MOST {
            let reason = answer.status.canonical_reason();
            reason.unwrap_or("no message").to_string()
        } else {
            text
        }
    });
    let line = helm_model::text::clean_line(words.trim());
    match line.char_indices().nth(MOST) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line,
    }
}

/// A `message` or `errors` as words: a string as it is, a list's items
/// joined, anything else as its JSON; nothing for null or empty.
fn words(value: &Value) -> Option<String> {
    let text = match value {
        Value::Null => return None,
        Value::String(text) => text.trim().to_string(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().filter_map(words).collect();
            items.join("; ")
        }
        other => other.to_string(),
    };
    (!text.is_empty()).then_some(text)
}

/// Forgejo's answer as an error's fact: its status, when it answered.
pub(crate) fn answered(status: Option<u16>) -> Fact {
    Fact::Forge {
        forge: ForgeName::Forgejo.as_str().to_string(),
        status,
    }
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
            Kind::Forge,
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
            Kind::Forge,
            "read Forgejo's message above; nothing was changed",
        ),
    };
    ForgeError::not_done(
        Error::new(kind, message)
            .hint(hint)
            .about(answered(Some(status))),
    )
}

/// A request that got no answer to read; `write` says whether it could have
/// changed Forgejo, so whether a look must settle it.
pub(crate) fn transport(err: HttpError, doing: &str, write: bool) -> ForgeError {
    if let Some(refusal) = err.refusal {
        return ForgeError::not_done(*refusal);
    }
    let status = err.status;
    let fact = answered(status);
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
        Kind::Forge,
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
            Kind::Forge
        },
        format!(
            "Forgejo's answer to {doing} is not what its API documents: {}",
            helm_model::text::clean_line(&why.to_string())
        ),
    )
    .hint("run with -v to see the answer; a write's attempt is kept for the look that settles it")
    .about(answered(None));
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
    // What Forgejo answered to the write that failed stays a fact.
    let error = failed
        .error
        .facts()
        .iter()
        .cloned()
        .fold(error, Error::about);
    ForgeError::unknown(error)
}
