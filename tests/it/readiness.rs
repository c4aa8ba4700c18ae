//! A merge you can defend (issue 24): `merge-pr` goes out only when the
//! slate's newest look at the PR's checks and reviews shows it ready;
//! otherwise it is refused as `not-ready` with nothing acted, recorded or
//! cleared, unless `--override REASON` takes it on, which the entry and the
//! story record.

use serde_json::json;

use crate::mcp::{Session, assert_speaks_mcp, with};
use crate::support::env::{Run, TestEnv, count, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn setup() -> (TestEnv, FakeGitHub, String, u64) {
    let (env, gh, voyage) = github_voyage(REPO, "Merge only what is ready");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    (env, gh, voyage, pr)
}

/// Puts the PR's checks and reviews on the slate.
fn look(env: &TestEnv, pr: u64) {
    let pr = pr.to_string();
    env.run(&["observe", "github-pr", &pr, "--focus", "checks,reviews"])
        .ok();
}

fn merge(env: &TestEnv, pr: u64, extra: &[&str]) -> Run {
    let pr = pr.to_string();
    let mut action = vec!["merge-pr", "--pr", pr.as_str(), "--json"];
    action.extend_from_slice(extra);
    env.run(&steer_args(&action))
}

/// Refused as not ready, saying `what`: exit 1, nothing merged, nothing
/// recorded, the slate as it was, and a hint naming both ways on.
fn assert_not_ready(env: &TestEnv, gh: &FakeGitHub, voyage: &str, run: &Run, what: &str) {
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "not-ready", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains(what), "{message} should say {what}");
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(
        hint.contains("--focus checks,reviews") && hint.contains("--override REASON"),
        "{hint}"
    );
    assert!(gh.writes().is_empty(), "nothing acted: {:?}", gh.writes());
    let db = env.sqlite(voyage);
    assert_eq!(count(&db, "logbook"), 0, "nothing recorded");
    assert!(count(&db, "slate") > 0, "the slate is untouched");
}

#[test]
fn a_failing_check_refuses_the_merge() {
    let (env, gh, voyage, pr) = setup();
    gh.add_check_run(REPO, "fix-42", "lint", "completed", Some("failure"));
    gh.add_check_run(REPO, "fix-42", "test", "completed", Some("success"));
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_not_ready(&env, &gh, &voyage, &run, "check lint failed (failure)");
    assert!(!run.stderr.contains("check test"), "{}", run.stderr);
}

#[test]
fn a_pending_check_refuses_the_merge() {
    let (env, gh, voyage, pr) = setup();
    gh.add_check_run(REPO, "fix-42", "test", "in_progress", None);
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_not_ready(
        &env,
        &gh,
        &voyage,
        &run,
        "check test is pending (in_progress)",
    );
}

#[test]
fn a_pending_combined_status_refuses_the_merge_but_no_statuses_at_all_do_not() {
    let (env, gh, voyage, pr) = setup();
    gh.add_status(REPO, "fix-42", "deploy/preview", "pending");
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_not_ready(&env, &gh, &voyage, &run, "status deploy/preview is pending");

    // GitHub says `pending` with no statuses at all: nothing to wait for.
    let (env, gh, _, pr) = setup();
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(gh.writes().len(), 1);
    assert!(run.json()["action"].get("override").is_none());
}

#[test]
fn changes_requested_refuses_and_a_later_comment_does_not_clear_it() {
    let (env, gh, voyage, pr) = setup();
    gh.add_review(REPO, pr, "carol", "CHANGES_REQUESTED", "Not like this.");
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_not_ready(&env, &gh, &voyage, &run, "carol requested changes");

    gh.add_review(REPO, pr, "carol", "COMMENTED", "Still thinking.");
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_not_ready(&env, &gh, &voyage, &run, "carol requested changes");

    gh.add_review(REPO, pr, "carol", "APPROVED", "Fine now.");
    look(&env, pr);
    let run = merge(&env, pr, &[]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(run.json()["action"]["freshness"]["verdict"], "fresh");
    assert_eq!(gh.writes().len(), 1, "merged once");
}

#[test]
fn checks_or_reviews_not_observed_refuse_the_merge() {
    let (env, gh, voyage, pr) = setup();
    let run = merge(&env, pr, &[]);
    assert_eq!(run.error_json()["error"]["kind"], "not-ready");
    assert!(run.stderr.contains("its checks were not observed"));
    assert!(run.stderr.contains("its reviews were not observed"));
    assert!(gh.writes().is_empty());

    let number = pr.to_string();
    env.run(&["observe", "github-pr", &number, "--focus", "summary,checks"])
        .ok();
    let run = merge(&env, pr, &[]);
    assert_not_ready(&env, &gh, &voyage, &run, "its reviews were not observed");
    let message = run.error_json()["error"]["message"].to_string();
    assert!(!message.contains("its checks"), "{message}");
}

#[test]
fn an_override_merges_and_the_entry_and_the_story_say_why() {
    let (env, gh, voyage, pr) = setup();
    gh.add_check_run(REPO, "fix-42", "lint", "completed", Some("failure"));
    look(&env, pr);
    let reason = "lint is flaky on main; tracked in #50";
    let run = merge(&env, pr, &["--override", reason]);
    assert_eq!(run.code, 0, "{run:?}");
    let action = run.json()["action"].clone();
    assert_eq!(
        action["override"],
        json!({"reason": reason, "notReady": ["check lint failed (failure)"]})
    );
    assert_eq!(gh.writes().len(), 1, "merged");

    let shown = format!("override: {reason} (not ready: check lint failed (failure))");
    let human = env.run(&["voyage", "show", &voyage]);
    assert!(human.stdout.contains(&shown), "{}", human.stdout);
    let markdown = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    assert!(markdown.stdout.contains(&shown), "{}", markdown.stdout);
    let story = env.run(&["voyage", "show", &voyage, "--json"]).json();
    assert_eq!(story["entries"][0]["action"]["override"]["reason"], reason);

    let blank = merge(&env, pr, &["--override", " "]);
    assert_eq!(blank.code, 2, "an override needs a reason: {blank:?}");
}

#[test]
fn over_mcp_the_refusal_speaks_mcp_and_override_merges() {
    let (env, gh, voyage, pr) = setup();
    gh.add_check_run(REPO, "fix-42", "test", "queued", None);
    let session = Session::start(&env);
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": pr, "focus": ["checks", "reviews"]}}),
    );
    let action = json!({"kind": "merge-pr", "pr": pr});
    let error = session.err(
        "steer",
        with("green?", json!({"voyage": voyage, "action": action})),
    );
    assert_eq!(error["kind"], "not-ready", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains("check test is pending (queued)"),
        "{message}"
    );
    let hint = error["hint"].as_str().unwrap();
    assert!(hint.contains("`override`"), "{hint}");
    assert_speaks_mcp("the not-ready hint", hint);
    assert!(gh.writes().is_empty());

    let action = json!({"kind": "merge-pr", "pr": pr, "override": "release today"});
    let entry = session.ok(
        "steer",
        with("ship it", json!({"voyage": voyage, "action": action})),
    );
    assert_eq!(entry["action"]["override"]["reason"], "release today");
    assert_eq!(
        entry["action"]["override"]["notReady"],
        json!(["check test is pending (queued)"])
    );
    assert_eq!(gh.writes().len(), 1);
}
