//! Labels: added and removed by separate requests, ids resolved in prepare,
//! and a change that fails half way is an unknown outcome, never half
//! recorded.

use fake_github::Fault;
use helm_forge::act::{IssueOrPull, LabelChange, Steer};
use helm_forge::{Produced, WriteOutcome};
use helm_model::error::Kind;

use super::support::{REPO, World, write};

fn label(n: u64, add: &[&str], remove: &[&str]) -> Steer {
    Steer::Label(LabelChange {
        on: IssueOrPull::Issue(n),
        add: add.iter().map(|s| s.to_string()).collect(),
        remove: remove.iter().map(|s| s.to_string()).collect(),
    })
}

#[test]
fn labels_are_added_and_removed_by_separate_requests() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    w.steer(label(n, &["bug"], &[]));
    let (bug, ready) = (
        w.fake.forgejo().label_id(REPO, "bug"),
        w.fake.forgejo().label_id(REPO, "ready"),
    );
    let plan = w.prepare(label(n, &["ready"], &["bug", "nope"]));
    let path = format!("/repos/acme/widgets/issues/{n}/labels");
    let body = format!(r#"{{"labels":[{ready}]}}"#);
    assert_eq!(
        plan.writes,
        [
            write("POST", &path, Some(&body)),
            write("DELETE", &format!("{path}/{bug}"), None),
        ]
    );
    let Produced::Labelled {
        now, not_present, ..
    } = w.send(&plan).unwrap()
    else {
        panic!("labelled")
    };
    assert_eq!(
        (now, not_present),
        (vec!["ready".to_string()], vec!["nope".to_string()])
    );
    assert_eq!(w.fake.forgejo().item(REPO, n).1, ["ready"]);
    w.no_violations();
}

#[test]
fn a_label_change_that_fails_half_way_is_unknown() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    w.steer(label(n, &["bug"], &[]));
    let plan = w.prepare(label(n, &["ready"], &["bug"]));
    let body = serde_json::json!({ "message": "boom", "url": "/api/swagger" });
    w.fake.inject(Fault::new("DELETE", "/labels/", 500, body));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::Unknown);
    assert_eq!(err.error.kind(), Kind::UnknownOutcome);
    assert!(
        err.error.to_string().contains("did part of it"),
        "{}",
        err.error
    );
    // The first request failing leaves nothing done: a plain refusal.
    let plan = w.prepare(label(n, &[], &["bug", "ready"]));
    let body = serde_json::json!({ "message": "no", "url": "/api/swagger" });
    w.fake.inject(Fault::new("DELETE", "/labels/", 403, body));
    let err = w.send(&plan).unwrap_err();
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    assert!(
        err.error.to_string().contains("Forgejo answered 403"),
        "{}",
        err.error
    );
    w.no_violations();
}
