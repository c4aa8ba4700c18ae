//! How long GitHub asks helm to wait before asking again: a rate-limit
//! refusal's `retry-after`, or its reset time measured on GitHub's clock, or
//! GitHub's minute for a secondary limit that names no wait.

use std::time::Duration;

use http::StatusCode;

use super::Answer;
use crate::model::clock::GitHubClock;

/// GitHub's guidance for a secondary rate limit that names no wait: at
/// least a minute.
const UNNAMED_LIMIT_WAIT: Duration = Duration::from_secs(60);
/// How long GitHub asks us to wait, when the answer is a rate-limit refusal:
/// 429, or 403 with `retry-after` or an exhausted `x-ratelimit-remaining`.
pub(super) fn rate_limit_wait(answer: &Answer) -> Option<Duration> {
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
        let reset = header("x-ratelimit-reset")?;
        // The reset is a time on GitHub's clock: measured from its `Date`,
        // not from this machine's clock, which may run far from it.
        let now = answer
            .headers
            .get(http::header::DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(|date| GitHubClock::read(date, jiff::Timestamp::now()))
            .and_then(|clock| clock.github.parse::<jiff::Timestamp>().ok())
            .unwrap_or_else(jiff::Timestamp::now);
        let now = now.as_second().max(0) as u64;
        return Some(Duration::from_secs(reset.saturating_sub(now).max(1)));
    }
    // A secondary limit that names no wait: GitHub asks for a minute.
    let text = String::from_utf8_lossy(&answer.body).to_ascii_lowercase();
    text.contains("secondary rate limit")
        .then_some(UNNAMED_LIMIT_WAIT)
}

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

    #[test]
    fn a_limit_is_waited_as_github_says_on_its_own_clock() {
        let retry = limited(403, &[("retry-after", "7")], "{}");
        assert_eq!(rate_limit_wait(&retry), Some(Duration::from_secs(7)));
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
        assert_eq!(rate_limit_wait(&reset), Some(Duration::from_secs(90)));
        let secondary = limited(
            403,
            &[],
            r#"{"message":"You have exceeded a secondary rate limit."}"#,
        );
        assert_eq!(rate_limit_wait(&secondary), Some(UNNAMED_LIMIT_WAIT));
        assert_eq!(rate_limit_wait(&limited(403, &[], "{}")), None);
    }
}
