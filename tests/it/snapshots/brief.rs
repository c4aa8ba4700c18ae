//! `voyage brief` after a flow: its state is the present (the end, else the
//! latest entry), and its "last seen" counts every look at a target.

use serde_json::Value;

use super::{settings, shown};
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;

const REPO: &str = "acme/widgets";

fn who<'a>(args: &mut Vec<&'a str>, summary: &'a str) {
    args.extend(["--as", "alice", "--role", "coder", "--method", "human"]);
    args.extend(["--summary", summary]);
}

/// Plan, wait, a teammate answers, a focused look, two steers, the end.
fn flow(env: &mut TestEnv, gh: &FakeGitHub) -> (String, u64) {
    let issue = gh.add_issue(REPO, "Widget crashes on empty input", "Steps: run it.");
    let voyage = env.new_voyage("Advance #42: fix widget crash");
    env.set("HELM_VOYAGE", &voyage);
    let issue_text = issue.to_string();
    env.run(&["observe", "github-issue", &issue_text]).ok();
    let mut plan = vec!["steer"];
    who(&mut plan, "plan: bounds check");
    plan.extend([
        "comment",
        "--issue",
        &issue_text,
        "--body",
        "Plan: guard it.",
    ]);
    env.run(&plan).ok();
    let mut wait = vec!["log"];
    who(&mut wait, "asked for feedback on the plan");
    wait.push("waiting for feedback");
    env.run(&wait).ok();
    gh.add_issue_comment(REPO, issue, "bob", "Sounds good.");
    env.run(&[
        "observe",
        "github-issue",
        &issue_text,
        "--focus",
        "comments",
    ])
    .ok();
    let mut thanks = vec!["steer"];
    who(&mut thanks, "plan agreed");
    thanks.extend([
        "comment",
        "--issue",
        &issue_text,
        "--body",
        "Thanks, on it.",
    ]);
    env.run(&thanks).ok();
    let created = env
        .run(&steer_args(&[
            "create-pr",
            "--title",
            "Fix widget crash",
            "--head",
            "fix-42",
            "--base",
            "main",
        ]))
        .ok()
        .stdout
        .clone();
    assert!(created.contains("create PR"), "{created}");
    (voyage, issue)
}

#[test]
fn the_brief_states_the_present_not_the_last_log() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    let (voyage, _) = flow(&mut env, &gh);
    let steered = env.run(&["voyage", "brief"]);
    let json = env.run(&["voyage", "brief", "--json"]).json();
    assert_eq!(json["current"]["source"], "steer");
    assert_eq!(json["current"]["entry"], 4);
    assert_eq!(json["lastLogged"]["state"], "waiting for feedback");
    env.run(&["voyage", "end", &voyage, "--status", "merged"])
        .ok();
    let ended = env.run(&["voyage", "brief"]);
    let json = env.run(&["voyage", "brief", "--json"]).json();
    assert_eq!(json["current"]["state"], "ended: merged");
    assert_eq!(json["current"]["source"], "end");
    assert_eq!(json["current"]["entry"], 4);
    assert_eq!(json["current"]["at"], json["voyage"]["endedAt"]);
    assert!(
        ended
            .stdout
            .contains("State: ended: merged (the voyage ended at "),
        "{}",
        ended.stdout
    );
    settings(&env).bind(|| {
        insta::assert_snapshot!("brief_after_a_steer", shown(&steered));
        insta::assert_snapshot!("brief_after_the_end", shown(&ended));
    });
}

#[test]
fn last_seen_counts_a_look_with_a_focus() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    let (voyage, issue) = flow(&mut env, &gh);
    let shown: Value = env.run(&["voyage", "show", &voyage, "--json"]).json();
    let bearing = |entry: usize| shown["entries"][entry]["bearing"][0].clone();
    // Entry 1's bearing: the whole issue; entry 3's: its comments only.
    assert_eq!(
        bearing(0)["target"]["focus"],
        serde_json::json!(["comments", "summary"])
    );
    assert_eq!(
        bearing(2)["target"]["focus"],
        serde_json::json!(["comments"])
    );
    let brief = env.run(&["voyage", "brief", "--json"]).json();
    let seen = &brief["github"][0]["lastSeen"];
    assert_eq!(brief["github"][0]["number"], issue);
    assert_eq!(seen["observedAt"], bearing(2)["observedAt"], "{brief:#}");
    assert_eq!(seen["artifact"], bearing(2)["artifact"]);
    assert_eq!(seen["summaryObservedAt"], bearing(0)["observedAt"]);
    assert_eq!(seen["state"], "open");
    assert_eq!(seen["title"], "Widget crashes on empty input");
}
