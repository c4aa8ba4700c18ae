//! A part of one check run that a look could not get, and why: one job
//! answering 404, or its log's short-lived storage address having expired,
//! must not lose the whole look. The look keeps what it got and says, in a
//! typed field and in its digest, which part is missing and why. Only a
//! failure of the whole exchange (no answer in time, a rate limit, a
//! connection that never came, a token GitHub refused) still fails the look,
//! since every other part would fail the same way.

use serde::Serialize;

use crate::github::client::storage::Refusal;
use crate::github::error::{Failure, GitHubError};

/// Why a part is missing, in a word a program can match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Why {
    /// Gone with time: GitHub's 410, or a storage address the storage host
    /// no longer takes (it lasts minutes).
    Expired,
    /// GitHub or the storage host answered 404.
    NotFound,
    /// The answer was larger than helm holds.
    TooLarge,
    /// Refused otherwise (the status says how).
    Refused,
}

/// A missing part: why, the status if a server answered, and what it said.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Unavailable {
    pub(crate) reason: Why,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<u16>,
    pub(crate) message: String,
}

impl Unavailable {
    /// A part GitHub's API did not give: the part's own failure, or the
    /// error back when the whole look must fail with it.
    pub(crate) fn from_github(err: GitHubError) -> Result<Unavailable, GitHubError> {
        let reason = match (err.failure, err.status) {
            (Failure::TooLarge, _) => Why::TooLarge,
            (Failure::Answered, Some(404)) => Why::NotFound,
            (Failure::Answered, Some(410)) => Why::Expired,
            // A token GitHub refused, or a limit: every part would fail.
            (Failure::Answered, Some(401 | 429)) => return Err(err),
            (Failure::Answered, Some(_)) => Why::Refused,
            _ => return Err(err),
        };
        let mut message = match err.status {
            Some(status) => format!("GitHub answered {status} {}", err.message),
            None => format!("GitHub's answer {}", err.message),
        };
        if let Some(permission) = &err.permission {
            message.push_str(&format!(" (the token needs the permission {permission})"));
        }
        Ok(Unavailable {
            reason,
            status: err.status,
            message,
        })
    }

    /// A log the storage host refused. It never sees GitHub's token, so its
    /// 401 or 403 is the address's own: it has expired.
    pub(crate) fn from_storage(refusal: Refusal) -> Unavailable {
        let (reason, why) = match refusal.status {
            401 | 403 | 410 => (
                Why::Expired,
                "; the address GitHub gives for a log lasts minutes, observe again for a fresh one",
            ),
            404 => (Why::NotFound, ""),
            _ => (Why::Refused, ""),
        };
        Unavailable {
            reason,
            status: Some(refusal.status),
            message: format!("{}{why}", refusal.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(status: u16) -> GitHubError {
        let mut err = GitHubError::shape_text("Not Found".to_string());
        err.status = Some(status);
        err.failure = Failure::Answered;
        err
    }

    #[test]
    fn a_part_alone_is_missing_but_a_failure_of_every_part_fails_the_look() {
        let why = |err| Unavailable::from_github(err).map(|u| u.reason);
        assert_eq!(why(answered(404)).unwrap(), Why::NotFound);
        assert_eq!(why(answered(410)).unwrap(), Why::Expired);
        assert_eq!(why(answered(502)).unwrap(), Why::Refused);
        assert_eq!(why(GitHubError::too_large(1 << 20)).unwrap(), Why::TooLarge);
        assert!(why(answered(401)).is_err());
        let late = GitHubError::timed_out("GitHub", std::time::Duration::from_secs(2));
        assert!(why(late).is_err());
        let refused = |status| Refusal {
            status,
            message: format!("the log storage host answered {status}"),
        };
        let expired = Unavailable::from_storage(refused(403));
        assert_eq!(expired.reason, Why::Expired);
        assert!(!expired.message.contains("token"), "{}", expired.message);
        assert_eq!(
            Unavailable::from_storage(refused(404)).reason,
            Why::NotFound
        );
        assert_eq!(Unavailable::from_storage(refused(500)).reason, Why::Refused);
    }
}
