//! Issue 11: the logbook tells the whole story. Entries keep what was said
//! and asked, `voyage show` tells it with digests of what was seen, log
//! states are freeform, and voyages written by the original helm are read.

use serde_json::Value;

use crate::snapshots::{settings, shown};
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn github() -> (FakeGitHub, TestEnv) {
    let (env, gh, _) = github_voyage(REPO, "the whole story");
    (gh, env)
}

fn action(env: &TestEnv, args: &[&str]) -> Value {
    let mut args = steer_args(args);
    args.push("--json");
    env.run(&args).json()["action"].clone()
}

#[test]
fn every_steer_action_records_what_was_said_and_asked() {
    let (gh, env) = github();
    gh.allow_labels(&["bug"]);
    let issue = gh.add_issue(REPO, "Widget crashes", "");
    let pr = gh.add_pr(REPO, "Fix", "fix-42", "main");
    let n = issue.to_string();
    let p = pr.to_string();

    let a = action(
        &env,
        &["comment", "--issue", &n, "--body", "Plan: guard it."],
    );
    assert_eq!(
        (a["issue"].as_u64(), a["body"].as_str()),
        (Some(issue), Some("Plan: guard it."))
    );

    let a = action(
        &env,
        &[
            "create-issue",
            "--title",
            "Follow-up",
            "--body",
            "Later.",
            "--label",
            "bug",
            "--label",
            "ui",
            "--assignee",
            "octocat",
        ],
    );
    assert_eq!(a["title"], "Follow-up");
    assert_eq!(a["body"], "Later.");
    assert_eq!(a["labels"], serde_json::json!(["bug", "ui"]));
    assert_eq!(a["applied"]["labels"], serde_json::json!(["bug"]));
    assert_eq!(a["assignees"], serde_json::json!(["octocat"]));

    let a = action(
        &env,
        &[
            "edit-issue",
            "--issue",
            &n,
            "--title",
            "Widget crashes on empty input",
        ],
    );
    assert_eq!(a["title"], "Widget crashes on empty input");

    let a = action(
        &env,
        &["close-issue", "--issue", &n, "--reason", "not-planned"],
    );
    assert_eq!(a["closeReason"], "not-planned");
    assert_eq!(a["stateReason"], "not_planned");

    let a = action(
        &env,
        &[
            "create-pr",
            "--title",
            "Widget fix",
            "--head",
            "fix-43",
            "--base",
            "main",
            "--body",
            "Fixes it.",
            "--draft",
        ],
    );
    assert_eq!(
        (a["head"].as_str(), a["base"].as_str()),
        (Some("fix-43"), Some("main"))
    );
    assert_eq!(
        (a["draft"].as_bool(), a["body"].as_str()),
        (Some(true), Some("Fixes it."))
    );

    let a = action(&env, &["edit-pr", "--pr", &p, "--body", "New description."]);
    assert_eq!(a["body"], "New description.");

    let a = action(
        &env,
        &[
            "request-review",
            "--pr",
            &p,
            "--reviewer",
            "bob",
            "--team",
            "core",
        ],
    );
    assert_eq!(a["reviewers"], serde_json::json!(["bob"]));
    assert_eq!(a["teams"], serde_json::json!(["core"]));
    assert!(a["applied"]["reviewers"].is_array());

    let thread = gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Rename this?");
    let a = action(
        &env,
        &[
            "reply-inline",
            "--pr",
            &p,
            "--comment-id",
            &thread.to_string(),
            "--body",
            "Renamed.",
        ],
    );
    assert_eq!(
        (a["inReplyTo"].as_u64(), a["body"].as_str()),
        (Some(thread), Some("Renamed."))
    );

    let sha = gh.head_sha(REPO, pr);
    let merge = ["merge-pr", "--pr", &p, "--rebase", "--sha", &sha];
    let a = action(&env, &[&merge[..], &["--override", "by hand"]].concat());
    assert_eq!(a["mergeMethod"], "rebase");
    assert_eq!(a["override"]["reason"], "by hand");
    assert_eq!(a["pinnedSha"], sha.as_str());

    let other = gh.add_pr(REPO, "Other", "other", "main");
    let a = action(&env, &["close-pr", "--pr", &other.to_string()]);
    assert_eq!(a["state"], "closed");
}

#[test]
fn github_says_what_it_did_not_apply() {
    let (gh, env) = github();
    gh.allow_labels(&["bug"]);
    let mut args = steer_args(&[
        "create-issue",
        "--title",
        "t",
        "--label",
        "bug",
        "--label",
        "secret",
    ]);
    args.push("--json");
    let run = env.run(&args);
    let entry = run.json();
    assert!(
        run.stderr
            .contains("warning: GitHub did not apply label 'secret'"),
        "{}",
        run.stderr
    );
    assert_eq!(
        entry["warnings"][0]
            .as_str()
            .map(|w| w.contains("label 'secret'")),
        Some(true)
    );
}

/// A pull request's payload has a `files` part (GitHub's listing, no
/// contents): its digest is the pull request's, never "3 files, 3 binary".
#[test]
fn a_pull_request_on_the_bearing_reads_as_a_pull_request_not_as_files() {
    let (gh, env) = github();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    for name in ["src/a.rs", "src/b.rs", "src/c.rs"] {
        gh.add_pr_file(REPO, pr, name, "@@ -1 +1 @@\n-old\n+new");
    }
    env.run(&["observe", "github-pr", &pr.to_string()]).ok();
    env.run(&[
        "log",
        "--as",
        "alice",
        "--role",
        "reviewer",
        "--method",
        "human",
        "--summary",
        "read it",
        "reviewing",
    ])
    .ok();
    let human = env.run(&["voyage", "show"]);
    human.ok();
    assert!(!human.stdout.contains("binary"), "{}", human.stdout);
    assert!(
        human.stdout.contains("\"Fix widget crash\" · open"),
        "{}",
        human.stdout
    );
}

#[test]
fn the_story_shows_what_was_said_and_seen() {
    let (gh, env) = github();
    let issue = gh.add_issue(REPO, "Widget crashes on empty input", "It crashes.");
    gh.add_issue_comment(REPO, issue, "bob", "me too");
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();
    let body = "Plan:\n1. guard the index\n2. add a test\n3. release\n4. tell bob\n5. close";
    env.run(&steer_args(&[
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        body,
    ]))
    .ok();
    env.run(&[
        "log",
        "--as",
        "alice",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "asked",
        "waiting for review from bob",
    ])
    .ok();
    let human = env.run(&["voyage", "show"]);
    assert!(human.stdout.contains("> Plan:\n"), "{}", human.stdout);
    assert!(human.stdout.contains("… 2 more lines"), "{}", human.stdout);
    assert!(
        human
            .stdout
            .contains("\"Widget crashes on empty input\" · open · 1 comment")
    );
    assert!(
        human
            .stdout
            .contains("── Log 2 ── waiting for review from bob")
    );
    let markdown = env.run(&["voyage", "show", "--format", "markdown"]);
    assert!(
        markdown.stdout.contains("> 5\\. close"),
        "{}",
        markdown.stdout
    );
    let json = env.run(&["voyage", "show", "--json"]).json();
    assert_eq!(
        json["entries"][1]["headline"],
        "waiting for review from bob"
    );
    assert_eq!(
        json["entries"][1]["action"]["status"],
        "waiting for review from bob"
    );
    settings(&env).bind(|| {
        insta::assert_snapshot!("story_said_human", shown(&human));
        insta::assert_snapshot!("story_said_markdown", shown(&markdown));
    });
}

#[test]
fn repo_is_taken_before_or_after_the_target() {
    let (gh, mut env) = github();
    env.set("GH_REPO", "");
    let issue = gh.add_issue("octo/other", "elsewhere", "");
    let n = issue.to_string();
    let before = env
        .run(&[
            "observe",
            "--repo",
            "octo/other",
            "github-issue",
            &n,
            "--json",
        ])
        .json();
    assert_eq!(before["target"]["repo"], "octo/other");
    let after = env
        .run(&[
            "observe",
            "github-issue",
            &n,
            "--repo",
            "octo/other",
            "--json",
        ])
        .json();
    assert_eq!(after["target"], before["target"]);
    let both = env.run(&[
        "observe",
        "--repo",
        "a/b",
        "github-issue",
        &n,
        "--repo",
        "octo/other",
    ]);
    assert!(both.fails(2).contains("--repo is given twice"));
    env.write("a.txt", "a");
    let local = env.run(&["observe", "--repo", "a/b", "file-contents", "a.txt"]);
    assert!(local.fails(2).contains("only to GitHub targets"));
}

/// A home holding the original helm's two voyages.
fn upstream() -> (TestEnv, &'static str, &'static str) {
    let env = TestEnv::new();
    let dir = env.home().join("voyages");
    std::fs::create_dir_all(&dir).unwrap();
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upstream-voyages");
    for entry in std::fs::read_dir(&fixtures).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "sqlite") {
            let to = dir.join(path.file_name().unwrap());
            std::fs::copy(&path, &to).unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
    }
    (
        env,
        "9c54720f-6d86-4341-a73e-bcb8c1b39322",
        "5fabe0ec-6878-4623-8831-4a6642efa3ca",
    )
}

#[test]
fn the_original_helms_voyages_tell_their_story() {
    let (env, ended, _active) = upstream();
    let human = env.run(&["voyage", "show", ended]);
    let out = &human.ok().stdout;
    assert!(!out.contains("newer helm"), "{out}");
    assert!(out.contains("── Steer 1 ── comment on issue #42"), "{out}");
    assert!(
        out.contains("> Plan: guard the index in widget.rs, add a test."),
        "{out}"
    );
    assert!(out.contains("── Log 2 ── waiting on review"), "{out}");
    assert!(
        out.contains("── Steer 3 ── reply inline on PR #45"),
        "{out}"
    );
    assert!(out.contains("in reply to review comment 901"), "{out}");
    assert!(out.contains("directory-tree proj --max-depth 2"), "{out}");
    let markdown = env.run(&["voyage", "show", ended, "--format", "markdown"]);
    let json = env.run(&["voyage", "show", ended, "--json"]).json();
    let headlines: Vec<&str> = json["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["headline"].as_str().unwrap())
        .collect();
    assert_eq!(
        headlines,
        [
            "comment on issue #42",
            "waiting on review",
            "reply inline on PR #45",
            "ready for merge"
        ]
    );
    settings(&env).bind(|| {
        insta::assert_snapshot!("upstream_story_human", shown(&human));
        insta::assert_snapshot!("upstream_story_markdown", shown(&markdown));
    });
}

#[test]
fn the_original_helms_voyages_are_listed_verified_and_extended() {
    let (mut env, ended, active) = upstream();
    let listed = env.run(&["voyage", "list", "--all", "--json"]).json();
    let ids: Vec<&str> = listed["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [active, ended], "newest first, by creation time");
    env.run(&["voyage", "verify", "--all"]).ok();
    env.set("HELM_VOYAGE", active);
    let slate = env.run(&["slate", "list"]);
    assert!(
        slate
            .ok()
            .stdout
            .contains("directory-tree proj --skip target"),
        "{}",
        slate.stdout
    );
    // helm goes on observing and logging on it.
    env.write("notes.md", "notes");
    env.run(&["observe", "file-contents", "notes.md"]).ok();
    let entry = env.run(&[
        "log",
        "--as",
        "helm",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "surveyed",
        "ready",
    ]);
    assert!(
        entry.ok().stdout.contains("bearing (4):"),
        "{}",
        entry.stdout
    );
    env.run(&["voyage", "verify", active]).ok();
    let exported = env.root().join("copy.sqlite");
    env.run(&[
        "voyage",
        "export",
        active,
        "--out",
        exported.to_str().unwrap(),
    ])
    .ok();
    let other = TestEnv::new();
    let imported = other.run(&["voyage", "import", exported.to_str().unwrap()]);
    assert_eq!(imported.ok().stdout.trim(), active);
}
