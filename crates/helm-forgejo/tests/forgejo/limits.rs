//! Forgejo's 429: waited out within HELM_GITHUB_TIMEOUT, whether it names
//! its wait or not; a wait longer than the timeout is `rate-limited`.

use fake_github::Fault;
use helm_forge::{ThreadPart, ThreadRef};
use helm_model::error::Kind;
use std::time::Duration;

use super::support::{REPO, World};

fn limited() -> serde_json::Value {
    serde_json::json!({ "message": "rate limit exceeded", "url": "/api/swagger" })
}

#[test]
fn a_429_is_waited_out_whether_or_not_it_names_a_wait() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let path = format!("/issues/{n}");
    w.fake
        .inject(Fault::new("GET", &path, 429, limited()).header("retry-after", "1"));
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let summary = [ThreadPart::Summary];
    assert!(w.run(w.forgejo.thread(at, &summary)).is_ok());
    w.fake.inject(Fault::new("GET", &path, 429, limited()));
    assert!(w.run(w.forgejo.thread(at, &summary)).is_ok());
    assert_eq!(w.fake.requests().len(), 4, "each 429 tried once more");
    w.no_violations();
}

#[test]
fn a_limit_longer_than_the_timeout_is_rate_limited() {
    let w = World::with_timeout(Duration::from_secs(2));
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let fault =
        Fault::new("GET", &format!("/issues/{n}"), 429, limited()).header("retry-after", "90");
    w.fake.inject(fault);
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let err = w
        .run(w.forgejo.thread(at, &[ThreadPart::Summary]))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::RateLimited);
    w.no_violations();
}
