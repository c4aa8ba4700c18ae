//! How errors and hints read on stderr.

use super::{settings, shown};
use crate::support::env::{TestEnv, steer_args};
use crate::support::github::github_voyage;

#[test]
fn a_missing_voyage_says_how_to_name_one() {
    let env = TestEnv::new();
    let run = env.run(&["slate", "list"]);
    settings(&env).bind(|| insta::assert_snapshot!("error_no_voyage", shown(&run)));
}

#[test]
fn missing_provenance_names_every_flag() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("provenance");
    env.set("HELM_VOYAGE", &voyage);
    let run = env.run(&["log", "--as", "alice", "waiting"]);
    settings(&env).bind(|| insta::assert_snapshot!("error_missing_provenance", shown(&run)));
}

#[test]
fn an_unknown_voyage_points_at_the_list() {
    let env = TestEnv::new();
    env.new_voyage("one");
    let run = env.run(&["voyage", "show", "ffff"]);
    settings(&env).bind(|| insta::assert_snapshot!("error_unknown_voyage", shown(&run)));
}

#[test]
fn an_ended_voyage_refuses_to_observe() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("ended");
    env.set("HELM_VOYAGE", &voyage);
    env.run(&["voyage", "end", &voyage]).ok();
    env.write("a.txt", "a");
    let run = env.run(&["observe", "file-contents", "a.txt"]);
    settings(&env).bind(|| insta::assert_snapshot!("error_voyage_ended", shown(&run)));
}

#[test]
fn a_github_refusal_says_what_github_answered() {
    let (env, _gh, _) = github_voyage("acme/widgets", "refused");
    let run = env.run(&steer_args(&["comment", "--issue", "999", "--body", "hi"]));
    settings(&env).bind(|| insta::assert_snapshot!("error_github_404", shown(&run)));
}

#[test]
fn merge_strategy_flags_are_explained() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("merge");
    env.set("HELM_VOYAGE", &voyage);
    env.set("GH_REPO", "acme/widgets");
    let run = env.run(&steer_args(&[
        "merge-pr", "--pr", "1", "--method", "squash",
    ]));
    settings(&env).bind(|| insta::assert_snapshot!("error_merge_method", shown(&run)));
}
