//! How long a forge asks helm to wait before asking again: a rate-limit
//! refusal's `retry-after`, or its reset time (`x-ratelimit-reset` as
//! GitHub and Forgejo send it, `RateLimit-Reset` as GitLab does) measured on
//! the forge's clock, or, for a limit the forge words in its body without
//! naming a wait (GitHub's secondary limit), the wait its forge crate says
//! it asks for ([`UnnamedLimit`]).

use std::time::Duration;

use http::StatusCode;

use crate::answer::Answer;
use helm_model::clock::GitHubClock;

/// A rate limit a forge words in a refusal's body without naming a wait,
/// and the wait it asks for then: the forge crate's to say (GitHub's
/// "secondary rate limit", a minute).
#[derive(Clone, Copy, Debug)]
pub struct UnnamedLimit {
    /// Words of the refusal's body, in lower case.
    pub says: &'static str,
    pub wait: Duration,
}

/// How long the forge asks us to wait, when the answer is a rate-limit
/// refusal: 429, or 403 with `retry-after`, an exhausted remaining count or
/// the words of the forge's `unnamed` limit.
pub(super) fn rate_limit_wait(answer: &Answer, unnamed: Option<&UnnamedLimit>) -> Option<Duration> {
    let status = answer.status;
    if status != StatusCode::TOO_MANY_REQUESTS && status != StatusCode::FORBIDDEN {
        return None;
    }
    let header = |name: &str| {
        answer
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
    };
    if let Some(seconds) = header("retry-after") {
        return Some(Duration::from_secs(seconds.max(1)));
    }
    if header("x-ratelimit-remaining") == Some(0) {
        return Some(until(answer, header("x-ratelimit-reset")?));
    }
    if header("ratelimit-remaining") == Some(0) {
        let reset = header("ratelimit-reset")?;
        // GitLab sends a time; the IETF draft the seconds left.
        if reset < EPOCH_SECONDS_FLOOR {
            return Some(Duration::from_secs(reset.max(1)));
        }
        return Some(until(answer, reset));
    }
    let unnamed = unnamed?;
    let text = String::from_utf8_lossy(&answer.body).to_ascii_lowercase();
    text.contains(unnamed.says).then_some(unnamed.wait)
}

/// The wait until `reset`, a time on the forge's clock (seconds since
/// 1970): measured from its `Date`, not from this machine's clock, which
/// may run far from it.
fn until(answer: &Answer, reset: u64) -> Duration {
    let now = answer
        .headers
        .get(http::header::DATE)
        .and_then(|v| v.to_str().ok())
        .and_then(|date| GitHubClock::read(date, jiff::Timestamp::now()))
        .and_then(|clock| clock.github.parse::<jiff::Timestamp>().ok())
        .unwrap_or_else(jiff::Timestamp::now);
    let now = now.as_second().max(0) as u64;
    Duration::from_secs(reset.saturating_sub(now).max(1))
}

/// Below this a `RateLimit-Reset` is the seconds left, above it a time (2001).
const EPOCH_SECONDS_FLOOR: u64 = 1_000_000_000;

#[cfg(test)]
mod tests {
    use http::HeaderMap;

    use super::*;

    fn limited(status: u16, headers: &[(&str, &str)], body: &str) -> Answer {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.insert(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        Answer {
            status: StatusCode::from_u16(status).unwrap(),
            headers: map,
            body: body.as_bytes().to_vec(),
        }
    }

    const SECONDARY: UnnamedLimit = UnnamedLimit {
        says: "secondary rate limit",
        wait: Duration::from_secs(60),
    };

    #[test]
    fn a_limit_is_waited_as_github_says_on_its_own_clock() {
        let retry = limited(403, &[("retry-after", "7")], "{}");
        assert_eq!(rate_limit_wait(&retry, None), Some(Duration::from_secs(7)));
        // The reset is 90 s after GitHub's `Date`, whatever this clock says.
        let reset = limited(
            429,
            &[
                ("x-ratelimit-remaining", "0"),
                ("x-ratelimit-reset", "784887241"),
                ("date", "Tue, 15 Nov 1994 08:12:31 GMT"),
            ],
            "{}",
        );
        assert_eq!(rate_limit_wait(&reset, None), Some(Duration::from_secs(90)));
        let secondary = limited(
            403,
            &[],
            r#"{"message":"You have exceeded a secondary rate limit."}"#,
        );
        assert_eq!(
            rate_limit_wait(&secondary, Some(&SECONDARY)),
            Some(SECONDARY.wait)
        );
        // A forge that words no such limit waits for none.
        assert_eq!(rate_limit_wait(&secondary, None), None);
        assert_eq!(
            rate_limit_wait(&limited(403, &[], "{}"), Some(&SECONDARY)),
            None
        );
    }

    #[test]
    fn gitlabs_ratelimit_reset_is_read_as_a_time_or_as_seconds_left() {
        let at = limited(
            429,
            &[
                ("RateLimit-Remaining", "0"),
                ("RateLimit-Reset", "1609844460"),
                ("date", "Tue, 05 Jan 2021 11:00:00 GMT"),
            ],
            "{}",
        );
        assert_eq!(rate_limit_wait(&at, None), Some(Duration::from_secs(60)));
        let left = limited(
            429,
            &[("RateLimit-Remaining", "0"), ("RateLimit-Reset", "12")],
            "Retry later",
        );
        assert_eq!(rate_limit_wait(&left, None), Some(Duration::from_secs(12)));
    }
}
