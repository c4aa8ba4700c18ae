//! `observe`'s human rendering of each kind, pinned at 80 columns: the
//! target, the artifact, the digest line, each part for reading, and the
//! last line on what was left out. Run in a pipe, as a script would; the
//! pty test checks a terminal gets the same text.

use super::{settings, shown};
use crate::support::env::{Run, TestEnv};
use crate::support::fake_github::{FakeGitHub, JobLog};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// Snapshots one rendering, after checking no line is wider than a screen.
fn pin(env: &TestEnv, name: &str, run: &Run) {
    run.ok();
    for line in run.stdout.lines() {
        let columns = unicode_width::UnicodeWidthStr::width(line);
        assert!(columns <= 80, "{name}: {columns} columns: {line}");
    }
    let last = run.stdout.lines().last().unwrap_or_default();
    assert!(
        last.contains("helm artifact show ") && last.contains("--json"),
        "{name}: the last line says how to see all of it: {last}"
    );
    let mut settings = settings(env);
    // A commit sha's short form in the digest line.
    settings.add_filter(r"\bhead [0-9a-f]{7}\b", "head [SHA7]");
    settings.bind(|| insta::assert_snapshot!(name, shown(run)));
}

#[test]
fn local_kinds_read_as_text_and_trees() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("look around");
    env.set("HELM_VOYAGE", &voyage);
    let long: String = (1..=30)
        .map(|n| format!("line {n} of the notes\n"))
        .collect();
    env.write("w/notes.txt", long);
    env.write("w/wide.txt", format!("{}\n", "日本語のファイル".repeat(8)));
    env.write("w/Cargo.toml", "[package]\nname = \"widget\"\n");
    env.write(
        "w/src/lib.rs",
        "//! Widgets, and\n//! their crashes.\npub fn widget() {}\n",
    );
    env.write("w/src/deep/er/mod.rs", "\n");
    env.write("w/sub/Cargo.toml", "[package]\nname = \"sub\"\n");
    env.write("w/sub/src/lib.rs", "//! The sub crate.\n");
    let file = env.run(&["observe", "file-contents", "w/notes.txt", "w/wide.txt"]);
    pin(&env, "observe_file_contents", &file);
    let tree = env.run(&["observe", "directory-tree", "w"]);
    pin(&env, "observe_directory_tree", &tree);
    let project = env.run(&["observe", "rust-project", "w"]);
    pin(&env, "observe_rust_project", &project);
}

/// An issue with a label-free conversation longer than a screen keeps.
fn talkative_issue(gh: &FakeGitHub) -> u64 {
    let issue = gh.add_issue(
        REPO,
        "Widget crashes on empty input",
        "Steps:\n1. call widget()\n2. with no input\n3. see it panic",
    );
    for (n, who) in ["bob", "carol", "bob", "dave", "carol"].iter().enumerate() {
        gh.add_issue_comment(
            REPO,
            issue,
            who,
            &format!("Comment {n}: I see it too.\nOn Linux."),
        );
    }
    issue
}

#[test]
fn an_issue_reads_as_its_conversation() {
    let (env, gh, _) = github_voyage(REPO, "issue");
    let issue = talkative_issue(&gh).to_string();
    let run = env.run(&["observe", "github-issue", &issue]);
    pin(&env, "observe_github_issue", &run);
    let repo = env.run(&["observe", "github-repo"]);
    pin(&env, "observe_github_repo", &repo);
}

#[test]
fn a_pull_request_reads_with_its_diff_reviews_and_failed_checks() {
    let (env, gh, _) = github_voyage(REPO, "pr");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let hunk: String = (1..=30).map(|n| format!("+line {n}\n")).collect();
    gh.add_pr_file(
        REPO,
        pr,
        "src/widget.rs",
        &format!("@@ -1,0 +1,30 @@\n{hunk}"),
    );
    gh.add_pr_file(REPO, pr, "tests/widget.rs", "@@ -1 +1 @@\n-old\n+new");
    gh.add_inline_review(
        REPO,
        pr,
        "bob",
        ("CHANGES_REQUESTED", "Nearly."),
        ("src/widget.rs", 3),
        "Return early instead?",
    );
    let sha = gh.head_sha(REPO, pr);
    let log: String = (1..=40).map(|n| format!("test output {n}\n")).collect();
    let job = gh.add_actions_job(
        REPO,
        &sha,
        "ci / test",
        Some("failure"),
        &[("Set up job", "success"), ("cargo test", "failure")],
        JobLog::Text(log),
    );
    gh.add_annotation(job, "src/widget.rs", 12, "assertion failed: widget.works()");
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("success"));
    gh.add_status(REPO, &sha, "deploy", "pending");
    let pr_text = pr.to_string();
    let run = env.run(&["observe", "github-pr", &pr_text]);
    pin(&env, "observe_github_pr", &run);
    let checks = env.run(&["observe", "github-checks", "--pr", &pr_text]);
    pin(&env, "observe_github_checks", &checks);
}

#[test]
fn json_is_the_document_and_the_screen_is_the_same_in_a_pipe() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("json");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "a\u{1b}[2Jb\n");
    let json = env
        .run(&["observe", "file-contents", "a.txt", "--json"])
        .json();
    assert_eq!(json["payload"]["files"][0]["content"], "a\u{1b}[2Jb\n");
    let human = env.run(&["observe", "file-contents", "a.txt"]);
    human.ok();
    assert!(!human.stdout.contains('\u{1b}'), "{}", human.stdout);
    assert!(human.stdout.contains("a\u{fffd}[2Jb"), "{}", human.stdout);
}

#[test]
fn an_unchanged_look_reads_as_the_first_did() {
    let (env, gh, _) = github_voyage(REPO, "again");
    let issue = talkative_issue(&gh).to_string();
    let first = env.run(&["observe", "github-issue", &issue]);
    first.ok();
    // GitHub answers 304 to every part: the artifact is the one stored.
    let again = env.run(&["observe", "github-issue", &issue]);
    again.ok();
    assert!(
        !again.stdout.contains("too big to show"),
        "{}",
        again.stdout
    );
    let body = |screen: &str| -> String { screen.lines().skip(2).collect::<Vec<_>>().join("\n") };
    // The same screen, saying also that nothing changed since the first look.
    let said = "since the last look: nothing changed";
    assert!(again.stdout.contains(said), "{}", again.stdout);
    let again = again.stdout.replacen(&format!("{said}\n"), "", 1);
    assert_eq!(body(&again), body(&first.stdout));
}
