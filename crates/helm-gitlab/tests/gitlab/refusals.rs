//! GitLab's refusals in helm's words: its status and message, a hint, the
//! nearest kind, and whether the write may have acted (a 4xx did nothing).

use helm_forge::WriteOutcome;
use helm_forge::act::*;
use helm_model::error::Kind;

use crate::support::{Lab, PROJECT};

#[test]
fn a_refused_write_names_gitlabs_status_and_message_and_did_nothing() {
    let lab = Lab::new();
    let issue = lab.fake.gitlab().add_issue(PROJECT, "Widget crashes", "");
    let body = serde_json::from_str(r#"{"message":"403 Forbidden - you cannot comment here"}"#);
    lab.fake.fail_next("POST", "/notes", 403, body.unwrap());
    let steer = Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: "Hello.".into(),
    });
    let err = lab.run(lab.repo.send(&lab.plan(&steer))).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    assert_eq!(err.error.kind(), Kind::Config);
    assert_eq!(
        err.error.to_string(),
        "GitLab answered 403 to POST /projects/group%2Fsub%2Fproject/issues/1/notes: 403 Forbidden - you cannot comment here"
    );
    assert!(
        err.error.hint_text().unwrap().contains("api"),
        "{:?}",
        err.error.hint_text()
    );
    let invalid = serde_json::from_str(r#"{"message":{"title":["is too long"]}}"#);
    lab.fake.fail_next("POST", "/issues", 400, invalid.unwrap());
    let create = Steer::CreateIssue(CreateIssue {
        title: "x".into(),
        body: None,
        labels: Vec::new(),
        assignees: Vec::new(),
    });
    let err = lab.run(lab.repo.send(&lab.plan(&create))).unwrap_err();
    assert!(
        err.error.to_string().ends_with(": title is too long"),
        "{}",
        err.error
    );
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    lab.done();
}

#[test]
fn a_token_gitlab_does_not_accept_is_a_config_error() {
    let lab = Lab::new();
    lab.fake.fail_next(
        "GET",
        "/user",
        401,
        serde_json::from_str(r#"{"message":"401 Unauthorized"}"#).unwrap(),
    );
    let err = lab.run(lab.repo.viewer()).unwrap_err();
    assert_eq!(err.error.kind(), Kind::Config);
    assert!(err.error.hint_text().unwrap().contains("GITLAB_TOKEN"));
    lab.done();
}
