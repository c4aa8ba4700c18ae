//! A part of one check run that a look could not get, and why: one job
//! answering 404, or its log's short-lived storage address having expired,
//! must not lose the whole look. The look keeps what it got and says, in a
//! typed field and in its digest, which part is missing and why. Only a
//! failure of the whole exchange (no answer in time, a rate limit, a
//! connection that never came, a token GitHub refused) still fails the look,
//! since every other part would fail the same way. What failed with no log
//! on GitHub at all (another app's check run, a commit status) is said too
//! ([`without_log`]).

use helm_forge::shape::failed;
use serde::Serialize;
use serde_json::Value;

use super::fetch::to_value;
use crate::client::storage::Refusal;
use crate::error::{Failure, GitHubError};

/// Why a part is missing, in a word a program can match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Why {
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
pub(super) struct Unavailable {
    reason: Why,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    message: String,
}

impl Unavailable {
    /// A part GitHub's API did not give: the part's own failure, or the
    /// error back when the whole look must fail with it.
    pub(super) fn from_github(err: GitHubError) -> Result<Unavailable, GitHubError> {
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
    pub(super) fn from_storage(refusal: Refusal) -> Unavailable {
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

/// A failing check run or status that has no log on GitHub, and why.
#[derive(Serialize)]
struct WithoutLog {
    /// The run's `name` or the status's `context`, as the payload has it.
    name: Value,
    why: String,
}

/// The failing check runs and statuses that have no log on GitHub, as the
/// payload's `withoutLog` array: a commit status never has one (its sender
/// keeps its own, at its `targetUrl`), nor a check run of an app other than
/// GitHub Actions (at its `url`). Said so a look that asked for failed logs
/// and came back without one does not read as a log missed.
pub(super) fn without_log(checks: &Value) -> Value {
    let mut found = Vec::new();
    let where_ = |url: &Value, field: &str| match url.as_str() {
        Some(url) => format!("; see {url}"),
        None => format!(" (and it names no {field})"),
    };
    for run in checks["checkRuns"].as_array().into_iter().flatten() {
        if failed(run["conclusion"].as_str()) && run.get("job").is_none() {
            found.push(WithoutLog {
                name: run["name"].clone(),
                why: format!(
                    "not a GitHub Actions job: GitHub keeps no log for another app's check run{}",
                    where_(&run["url"], "url")
                ),
            });
        }
    }
    for status in checks["statuses"].as_array().into_iter().flatten() {
        if matches!(status["state"].as_str(), Some("failure" | "error")) {
            found.push(WithoutLog {
                name: status["context"].clone(),
                why: format!(
                    "a commit status: GitHub keeps no log for statuses, only their sender does{}",
                    where_(&status["targetUrl"], "targetUrl")
                ),
            });
        }
    }
    to_value(&found)
}

/// Whether every part of every run of a `checks` part was had: no run's
/// job, log or annotations marked [`Unavailable`] with a reason.
pub(super) fn complete(checks: &Value) -> bool {
    let runs = checks["checkRuns"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    runs.iter().all(|run| {
        let gaps = [
            &run["job"]["unavailable"],
            &run["job"]["logUnavailable"],
            &run["annotationsUnavailable"],
        ];
        gaps.iter()
            .all(|gap| gap.get("reason").and_then(Value::as_str).is_none())
    })
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

    #[test]
    fn a_failure_without_a_log_on_github_says_why_and_where_to_look() {
        let checks: Value = serde_json::from_str(
            r#"{"checkRuns": [
                {"name": "ci", "status": "completed", "conclusion": "success", "job": {"steps": []}},
                {"name": "sonar", "status": "completed", "conclusion": "failure",
                 "url": "https://sonar.example/run/1"}
            ], "statuses": [{"context": "lint", "state": "failure", "targetUrl": null}]}"#,
        )
        .unwrap();
        let none = without_log(&checks);
        assert_eq!(none.as_array().map(Vec::len), Some(2));
        assert_eq!(none[0]["name"], "sonar");
        assert!(
            none[0]["why"]
                .as_str()
                .unwrap()
                .ends_with("another app's check run; see https://sonar.example/run/1")
        );
        assert_eq!(
            none[1]["why"],
            "a commit status: GitHub keeps no log for statuses, only their sender does \
             (and it names no targetUrl)"
        );
    }
}
