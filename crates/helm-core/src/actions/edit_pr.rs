//! `edit-pr`: a new title, body or both for a pull request.

use helm_forge::act::EditPr;

super::edit::edit_action! {
    /// Change a pull request's title or body.
    EditPr(EditPrArgs),
    pr: "The pull request to edit.",
    subject: PullRequest "PR",
    sample: r#"{"kind": "edit-pr", "pr": 6, "title": "t", "body": "b"}"#
}
