//! GitHub's clock beside this machine's. A look for the effect of an
//! interrupted steer asks GitHub for what was created after the attempt
//! began; GitHub stamps those with its own clock, which may run hours away
//! from this machine's (a laptop after sleep, a WSL2 guest, a CI VM). So the
//! two clocks are never compared directly: a reading pairs GitHub's `Date`
//! header with this machine's time when that answer arrived, and the
//! attempt's start is moved onto GitHub's clock by that offset (ADR 0012).

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

/// How long before an attempt's own start a reading of GitHub's clock may
/// have been taken and still be trusted for it: all of a steer's GitHub work
/// under the lock fits in this (`ops::actor::LOCK_BUDGET` is 240 s).
const READING_BEFORE: SignedDuration = SignedDuration::from_secs(300);

/// GitHub's clock as one of its answers showed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GitHubClock {
    /// The answer's `Date` header, as RFC 3339.
    pub github: String,
    /// This machine's clock when the answer arrived.
    pub(crate) local: String,
}

impl GitHubClock {
    /// A reading from a `Date` header (`Tue, 15 Nov 1994 08:12:31 GMT`)
    /// received at `local`; `None` when the header is not an HTTP date.
    pub fn read(date: &str, local: Timestamp) -> Option<GitHubClock> {
        let github = jiff::fmt::rfc2822::DateTimeParser::new()
            .parse_timestamp(date.trim())
            .ok()?;
        Some(GitHubClock {
            github: super::format_timestamp(github),
            local: super::format_timestamp(local),
        })
    }

    fn parts(&self) -> Option<(Timestamp, Timestamp)> {
        Some((self.github.parse().ok()?, self.local.parse().ok()?))
    }
}

/// When an attempt began, as the pending record keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Began {
    /// This machine's clock when the attempt's record was written, before
    /// its request left.
    pub started_at: String,
    /// GitHub's clock read before the request left, when helm had one.
    pub clock: Option<GitHubClock>,
}

impl Began {
    /// The earliest time on GitHub's clock that a trace of the attempt can
    /// carry. `now` is a reading taken by the look itself, used when the
    /// attempt kept none. Both clocks count whole seconds, so the start is
    /// rounded down and one second more is allowed. `Err` says why helm
    /// cannot place the attempt on GitHub's clock.
    pub fn earliest_trace(&self, now: Option<&GitHubClock>) -> Result<Timestamp, String> {
        let started: Timestamp = self.started_at.parse().map_err(|_| {
            format!(
                "the attempt's start time '{}' is not readable",
                self.started_at
            )
        })?;
        let kept = self
            .clock
            .as_ref()
            .and_then(GitHubClock::parts)
            .filter(|(_, local)| {
                let before = started.duration_since(*local);
                before >= SignedDuration::ZERO && before <= READING_BEFORE
            });
        let (github, local) = match kept {
            Some(parts) => parts,
            None => {
                let now = now.and_then(GitHubClock::parts).ok_or_else(|| {
                    "GitHub's answers carried no readable Date header to tell its time".to_string()
                })?;
                // This machine's clock must not have gone back since the
                // attempt: the time elapsed is what moves its start onto
                // GitHub's clock.
                if now.1.duration_since(started) < SignedDuration::from_secs(-1) {
                    return Err(format!(
                        "this machine's clock now reads {}, before the attempt began ({}), so helm cannot tell how long ago it was",
                        super::format_timestamp(now.1),
                        self.started_at
                    ));
                }
                now
            }
        };
        let on_github = started
            .checked_add(github.duration_since(local))
            .map_err(|_| "GitHub's clock is out of range".to_string())?;
        let whole = Timestamp::from_second(on_github.as_second())
            .map_err(|_| "GitHub's clock is out of range".to_string())?;
        whole
            .checked_sub(SignedDuration::from_secs(1))
            .map_err(|_| "GitHub's clock is out of range".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        text.parse().unwrap()
    }

    fn reading(github: &str, local: &str) -> GitHubClock {
        GitHubClock {
            github: github.into(),
            local: local.into(),
        }
    }

    #[test]
    fn a_date_header_is_read_as_github_writes_it() {
        let clock = GitHubClock::read(
            "Sun, 22 Nov 2026 05:13:00 GMT",
            at("2026-11-22T09:00:00.5Z"),
        )
        .unwrap();
        assert_eq!(clock.github, "2026-11-22T05:13:00.000000Z");
        assert_eq!(clock.local, "2026-11-22T09:00:00.500000Z");
        assert!(GitHubClock::read("yesterday", Timestamp::now()).is_none());
    }

    #[test]
    fn the_start_moves_onto_githubs_clock_whichever_way_it_runs() {
        // GitHub three hours behind this machine, then five hours ahead.
        for (github, expected) in [
            ("2026-11-22T06:00:00Z", "2026-11-22T05:59:59Z"),
            ("2026-11-22T14:00:00Z", "2026-11-22T13:59:59Z"),
        ] {
            let began = Began {
                started_at: "2026-11-22T09:00:00.700000Z".into(),
                clock: Some(reading(github, "2026-11-22T09:00:00.300000Z")),
            };
            assert_eq!(began.earliest_trace(None).unwrap(), at(expected));
        }
    }

    #[test]
    fn without_a_kept_reading_the_looks_own_reading_and_the_time_elapsed_serve() {
        let began = Began {
            started_at: "2026-11-22T09:00:00Z".into(),
            clock: None,
        };
        // Ten minutes later here; GitHub says 02:10.
        let now = reading("2026-11-22T02:10:00Z", "2026-11-22T09:10:00Z");
        assert_eq!(
            began.earliest_trace(Some(&now)).unwrap(),
            at("2026-11-22T01:59:59Z")
        );
        assert!(began.earliest_trace(None).is_err(), "no clock at all");
        // This machine's clock went back past the attempt: cannot tell.
        let back = reading("2026-11-22T02:10:00Z", "2026-11-22T08:00:00Z");
        let why = began.earliest_trace(Some(&back)).unwrap_err();
        assert!(why.contains("before the attempt began"), "{why}");
    }

    #[test]
    fn a_reading_not_taken_just_before_the_attempt_is_not_trusted_for_it() {
        let now = reading("2026-11-22T02:10:00Z", "2026-11-22T09:10:00Z");
        for local in ["2026-11-22T09:00:01Z", "2026-11-22T08:00:00Z"] {
            let began = Began {
                started_at: "2026-11-22T09:00:00Z".into(),
                clock: Some(reading("2026-11-22T20:00:00Z", local)),
            };
            assert_eq!(
                began.earliest_trace(Some(&now)).unwrap(),
                at("2026-11-22T01:59:59Z"),
                "{local}"
            );
        }
    }
}
