//! Forgejo's error document in any JSON form its swagger allows (`message`
//! and `errors` are untyped there): read whatever it holds, its `errors`
//! told as well, and never passed on raw (escapes and invisible characters
//! made harmless, a very long message bounded).

use fake_github::Fault;
use helm_forge::WriteOutcome;
use helm_forge::act::{Comment, IssueOrPull, Steer};
use serde_json::{Value, json};

use super::support::{REPO, World};

/// The words of the refusal helm gives when Forgejo refuses a comment with `body`.
fn refused_with(body: Value) -> String {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "");
    let plan = w.prepare(Steer::Comment(Comment {
        on: IssueOrPull::Issue(n),
        body: "On it".into(),
    }));
    let path = format!("/issues/{n}/comments");
    w.fake.inject(Fault::new("POST", &path, 422, body));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    w.no_violations();
    err.error.to_string()
}

#[test]
fn a_message_with_escapes_and_invisible_characters_is_told_harmless() {
    let said = refused_with(json!({
        "message": "bad \u{1b}[2Jtitle\u{202e}txt.exe\nsecond line",
        "url": "/api/swagger",
    }));
    assert!(!said.contains('\u{1b}'), "{said:?}");
    assert!(!said.contains('\u{202e}'), "{said:?}");
    assert!(!said.contains('\n'), "{said:?}");
    assert!(said.contains("title"), "{said:?}");
}

#[test]
fn a_message_that_is_not_a_string_and_its_errors_are_told() {
    let said = refused_with(json!({
        "message": ["Body", "Required"],
        "errors": ["body is empty", { "field": "body" }],
        "url": "/api/swagger",
    }));
    assert!(said.contains("Required"), "{said}");
    assert!(said.contains("body is empty"), "{said}");
    assert!(!said.contains("/api/swagger"), "{said}");
}

#[test]
fn a_very_long_message_is_bounded() {
    let said = refused_with(json!({ "message": "x".repeat(20_000) }));
    assert!(said.len() < 2_000, "{}", said.len());
}
