//! `pr` (and `mr`, GitLab's word, stored as `pr`): a pull request's summary,
//! comments, files, diff, checks and reviews on any forge. On GitHub it is a
//! `github-pr` target; elsewhere its payload is the same `ThreadPayload`,
//! read through the forge's `Repository::thread` (`thread.rs`, which `issue`
//! shares).

use super::super::github_pr::{GitHubPrTarget, PullRequestFocus, part};

super::thread::neutral_thread! {
    /// A pull request or merge request: summary, comments, files, diff, checks, reviews.
    PrArgs => PrTarget("A pull request on a forge other than GitHub."),
    focus: PullRequestFocus => part,
    number: "The pull request number.",
    kind: "pr" aka "mr",
    pr: true,
    github: GitHubPrTarget
}
