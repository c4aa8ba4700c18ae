//! `issue`: an issue's summary and comments on any forge. On GitHub it is a
//! `github-issue` target; elsewhere its payload is the same `ThreadPayload`,
//! read through the forge's `Repository::thread` (`thread.rs`, which `pr`
//! shares).

use super::super::github_issue::{GitHubIssueTarget, IssueFocus, part};

super::thread::neutral_thread! {
    /// An issue: its summary and comments.
    IssueArgs => IssueTarget("An issue on a forge other than GitHub."),
    focus: IssueFocus => part,
    number: "The issue number.",
    kind: "issue",
    pr: false,
    github: GitHubIssueTarget
}
