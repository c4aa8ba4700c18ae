//! What changed on a bearing's targets since the bearing before (issue 22):
//! a refused steer is no entry, and the next entry's bearing says what
//! changed; a payload jettisoned says nothing.

use super::{settings, shown};
use crate::support::env::{Run, TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn observe_pr(env: &TestEnv, pr: &str) -> Run {
    env.run(&["observe", "github-pr", pr, "--json"])
}

fn comment(env: &TestEnv, pr: &str, body: &str) -> Run {
    env.run(&steer_args(&["comment", "--pr", pr, "--body", body]))
}

/// A pull request commented on, changed by the team (a failing check run
/// and commit status, an inline review requesting changes), a comment
/// refused as stale, observed again and commented on; then pushed to (the
/// status gone with the old head), and the review answered inline.
fn reviewed_flow() -> (FakeGitHub, TestEnv, String, String) {
    let (env, gh, voyage) = github_voyage(REPO, "Land PR #1");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    let number = pr.to_string();
    observe_pr(&env, &number).ok();
    comment(&env, &number, "Ready for review.").ok();

    observe_pr(&env, &number).ok();
    gh.add_issue_comment(REPO, pr, "bob", "Does it handle empty input?");
    let inline = gh.add_inline_review(
        REPO,
        pr,
        "carol",
        ("CHANGES_REQUESTED", "Add a test."),
        ("src/lib.rs", 1),
        "Why unwrap here?",
    );
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("failure"));
    gh.add_status(REPO, &sha, "ci/style", "failure");
    let refused = comment(&env, &number, "Merging now.");
    assert_eq!(refused.code, 1, "{refused:?}");
    assert!(
        refused.stderr.contains("changed since you observed it"),
        "{refused:?}"
    );
    observe_pr(&env, &number).ok();
    comment(&env, &number, "Adding a test and fixing lint.").ok();

    gh.push_commit(REPO, pr);
    gh.edit_issue(REPO, pr, |i| {
        i.title = "Fix widget crash on empty input".into()
    });
    observe_pr(&env, &number).ok();
    comment(&env, &number, "Pushed the test.").ok();

    observe_pr(&env, &number).ok();
    let id = inline.to_string();
    let reply = ["reply-inline", "--pr", &number, "--comment-id", &id];
    env.run(&steer_args(
        &[&reply[..], &["--body", "No unwrap now."]].concat(),
    ))
    .ok();
    observe_pr(&env, &number).ok();
    env.log(&voyage, "waiting for carol", "s").ok();
    (gh, env, voyage, number)
}

#[test]
fn the_story_says_what_changed_since_the_bearing_before() {
    let (_gh, env, voyage, _) = reviewed_flow();
    let run = env.run(&["voyage", "show", &voyage]);
    settings(&env).bind(|| insta::assert_snapshot!("story_changes_human", shown(&run)));
    let run = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    settings(&env).bind(|| insta::assert_snapshot!("story_changes_markdown", shown(&run)));
}

#[test]
fn a_jettisoned_payload_says_no_change() {
    let (_gh, env, voyage, _) = reviewed_flow();
    let shown_before = env.run(&["voyage", "show", &voyage]).stdout;
    assert!(
        shown_before.contains("since entry 2: head moved"),
        "{shown_before}"
    );
    // Jettison what the third entry's bearing saw: its change line goes,
    // and the others stay.
    let story = env.run(&["voyage", "show", &voyage, "--json"]).json();
    let third = story["entries"][2]["bearing"][0]["artifact"]
        .as_str()
        .unwrap()
        .to_string();
    env.run(&["artifact", "jettison", &third]).ok();
    let shown_after = env.run(&["voyage", "show", &voyage]).stdout;
    assert!(!shown_after.contains("since entry 2:"), "{shown_after}");
    assert!(shown_after.contains("since entry 1:"), "{shown_after}");
}
