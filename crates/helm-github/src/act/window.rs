//! Which traces on GitHub can be a lost attempt's own (ADR 0012): made after
//! the attempt began, as GitHub's clock tells it (never this machine's clock
//! compared with GitHub's), and by the account whose token acts (`GET /user`,
//! asked once per look).

use helm_model::clock::Began;
use jiff::Timestamp;

use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubUser as User;

/// Which traces can be the attempt's: made by `viewer`, at or after `since`
/// on GitHub's clock.
pub(super) struct Window {
    pub(super) viewer: String,
    since: Timestamp,
}

impl Window {
    /// The window of an attempt that began as `began` says; `Err` says why
    /// it cannot be placed on GitHub's clock.
    pub(super) async fn of(
        client: &Client,
        began: &Began,
    ) -> Result<Result<Window, String>, GitHubError> {
        // The first answer of the look also reads GitHub's clock, in case
        // the attempt kept no reading of its own.
        let user: User = client.get_json("/user").await?;
        Ok(began
            .earliest_trace(client.clock().as_ref())
            .map(|since| Window {
                viewer: user.login,
                since,
            }))
    }

    /// Whether a trace made at `at` (as GitHub writes it) is in the window.
    /// A time GitHub did not give, or that does not read, is not.
    pub(super) fn admits(&self, at: &Option<String>) -> bool {
        at.as_deref()
            .and_then(|at| at.parse::<Timestamp>().ok())
            .is_some_and(|at| at >= self.since)
    }

    pub(super) fn by(&self, user: &Option<User>) -> bool {
        user.as_ref()
            .is_some_and(|u| u.login.eq_ignore_ascii_case(&self.viewer))
    }

    /// The window's start as a `since` query parameter.
    pub(super) fn query(&self) -> String {
        self.since.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_counts_from_the_window_on_by_the_viewer_only() {
        let window = Window {
            viewer: "helm-bot".into(),
            since: "2026-11-21T09:58:00Z".parse().unwrap(),
        };
        assert_eq!(window.query(), "2026-11-21T09:58:00Z");
        assert!(window.admits(&Some("2026-11-21T09:58:00Z".into())));
        assert!(!window.admits(&Some("2026-11-21T09:57:59Z".into())));
        assert!(!window.admits(&Some("soon".into())));
        assert!(!window.admits(&None));
        let user = |login: &str| {
            Some(User {
                login: login.into(),
            })
        };
        assert!(window.by(&user("Helm-Bot")));
        assert!(!window.by(&user("octocat")));
        assert!(!window.by(&None));
    }
}
