//! Refusals on the record (issue 43 item 4): with `--record-refusal` (MCP
//! `recordRefusal`), a steer or dry run that is refused still exits with
//! its refusal and acts on nothing, but leaves a log entry saying what was
//! considered, why it was refused, and the bearing it was judged on (the
//! slate sealed into it). The story and the brief then say so. Without the
//! flag nothing is recorded.

use serde_json::{Value, json};

use crate::mcp::with;
use crate::support::env::{TestEnv, count, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;
use crate::support::node;

const REPO: &str = "acme/widgets";

/// A PR whose lint fails, its checks and reviews observed.
fn failing_pr() -> (TestEnv, FakeGitHub, String, String) {
    let (env, gh, voyage) = github_voyage(REPO, "Merge only what is ready");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_check_run(REPO, "fix-42", "lint", "completed", Some("failure"));
    let pr = pr.to_string();
    env.run(&["observe", "github-pr", &pr, "--focus", "checks,reviews"])
        .ok();
    (env, gh, voyage, pr)
}

fn entries(env: &TestEnv, voyage: &str) -> Vec<Value> {
    let story = env.run(&["voyage", "show", voyage, "--json"]).json();
    story["entries"].as_array().cloned().unwrap_or_default()
}

#[test]
fn a_refused_merge_is_recorded_when_asked_and_only_then() {
    let (env, gh, voyage, pr) = failing_pr();
    let merge = ["merge-pr", "--pr", pr.as_str(), "--json"];

    // Without the flag: refused, nothing recorded, the slate as it was.
    let run = env.run(&steer_args(&merge));
    assert_eq!(run.error_json()["error"]["kind"], "not-ready", "{run:?}");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);

    let mut asked = merge.to_vec();
    asked.push("--record-refusal");
    let run = env.run(&steer_args(&asked));
    assert_eq!(run.code, 1, "still refused: {run:?}");
    let error = run.error_json()["error"].clone();
    assert_eq!(error["kind"], "not-ready", "{error}");
    let hint = error["hint"].as_str().unwrap();
    assert!(
        hint.contains("the refusal is on the record as log entry 1"),
        "{hint}"
    );
    assert!(gh.writes().is_empty(), "nothing acted: {:?}", gh.writes());

    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 1, "one entry records the refusal");
    assert_eq!(
        count(&db, "slate"),
        0,
        "the slate is sealed into its bearing"
    );
    let entry = entries(&env, &voyage)[0].clone();
    assert_eq!(entry["kind"], "log", "{entry}");
    assert_eq!(entry["summary"], "s", "the caller's why: {entry}");
    let refused = &entry["action"]["refused"];
    assert_eq!(refused["action"], "merge-pr", "{entry}");
    assert_eq!(refused["considered"], format!("merge PR #{pr} in {REPO}"));
    assert_eq!(refused["error"], "not-ready");
    assert!(refused.get("dryRun").is_none(), "{refused}");
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("check lint failed (failure)"), "{message}");
    let bearing = entry["bearing"].as_array().unwrap();
    assert_eq!(bearing.len(), 1, "judged on the PR's look: {entry}");
    assert!(bearing[0]["target"].to_string().contains("github-pr"));

    let said = format!("merge PR #{pr} in {REPO} considered and refused (not-ready)");
    let story = env.run(&["voyage", "show", &voyage]).stdout;
    assert!(story.contains(&said), "{story}");
    let markdown = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    assert!(markdown.stdout.contains(&said), "{}", markdown.stdout);
    let brief = env.run(&["voyage", "brief", &voyage, "--json"]).json();
    let state = brief["lastLogged"]["state"].as_str().unwrap();
    assert!(state.starts_with(&said), "{brief}");
    assert!(state.contains("check lint failed (failure)"), "{state}");
}

#[test]
fn a_refused_dry_run_is_recorded_as_one() {
    let (env, gh, voyage, pr) = failing_pr();
    let run = env.run(&steer_args(&[
        "merge-pr",
        "--pr",
        &pr,
        "--dry-run",
        "--record-refusal",
        "--json",
    ]));
    assert_eq!(run.error_json()["error"]["kind"], "not-ready", "{run:?}");
    assert!(gh.writes().is_empty());
    let entry = entries(&env, &voyage)[0].clone();
    assert_eq!(entry["action"]["refused"]["dryRun"], true, "{entry}");
    let story = env.run(&["voyage", "show", &voyage]).stdout;
    assert!(
        story.contains(&format!(
            "merge PR #{pr} in {REPO} (dry run) considered and refused (not-ready)"
        )),
        "{story}"
    );

    // A dry run that would act is no refusal: nothing more is recorded.
    let (env, _gh, voyage) = github_voyage(REPO, "Comment");
    let issue = _gh.add_issue(REPO, "Bug", "body").to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let comment = [
        "comment",
        &issue,
        "--body",
        "hi",
        "--dry-run",
        "--record-refusal",
    ];
    env.run(&steer_args(&comment)).ok();
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
}

#[test]
fn a_stale_refusal_says_what_changed() {
    let (env, gh, voyage) = github_voyage(REPO, "Answer the bug");
    let issue = gh.add_issue(REPO, "Bug", "body");
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();
    gh.add_issue_comment(REPO, issue, "bob", "wait, I am on it");
    let number = issue.to_string();
    let run = env.run(&steer_args(&[
        "comment",
        &number,
        "--body",
        "Fixed",
        "--record-refusal",
        "--json",
    ]));
    assert_eq!(run.error_json()["error"]["kind"], "stale", "{run:?}");
    assert!(gh.writes().is_empty());
    let entry = entries(&env, &voyage)[0].clone();
    let refused = &entry["action"]["refused"];
    assert_eq!(refused["error"], "stale", "{entry}");
    assert_eq!(
        refused["considered"],
        format!("comment on issue #{issue} in {REPO}")
    );
    assert!(
        refused["message"].as_str().unwrap().contains("bob"),
        "what changed is named: {refused}"
    );
}

#[test]
fn over_the_typescript_sdk_record_refusal_records_and_the_brief_says_so() {
    let (env, gh, voyage, pr) = failing_pr();
    let pr: u64 = pr.parse().unwrap();
    let action = json!({"kind": "merge-pr", "pr": pr});
    let calls = json!({"calls": [
        {"tool": "steer", "args": with("ship it?", json!({"voyage": voyage, "action": action, "recordRefusal": true}))},
        {"tool": "voyage_brief", "args": {"voyage": voyage}},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    assert_eq!(seen[0]["isError"], true, "{seen}");
    let error: Value = serde_json::from_str(seen[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(error["error"]["kind"], "not-ready", "{error}");
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("log entry 1"), "{hint}");
    assert!(gh.writes().is_empty());
    let brief = &seen[1]["structured"];
    let state = brief["lastLogged"]["state"].as_str().unwrap();
    assert!(
        state.starts_with(&format!(
            "merge PR #{pr} in {REPO} considered and refused (not-ready)"
        )),
        "{brief}"
    );
}
