//! The logbook story, human and Markdown, local and on GitHub.

use super::{local_voyage, settings, shown};
use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

#[test]
fn the_story_of_a_local_voyage() {
    let mut env = TestEnv::new();
    let voyage = local_voyage(&mut env);
    env.write("widget/src/main.rs", "fn main() {}\n");
    env.run(&["observe", "file-contents", "widget/src/main.rs"])
        .ok();
    let run = env.run(&["voyage", "show", &voyage]);
    settings(&env).bind(|| insta::assert_snapshot!("story_local_human", shown(&run)));
}

#[test]
fn the_story_in_markdown() {
    let mut env = TestEnv::new();
    let voyage = local_voyage(&mut env);
    env.run(&["voyage", "end", &voyage, "--status", "merged"])
        .ok();
    let run = env.run(&["voyage", "show", &voyage, "--format", "markdown"]);
    settings(&env).bind(|| insta::assert_snapshot!("story_local_markdown", shown(&run)));
}

#[test]
fn a_log_prints_its_entry() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("logging");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "a");
    env.run(&["observe", "file-contents", "a.txt"]).ok();
    let run = env.log(&voyage, "blocked", "waiting on a decision from the team");
    settings(&env).bind(|| insta::assert_snapshot!("log_entry", shown(&run)));
}

fn github() -> (FakeGitHub, TestEnv, String, u64) {
    let (env, gh, voyage) = github_voyage("acme/widgets", "Advance #42 on GitHub");
    let issue = gh.add_issue(
        "acme/widgets",
        "Widget crashes on empty input",
        "It crashes.",
    );
    (gh, env, voyage, issue)
}

#[test]
fn a_steer_prints_its_entry() {
    let (_gh, env, _voyage, issue) = github();
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();
    let run = env.run(&steer_args(&[
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "Plan: guard the index.\nThen add a test.",
    ]));
    settings(&env).bind(|| insta::assert_snapshot!("steer_entry", shown(&run)));
}

#[test]
fn the_story_of_a_github_voyage() {
    let (gh, env, voyage, issue) = github();
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();
    env.run(&steer_args(&[
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "Plan: guard the index in widget.rs, add a test.",
    ]))
    .ok();
    env.run(&steer_args(&[
        "create-pr",
        "--title",
        "Fix widget crash",
        "--head",
        "fix-42",
        "--base",
        "main",
        "--body",
        "Fixes #42.",
    ]))
    .ok();
    let pr = issue + 1;
    env.run(&steer_args(&[
        "request-review",
        "--pr",
        &pr.to_string(),
        "--reviewer",
        "bob",
    ]))
    .ok();
    let sha = gh.head_sha("acme/widgets", pr);
    env.run(&steer_args(&[
        "merge-pr",
        "--pr",
        &pr.to_string(),
        "--squash",
        "--sha",
        &sha,
        "--override",
        "bob approved in chat; CI is not set up yet",
    ]))
    .ok();
    let run = env.run(&["voyage", "show", &voyage]);
    settings(&env).bind(|| insta::assert_snapshot!("story_github_human", shown(&run)));
}
