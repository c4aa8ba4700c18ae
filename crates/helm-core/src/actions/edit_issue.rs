//! `edit-issue`: a new title, body or both for an issue.

use helm_forge::act::EditIssue;

super::edit::edit_action! {
    /// Change an issue's title or body.
    EditIssue(EditIssueArgs),
    issue: "The issue to edit.",
    subject: Issue "issue",
    sample: r#"{"kind": "edit-issue", "issue": 5, "title": "t", "body": "b"}"#
}
