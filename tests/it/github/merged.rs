//! Merging a pull request that is merged already: refused as
//! `already-merged`, naming its merge commit, before any request when the
//! slate shows it merged, and in those words when GitHub's 405 is why.

use crate::support::env::{Run, TestEnv, count, steer_args};
use crate::support::fake_github::FakeGitHub;

use super::{REPO, setup};

fn merge(env: &TestEnv, pr: u64) -> Run {
    let pr = pr.to_string();
    env.run(&steer_args(&[
        "merge-pr",
        "--pr",
        &pr,
        "--override",
        "tests need no checks",
        "--json",
    ]))
}

/// Merged on GitHub, not by helm: merged, closed, with a merge commit.
fn merge_behind_helms_back(gh: &FakeGitHub, pr: u64) -> String {
    let sha = "5f1e2d3c4b5a69788796a5b4c3d2e1f001122334".to_string();
    gh.edit_pr(REPO, pr, |p| {
        p.merged_at = Some("2026-01-02T03:04:05Z".into());
        p.merge_commit_sha = Some(sha.clone());
    });
    gh.edit_issue(REPO, pr, |i| i.state = "closed".into());
    sha
}

fn assert_already_merged(env: &TestEnv, voyage: &str, run: &Run, sha: &str) {
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "already-merged", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("already merged") && message.contains(sha),
        "{message}"
    );
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("nothing to merge"), "{hint}");
    assert!(
        !hint.contains("checks and reviews"),
        "not the wrong way: {hint}"
    );
    assert_eq!(count(&env.sqlite(voyage), "logbook"), 0, "nothing recorded");
}

#[test]
fn a_pr_the_slate_shows_merged_is_refused_before_any_request() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = merge_behind_helms_back(&gh, pr);
    env.run(&["observe", "github-pr", &pr.to_string()]).ok();
    let before = gh.requests().len();
    let run = merge(&env, pr);
    assert_already_merged(&env, &voyage, &run, &sha);
    assert_eq!(gh.requests().len(), before, "no request was sent");
}

#[test]
fn a_405_for_a_pr_merged_since_it_was_seen_says_so() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    env.run(&["observe", "github-pr", &pr.to_string()]).ok();
    let sha = merge_behind_helms_back(&gh, pr);
    let run = env.run(&steer_args(&[
        "merge-pr",
        "--pr",
        &pr.to_string(),
        "--override",
        "tests need no checks",
        "--allow-stale",
        "--json",
    ]));
    assert_already_merged(&env, &voyage, &run, &sha);
    let puts = gh.writes().iter().filter(|w| w.method == "PUT").count();
    assert_eq!(puts, 1, "GitHub was asked once, and refused");
}

#[test]
fn a_405_for_an_unmergeable_open_pr_still_says_to_look_at_it() {
    let (env, gh, _voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.set_mergeable(REPO, pr, false);
    env.run(&["observe", "github-pr", &pr.to_string()]).ok();
    let run = merge(&env, pr);
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "github", "{error}");
}
