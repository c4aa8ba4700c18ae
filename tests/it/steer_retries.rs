//! Issue 10 §1: an unknown outcome never leads to a second action. Each case
//! makes GitHub act and then lose its answer (a hang past the timeout, a
//! dropped connection, a 502), and checks that helm keeps its record, that
//! the retry finds the effect and records it without acting again, and the
//! other request-id rules around it.

use std::time::Duration;

use serde_json::Value;

use crate::support::env::{TestEnv, count};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn comment(
    env: &TestEnv,
    request_id: Option<&str>,
    issue: u64,
    body: &str,
) -> crate::support::env::Run {
    let issue = issue.to_string();
    env.run(&crate::settling::steer_args(
        request_id,
        &["comment", "--issue", &issue, "--body", body],
    ))
}

fn setup() -> (FakeGitHub, TestEnv, String, u64) {
    let (mut env, gh, voyage) = github_voyage(REPO, "retries");
    env.set("HELM_GITHUB_TIMEOUT", "2");
    let issue = gh.add_issue(REPO, "t", "");
    env.write("a.txt", "context");
    env.run(&["observe", "file-contents", "a.txt"]).ok();
    (gh, env, voyage, issue)
}

fn lost_answer_is_settled_by_the_retry(fault: Fault) {
    let (gh, env, voyage, issue) = setup();
    gh.inject(fault);
    let first = comment(&env, Some("r-1"), issue, "plan");
    let error = first.error_json();
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("may have acted"), "{error}");
    assert!(
        error["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("--request-id r-1")
    );
    assert_eq!(gh.comments(REPO, issue).len(), 1, "GitHub acted");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"][0]["requestId"], "r-1");

    let retry = comment(&env, Some("r-1"), issue, "plan").json();
    assert_eq!(retry["action"]["settled"], "found-on-github");
    assert_eq!(retry["action"]["commentId"], gh.comments(REPO, issue)[0].id);
    assert_eq!(gh.comments(REPO, issue).len(), 1, "never a second comment");
    assert_eq!(retry["bearing"].as_array().unwrap().len(), 1);
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], Value::Array(vec![]));
    // And once more: a plain replay.
    let again = comment(&env, Some("r-1"), issue, "plan").json();
    assert_eq!(again["replayed"], true);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
}

#[test]
fn a_timeout_after_github_acted_is_settled_without_a_second_comment() {
    lost_answer_is_settled_by_the_retry(Fault::hang_after_acting(
        "POST",
        "/comments",
        Duration::from_secs(4),
    ));
}

#[test]
fn a_dropped_connection_after_github_acted_is_settled_without_a_second_comment() {
    lost_answer_is_settled_by_the_retry(Fault::drop_after_acting("POST", "/comments"));
}

#[test]
fn a_502_after_github_acted_is_settled_without_a_second_comment() {
    lost_answer_is_settled_by_the_retry(Fault::bad_gateway_after_acting("POST", "/comments"));
}

#[test]
fn a_refusal_leaves_no_record_and_the_retry_acts() {
    let (gh, env, _voyage, issue) = setup();
    gh.fail_next(
        "POST",
        "/comments",
        422,
        serde_json::json!({"message": "Validation Failed"}),
    );
    comment(&env, Some("r-1"), issue, "plan").error_json();
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], Value::Array(vec![]));
    comment(&env, Some("r-1"), issue, "plan").json();
    assert_eq!(gh.comments(REPO, issue).len(), 1);
}

#[test]
fn without_a_request_id_the_attempt_is_settled_by_name() {
    let (gh, env, voyage, issue) = setup();
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let first = comment(&env, None, issue, "plan");
    let hint = first.error_json()["error"]["hint"]
        .as_str()
        .unwrap()
        .to_string();
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    let attempt = listed["interrupted"][0]["requestId"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(hint.contains(&attempt), "{hint}");
    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-github");
    assert_eq!(settled["entry"]["identity"], "agent");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    let gone = env.run(&["interrupted", "settle", &attempt]);
    assert!(gone.fails(1).contains("no interrupted steer"));
}

#[test]
fn discard_drops_the_record_and_records_nothing() {
    let (gh, env, voyage, issue) = setup();
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    comment(&env, Some("r-9"), issue, "plan").error_json();
    let discarded = env.run(&["interrupted", "discard", "r-9", "--json"]).json();
    assert_eq!(discarded["outcome"], "discarded");
    assert_eq!(discarded["attempt"]["requestId"], "r-9");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], Value::Array(vec![]));
}

#[test]
fn the_same_request_id_for_another_issue_or_body_is_refused() {
    let (gh, env, _voyage, issue) = setup();
    let other = gh.add_issue(REPO, "other", "");
    comment(&env, Some("r-1"), issue, "plan").json();
    for (number, body) in [(other, "plan"), (issue, "another plan")] {
        let refused = comment(&env, Some("r-1"), number, body);
        assert_eq!(refused.error_json()["error"]["kind"], "conflict");
    }
    assert_eq!(gh.comments(REPO, other).len(), 0);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
}

#[test]
fn a_second_process_with_the_same_id_waits_and_replays() {
    let (gh, env, voyage, issue) = setup();
    gh.set_latency(Duration::from_millis(800));
    let first = env
        .command(&crate::settling::steer_args(
            Some("r-1"),
            &["comment", "--issue", &issue.to_string(), "--body", "plan"],
        ))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first process has sent its request.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while gh.writes().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let second = comment(&env, Some("r-1"), issue, "plan").json();
    let status = first.wait_with_output().unwrap().status;
    assert!(status.success());
    assert_eq!(second["replayed"], true);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
    env.assert_sound(&voyage);
}

#[test]
fn a_timeout_longer_than_helm_allows_is_refused_up_front() {
    let (_gh, mut env, _voyage, issue) = setup();
    for bad in ["1000", "0", "soon"] {
        env.set("HELM_GITHUB_TIMEOUT", bad);
        let refused = comment(&env, None, issue, "plan");
        let error = refused.error_json();
        assert_eq!(error["error"]["kind"], "config", "{bad}");
        assert!(
            error["error"]["message"]
                .as_str()
                .unwrap()
                .contains("HELM_GITHUB_TIMEOUT")
        );
    }
}
