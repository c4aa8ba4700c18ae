//! The `checks` part of a pull request's payload: the check runs and the
//! commit statuses of its head commit, every page of each.

use serde::Serialize;

use super::fetch::{is_false, shaped, to_value};
use super::parts::fresh;
use crate::client::Client;
use crate::conditional::{get_listing, get_pages};
use crate::error::GitHubError;
use crate::wire::{GitHubCheckRun, GitHubCombinedStatus};
use helm_forge::PayloadPart;
use helm_forge::shape;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Checks {
    head_sha: String,
    check_runs: Vec<shape::CheckRun>,
    combined_state: String,
    statuses: Vec<shape::Status>,
    #[serde(skip_serializing_if = "is_false")]
    check_runs_truncated: bool,
    #[serde(skip_serializing_if = "is_false")]
    statuses_truncated: bool,
}

/// Check runs and commit statuses of the head commit `sha`.
pub(super) async fn checks(client: &Client, sha: &str) -> Result<PayloadPart, GitHubError> {
    let runs_path = client.repo_path(&format!("/commits/{sha}/check-runs"));
    let runs = get_listing::<GitHubCheckRun>(client, &runs_path, |page| page.get("check_runs"));
    // The combined status pages its statuses (30 by default): every page is
    // read, 100 at a time, like any other listing; the state is the first
    // page's.
    let status_path = client.repo_path(&format!("/commits/{sha}/status"));
    let status = get_pages(client, &status_path, |page| page.get("statuses"));
    let ((runs, truncated, runs_seen), (pages, statuses_truncated, status_seen)) =
        tokio::try_join!(runs, status)?;
    let mut combined = GitHubCombinedStatus::default();
    for (at, page) in pages.into_iter().enumerate() {
        let page: GitHubCombinedStatus =
            serde_json::from_value(page).map_err(GitHubError::shape)?;
        if at == 0 {
            combined.state = page.state;
        }
        combined.statuses.extend(page.statuses);
    }
    let value = to_value(&Checks {
        head_sha: sha.to_string(),
        check_runs: shaped(runs),
        combined_state: combined.state,
        statuses: shaped(combined.statuses),
        check_runs_truncated: truncated,
        statuses_truncated,
    });
    let mut seen = runs_seen;
    seen.extend(status_seen);
    Ok(fresh(value, false, seen))
}
