//! GitLab's limits: a 429 with `Retry-After` is waited out within
//! `HELM_GITHUB_TIMEOUT` and the write sent once; a wait longer than that
//! fails at once as `rate-limited`, nothing done.

use std::time::{Duration, Instant};

use fake_github::Fault;
use helm_forge::act::*;
use helm_forge::{Produced, WriteOutcome};
use helm_model::error::Kind;

use crate::support::{Lab, PROJECT};

fn comment(issue: u64, body: &str) -> Steer {
    Steer::Comment(Comment {
        on: IssueOrPull::Issue(issue),
        body: body.into(),
    })
}

#[test]
fn a_429_with_retry_after_is_waited_out_and_the_note_posted_once() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    let body = serde_json::from_str(r#"{"message":"429 Too Many Requests"}"#).unwrap();
    lab.fake
        .inject(Fault::new("POST", "/notes", 429, body).header("Retry-After", "1"));
    let started = Instant::now();
    assert!(matches!(
        lab.act(&comment(issue, "Patience.")),
        Produced::Posted { .. }
    ));
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(gl.item(PROJECT, false, issue).2, ["Patience."]);
    lab.done();
}

#[test]
fn a_limit_longer_than_the_timeout_fails_at_once_with_nothing_done() {
    let lab = Lab::with_timeout(Duration::from_secs(2));
    let gl = lab.fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "");
    gl.set_note_limit(1);
    lab.act(&comment(issue, "First."));
    let plan = lab.plan(&comment(issue, "Second."));
    let started = Instant::now();
    let err = lab.run(lab.repo.send(&plan)).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(err.error.kind(), Kind::RateLimited);
    assert_eq!(err.outcome, WriteOutcome::NotDone);
    assert_eq!(gl.item(PROJECT, false, issue).2, ["First."]);
    lab.done();
}
