//! Readiness without attempting a merge (issue 43 item 2): `observe` of a
//! pull request (its screen, `--json`, MCP) carries a verdict that names
//! every blocker at once (each reviewer who requested changes, failing
//! checks and statuses, what ran on an earlier head and is missing now, a
//! moved head, a draft, conflicts) and, not blocking, the unresolved
//! threads and reviews still requested; a merge's dry run and a
//! `not-ready` refusal list the same, not the first.

use serde_json::{Value, json};

use crate::mcp::with;
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;
use crate::support::node;

const REPO: &str = "acme/widgets";

/// A PR held back by everything at once.
fn blocked() -> (TestEnv, FakeGitHub, String, u64) {
    let (env, gh, voyage) = github_voyage(REPO, "Merge only what is ready");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_check_run(REPO, "fix-42", "lint", "completed", Some("failure"));
    gh.add_check_run(REPO, "fix-42", "test", "completed", Some("success"));
    gh.add_status(REPO, "fix-42", "deploy/preview", "error");
    gh.add_review(REPO, pr, "carol", "CHANGES_REQUESTED", "Not like this.");
    gh.add_review(REPO, pr, "dave", "CHANGES_REQUESTED", "Nor this.");
    gh.add_review_comment(REPO, pr, "src/widget.rs", 12, "Why unwrap here?");
    gh.set_mergeable(REPO, pr, false);
    gh.edit_pr(REPO, pr, |pull| pull.draft = true);
    (env, gh, voyage, pr)
}

const EVERY: [&str; 6] = [
    "it is a draft",
    "it has conflicts with its base branch",
    "check lint failed (failure)",
    "status deploy/preview is error",
    "carol requested changes",
    "dave requested changes",
];

fn says(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|b| b["says"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn observe_names_every_blocker_on_the_screen_and_in_json() {
    let (env, gh, _voyage, pr) = blocked();
    let number = pr.to_string();
    let seen = env.run(&["observe", "github-pr", &number, "--json"]).json();
    let readiness = &seen["readiness"];
    assert_eq!(readiness["ready"], false, "{readiness}");
    assert_eq!(says(&readiness["blockers"]), EVERY, "{readiness}");
    let kinds: Vec<&str> = readiness["blockers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "draft",
            "conflicts",
            "check-failed",
            "status-failing",
            "changes-requested",
            "changes-requested"
        ]
    );
    assert_eq!(readiness["blockers"][4]["name"], "carol");
    let thread = &readiness["also"][0];
    assert_eq!(thread["kind"], "unresolved-threads", "{readiness}");
    assert_eq!(thread["says"], "1 unresolved thread (src/widget.rs:12)");
    assert_eq!(thread["at"], json!(["src/widget.rs:12"]));
    assert!(gh.writes().is_empty(), "observing never merges");

    let screen = env.run(&["observe", "github-pr", &number]).stdout;
    assert!(screen.contains("\nreadiness: not ready\n"), "{screen}");
    for blocker in EVERY {
        assert!(
            screen.contains(&format!("\n  - {blocker}\n")),
            "{blocker} in {screen}"
        );
    }
    assert!(
        screen.contains("\n  also: 1 unresolved thread (src/widget.rs:12)\n"),
        "{screen}"
    );
}

#[test]
fn a_dry_run_and_the_refusal_list_every_blocker_not_the_first() {
    let (env, gh, _voyage, pr) = blocked();
    let number = pr.to_string();
    env.run(&["observe", "github-pr", &number]).ok();
    for extra in [&["--dry-run"][..], &[]] {
        let mut action = vec!["merge-pr", "--pr", number.as_str(), "--json"];
        action.extend_from_slice(extra);
        let run = env.run(&steer_args(&action));
        let error = run.error_json()["error"].clone();
        assert_eq!(error["kind"], "not-ready", "{run:?}");
        let message = error["message"].as_str().unwrap();
        for blocker in EVERY {
            assert!(message.contains(blocker), "{blocker} in {message}");
        }
        assert!(message.contains("also: 1 unresolved thread"), "{message}");
    }
    assert!(gh.writes().is_empty());
}

#[test]
fn what_ran_on_an_earlier_head_and_is_missing_now_blocks() {
    let (env, gh, _voyage) = github_voyage(REPO, "A push lost a status");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_status(REPO, "fix-42", "ci/legacy", "success");
    gh.add_check_run(REPO, "fix-42", "e2e", "completed", Some("success"));
    let number = pr.to_string();
    env.run(&["observe", "github-pr", &number]).ok();
    // Sealed, so the guard finds it in the bearing after the next look.
    env.run(&[
        "log",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "waiting",
    ])
    .ok();
    let before = gh.head_sha(REPO, pr);
    let after = gh.push_commit(REPO, pr);
    gh.add_check_run(REPO, &after, "test", "completed", Some("success"));
    let seen = env.run(&["observe", "github-pr", &number, "--json"]).json();
    let (was, now) = (&before[..7], &after[..7]);
    let gone = [
        format!("check e2e ran on {was} and is missing on {now}"),
        format!("status ci/legacy ran on {was} and is missing on {now}"),
    ];
    assert_eq!(says(&seen["readiness"]["blockers"]), gone, "{seen}");
    let run = env.run(&steer_args(&[
        "merge-pr",
        "--pr",
        &number,
        "--dry-run",
        "--json",
    ]));
    let message = run.error_json()["error"]["message"].to_string();
    for blocker in &gone {
        assert!(message.contains(blocker.as_str()), "{blocker} in {message}");
    }
}

#[test]
fn a_ready_pr_says_so_and_the_brief_carries_its_readiness_over_the_typescript_sdk() {
    let (env, gh, voyage) = github_voyage(REPO, "Ready or not");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_check_run(REPO, "fix-42", "test", "completed", Some("success"));
    let number = pr.to_string();
    let seen = env.run(&["observe", "github-pr", &number, "--json"]).json();
    assert_eq!(seen["readiness"], json!({"ready": true, "blockers": []}));
    // A steer makes the PR one the brief follows.
    let comment = ["comment", "--pr", number.as_str(), "--body", "Looking"];
    env.run(&steer_args(&comment)).ok();
    gh.add_review(REPO, pr, "carol", "CHANGES_REQUESTED", "Not like this.");
    let target = json!({"kind": "github-pr", "number": pr});
    let calls = json!({"calls": [
        {"tool": "observe", "args": {"voyage": voyage, "target": target}},
        {"tool": "log", "args": with("wait for carol", json!({"voyage": voyage, "state": "waiting"}))},
        {"tool": "voyage_brief", "args": {"voyage": voyage}},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    let observed = &seen[0]["structured"];
    assert_eq!(observed["readiness"]["ready"], false, "{seen}");
    assert_eq!(
        says(&observed["readiness"]["blockers"]),
        ["carol requested changes"]
    );
    let brief = &seen[2]["structured"];
    let touched = brief["github"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["pr"].is_object())
        .unwrap_or_else(|| panic!("the PR in the brief: {brief}"));
    assert_eq!(
        says(&touched["pr"]["readiness"]["blockers"]),
        ["carol requested changes"],
        "{touched}"
    );
    let human = env.run(&["voyage", "brief", &voyage]).stdout;
    assert!(
        human.contains("readiness: not ready: carol requested changes"),
        "{human}"
    );
}
