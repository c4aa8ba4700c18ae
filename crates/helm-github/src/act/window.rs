//! Which traces on GitHub can be a lost attempt's own (ADR 0012): made after
//! the attempt began, as GitHub's clock tells it (never this machine's clock
//! compared with GitHub's), and by the account whose token acts (`GET /user`,
//! asked once per look).

use helm_forge::TraceWindow;
use helm_model::clock::Began;

use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubUser as User;

/// The seam's [`TraceWindow`] as GitHub's looks read it: against GitHub's
/// users and times, and as a `since` query.
pub(super) struct Window<'a>(&'a TraceWindow);

impl<'a> Window<'a> {
    /// The window of an attempt that began as `began` says; `Err` says why
    /// it cannot be placed on GitHub's clock.
    pub(super) async fn of(
        client: &Client,
        began: &Began,
    ) -> Result<Result<TraceWindow, String>, GitHubError> {
        // The first answer of the look also reads GitHub's clock, in case
        // the attempt kept no reading of its own.
        let user: User = client.get_json("/user").await?;
        Ok(began
            .earliest_trace(client.clock().as_ref())
            .map(|since| TraceWindow {
                viewer: user.login,
                since,
            }))
    }

    pub(super) fn from(window: &'a TraceWindow) -> Window<'a> {
        Window(window)
    }

    /// The account whose token acts.
    pub(super) fn viewer(&self) -> &str {
        &self.0.viewer
    }

    /// Whether a trace made at `at` (as GitHub writes it) is in the window.
    /// A time GitHub did not give, or that does not read, is not.
    pub(super) fn admits(&self, at: &Option<String>) -> bool {
        self.0.admits(at.as_deref())
    }

    pub(super) fn by(&self, user: &Option<User>) -> bool {
        self.0.by(user.as_ref().map(|u| u.login.as_str()))
    }

    /// The window's start as a `since` query parameter.
    pub(super) fn query(&self) -> String {
        self.0.since.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_counts_from_the_window_on_by_the_viewer_only() {
        let trace = TraceWindow {
            viewer: "helm-bot".into(),
            since: "2026-11-21T09:58:00Z".parse().unwrap(),
        };
        let window = Window::from(&trace);
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
