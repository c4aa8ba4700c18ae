//! The transport's failures: what happened to one exchange (no connection,
//! no answer in time, an answer too large, too many redirects, a rate limit
//! that asks for more than the deadline leaves, a write the gate withheld),
//! and so whether the forge may have acted ([`Failure`]).
//! A forge crate reads its own error documents on top of this and renders
//! the whole in its own words; nothing here knows a forge's error shape.

use std::fmt::Write as _;
use std::time::Duration;

use helm_model::error::Error;

use crate::answer::Answer;

/// One exchange that did not give the caller an answer to read.
#[derive(Debug)]
pub struct HttpError {
    /// The HTTP status, when the server answered at all.
    pub status: Option<u16>,
    /// What happened, in words that complete the forge's sentence.
    pub message: String,
    /// How the request failed, which decides whether the forge may have acted.
    pub failure: Failure,
    /// Why the outbound gate withheld the request, in the gate's own words
    /// ([`Failure::Withheld`]); shown as it is.
    pub refusal: Option<Box<Error>>,
    /// The rate-limit refusal helm did not wait out ([`Failure::Limited`]),
    /// for the forge to read what it said.
    pub limited: Option<Box<Limited>>,
}

/// A rate limit that asked for a longer wait than was left.
#[derive(Debug)]
pub struct Limited {
    /// The refusal as it came (its 403 or 429).
    pub answer: Answer,
    /// How long the server asked helm to wait.
    pub wait: Duration,
    /// How much of `HELM_GITHUB_TIMEOUT` was left to wait.
    pub left: Duration,
}

/// How a request failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The forge answered with an error status (`status` says which).
    Answered,
    /// The connection was never made: the request did not leave.
    Unsent,
    /// The request may have left, but no answer came (a timeout, a reset).
    NoAnswer,
    /// The forge answered with success but did not do it (a merge that did not merge).
    Declined,
    /// The forge answered with success, but helm could not read the answer.
    Unreadable,
    /// Described in words, not by an answer (e.g. a misuse).
    Described,
    /// A rate limit asked for a longer wait than `HELM_GITHUB_TIMEOUT`
    /// allows (`status` is its 403 or 429): the forge did nothing.
    Limited,
    /// A steer that sends several requests failed after an earlier one
    /// changed the forge: it acted in part, whatever the last failure was.
    Partial,
    /// The whole request did not finish within `HELM_GITHUB_TIMEOUT`: it
    /// may have left and acted. Not retried, since the time is spent.
    TimedOut,
    /// A successful answer larger than helm holds: the server acted, and
    /// helm read only the start of what it said.
    TooLarge,
    /// The forge refused a merge of a pull request that is merged already;
    /// `message` says so and names its merge commit. Nothing acted.
    Merged,
    /// helm's outbound gate withheld the request before it left
    /// (`refusal` says why): the forge saw nothing.
    Withheld,
}

impl HttpError {
    fn new(status: Option<u16>, message: String, failure: Failure) -> HttpError {
        HttpError {
            status,
            message,
            failure,
            refusal: None,
            limited: None,
        }
    }

    /// A failure before the server answered: connection, TLS, a reset.
    pub(crate) fn transport(err: impl std::error::Error + 'static) -> HttpError {
        let mut message = err.to_string();
        let mut source = err.source();
        while let Some(cause) = source {
            let text = cause.to_string();
            if !message.contains(&text) {
                let _ = write!(message, ": {text}");
            }
            source = cause.source();
        }
        if message.is_empty() {
            message = "the request failed".to_string();
        }
        let failure = match never_connected(&err) {
            true => Failure::Unsent,
            false => Failure::NoAnswer,
        };
        HttpError::new(None, message, failure)
    }

    /// `forge` kept redirecting (`status` is its last answer): it did not act.
    pub(crate) fn redirects(forge: &str, hops: u32, status: u16) -> HttpError {
        HttpError::new(
            Some(status),
            format!("{forge} redirected the request more than {hops} times"),
            Failure::Answered,
        )
    }

    /// A rate limit that asks for `wait`, longer than the `left` of the budget.
    pub(crate) fn limited(
        forge: &str,
        answer: &Answer,
        wait: Duration,
        left: Duration,
    ) -> HttpError {
        let reason = answer.status.canonical_reason().unwrap_or("no message");
        HttpError {
            limited: Some(Box::new(Limited {
                answer: answer.clone(),
                wait,
                left,
            })),
            ..HttpError::new(
                Some(answer.status.as_u16()),
                format!(
                    "{reason} ({forge} asks helm to wait {} s, more than the {} s HELM_GITHUB_TIMEOUT leaves)",
                    wait.as_secs(),
                    left.as_secs()
                ),
                Failure::Limited,
            )
        }
    }

    /// `host` gave no whole answer within `deadline` (connecting, sending,
    /// the headers and the body all count).
    pub fn timed_out(host: &str, deadline: Duration) -> HttpError {
        HttpError::new(
            None,
            format!(
                "{host} gave no whole answer within {} s (HELM_GITHUB_TIMEOUT)",
                deadline.as_secs()
            ),
            Failure::TimedOut,
        )
    }

    /// A successful answer of more than `limit` bytes; the message
    /// completes "GitHub's answer to … ".
    pub fn too_large(limit: usize) -> HttpError {
        HttpError::new(
            None,
            format!(
                "was larger than the {} MiB helm reads of one answer",
                limit >> 20
            ),
            Failure::TooLarge,
        )
    }

    /// A failure described in words, not by an answer (e.g. a misuse).
    pub(crate) fn described(message: String) -> HttpError {
        HttpError::new(None, message, Failure::Described)
    }

    /// A write the outbound gate withheld, with its words.
    pub(crate) fn withheld(refusal: Error) -> HttpError {
        let message = refusal.to_string();
        HttpError {
            refusal: Some(Box::new(refusal)),
            ..HttpError::new(None, message, Failure::Withheld)
        }
    }

    /// Whether a read failing like this may succeed if sent again: the
    /// server had a problem (5xx), or the connection failed.
    pub(crate) fn is_transient(&self) -> bool {
        match self.failure {
            Failure::Answered => self.status.is_some_and(|status| status >= 500),
            Failure::Unsent | Failure::NoAnswer => true,
            Failure::Declined
            | Failure::Unreadable
            | Failure::Described
            | Failure::Limited
            | Failure::Partial
            | Failure::TimedOut
            | Failure::TooLarge
            | Failure::Merged
            | Failure::Withheld => false,
        }
    }
}

/// Whether a transport failure happened while connecting, so nothing was
/// sent (hyper's client says so; a timeout or a reset after connecting does
/// not count).
fn never_connected(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(cause) = source {
        if let Some(client) = cause.downcast_ref::<hyper_util::client::legacy::Error>() {
            return client.is_connect();
        }
        source = cause.source();
    }
    false
}
