//! Cancellation cancels (issue 29 §15): a call the client cancels before it
//! writes does nothing at all, neither on GitHub nor on the voyage; one
//! cancelled after its write went out completes and records, never half.
//! Either way the server says on stderr what became of it, and sends no
//! answer to the cancelled request (MCP).
//!
//! GitHub holds a read the call makes (or its write's answer) until the
//! test lets it go, so the cancellation lands while the call is in flight;
//! a ping answered after the cancellation shows the server took it.

use serde_json::{Value, json};

use super::raw::Raw;
use super::who;
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault, Gate};

const REPO: &str = "acme/widgets";

fn github() -> (FakeGitHub, TestEnv, u64, String) {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    // GitHub holds answers as long as the test needs.
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps: run it.");
    let voyage = env.new_voyage("Cancelled calls");
    (gh, env, issue, voyage)
}

/// Waits until GitHub has seen a request `matches` accepts, after the
/// first `since` requests.
fn wait_for(gh: &FakeGitHub, since: usize, what: &str, matches: impl Fn(&str, &str) -> bool) {
    let start = std::time::Instant::now();
    while !gh
        .requests()
        .iter()
        .skip(since)
        .any(|r| matches(r.method.as_str(), r.path()))
    {
        // Not a timed assertion: only a guard against hanging forever.
        assert!(
            start.elapsed() < std::time::Duration::from_secs(120),
            "GitHub never saw {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Cancels request `id`, and waits until the server has read the
/// cancellation (it reads its input in order).
fn cancel(raw: &mut Raw, id: &Value) {
    raw.notify(
        "notifications/cancelled",
        json!({"requestId": id, "reason": "the agent changed its mind"}),
    );
    raw.request(json!("after-cancel"), "ping", json!({}));
    raw.answer(&json!("after-cancel"));
}

fn steer_args(voyage: &str, issue: u64, body: &str) -> Value {
    let mut args = who("cancel me");
    args.insert("voyage".into(), voyage.into());
    args.insert(
        "action".into(),
        json!({"kind": "comment", "issue": issue, "body": body}),
    );
    Value::Object(args)
}

fn slate(env: &TestEnv, voyage: &str) -> Vec<Value> {
    let listed = env
        .run(&["slate", "list", "--voyage", voyage, "--json"])
        .json();
    listed["slate"].as_array().cloned().unwrap_or_default()
}

fn entries(env: &TestEnv, voyage: &str) -> Vec<Value> {
    let story = env.run(&["voyage", "show", voyage, "--json"]).json();
    story["entries"].as_array().cloned().unwrap_or_default()
}

#[test]
fn an_observe_cancelled_mid_look_leaves_the_slate_empty() {
    let (gh, env, issue, voyage) = github();
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "GET",
        &format!("/issues/{issue}"),
        &gate,
    ));
    let mut raw = Raw::start(&env);
    raw.initialize(json!(1));
    let id = json!(7);
    raw.call(
        id.clone(),
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue}}),
    );
    wait_for(&gh, 0, "the look's read", |method, path| {
        method == "GET" && path.contains(&format!("/issues/{issue}"))
    });
    cancel(&mut raw, &id);
    gate.open();
    let ended = raw.close();
    ended.exited_cleanly();
    assert!(!ended.answered(&id), "{:#?}", ended.answers);
    assert_eq!(slate(&env, &voyage), Vec::<Value>::new());
    assert!(
        ended
            .stderr
            .contains("observe (request 7) was cancelled by the client before it wrote anything"),
        "{}",
        ended.stderr
    );
    env.assert_sound(&voyage);
}

#[test]
fn a_steer_cancelled_before_it_acts_does_nothing_on_github_and_records_nothing() {
    let (gh, env, issue, voyage) = github();
    // On the slate: the issue, so the steer reads it again before acting.
    env.run(&[
        "observe",
        "--voyage",
        &voyage,
        "github-issue",
        &issue.to_string(),
    ])
    .ok();
    let reads_before = gh.requests().len();
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "GET",
        &format!("/issues/{issue}"),
        &gate,
    ));
    let mut raw = Raw::start(&env);
    raw.initialize(json!(1));
    let id = json!("steer-1");
    raw.call(id.clone(), "steer", steer_args(&voyage, issue, "Plan"));
    wait_for(
        &gh,
        reads_before,
        "the steer's freshness read",
        |method, path| method == "GET" && path.contains(&format!("/issues/{issue}")),
    );
    cancel(&mut raw, &id);
    gate.open();
    let ended = raw.close();
    ended.exited_cleanly();
    assert!(!ended.answered(&id), "{:#?}", ended.answers);
    assert!(
        gh.writes().is_empty(),
        "GitHub was written: {:?}",
        gh.writes()
    );
    assert!(gh.comments(REPO, issue).is_empty());
    assert_eq!(entries(&env, &voyage), Vec::<Value>::new());
    // The slate stays as it was, and no interrupted steer is left.
    assert_eq!(slate(&env, &voyage).len(), 1);
    let interrupted = env
        .run(&["interrupted", "list", "--voyage", &voyage, "--json"])
        .json();
    assert_eq!(interrupted["interrupted"], json!([]), "{interrupted}");
    assert!(
        ended.stderr.contains(
            "steer (request \"steer-1\") was cancelled by the client before it wrote anything"
        ),
        "{}",
        ended.stderr
    );
    env.assert_sound(&voyage);
}

#[test]
fn a_steer_cancelled_after_its_write_went_out_completes_and_records() {
    let (gh, env, issue, voyage) = github();
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "POST",
        &format!("/issues/{issue}/comments"),
        &gate,
    ));
    let mut raw = Raw::start(&env);
    raw.initialize(json!(1));
    let id = json!(9);
    raw.call(id.clone(), "steer", steer_args(&voyage, issue, "Plan"));
    wait_for(&gh, 0, "the steer's comment", |method, path| {
        method == "POST" && path.ends_with("/comments")
    });
    cancel(&mut raw, &id);
    gate.open();
    let ended = raw.close();
    ended.exited_cleanly();
    assert!(!ended.answered(&id), "{:#?}", ended.answers);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    let recorded = entries(&env, &voyage);
    assert_eq!(recorded.len(), 1, "{recorded:#?}");
    assert_eq!(recorded[0]["action"]["steer"], "comment");
    assert!(
        ended.stderr.contains(
            "steer (request 9) was cancelled by the client after it had begun writing: it completed"
        ),
        "{}",
        ended.stderr
    );
    env.assert_sound(&voyage);
}
