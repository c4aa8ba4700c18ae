//! gh's `pr create` habit (issue 46 item 6): without `--head` a pull request
//! comes from the current git branch of the working directory, without
//! `--base` it goes into the repository's default branch as GitHub names it;
//! a detached HEAD or a folder outside git is a usage error naming the flag,
//! with nothing sent.

use std::path::Path;
use std::process::Command;

use crate::github::{REPO, no_violations, setup, steer};

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

#[test]
fn create_pr_comes_from_the_current_branch_into_the_default_branch() {
    let (env, gh, _) = setup();
    gh.set_default_branch(REPO, "develop");
    git(&env.work(), &["init", "-q", "-b", "feature/widgets"]);

    let dry = steer(&env, "s", &["create-pr", "--title", "Widgets", "--dry-run"]).json();
    let body = &dry["dryRun"]["request"]["body"];
    assert_eq!(body["head"], "feature/widgets", "{dry}");
    assert_eq!(body["base"], "develop", "{dry}");
    assert!(gh.writes().is_empty(), "a dry run sends nothing");

    let entry = steer(&env, "s", &["create-pr", "--title", "Widgets"]).json();
    assert_eq!(entry["action"]["head"], "feature/widgets", "{entry}");
    assert_eq!(entry["action"]["base"], "develop", "{entry}");
    let number = entry["action"]["pr"].as_u64().expect("a PR number");
    let pull = gh.issue(REPO, number).and_then(|i| i.pull).expect("the PR");
    assert_eq!(
        (pull.head.as_str(), pull.base.as_str()),
        ("feature/widgets", "develop")
    );
    // Given, both are taken as they are.
    let given = steer(
        &env,
        "s2",
        &[
            "create-pr",
            "--title",
            "More",
            "--head",
            "other",
            "--base",
            "main",
        ],
    )
    .json();
    assert_eq!(
        (
            given["action"]["head"].as_str(),
            given["action"]["base"].as_str()
        ),
        (Some("other"), Some("main"))
    );
    no_violations(&gh);
}

#[test]
fn without_a_branch_to_take_create_pr_asks_for_head() {
    let (env, gh, _) = setup();
    let outside = steer(&env, "s", &["create-pr", "--title", "Widgets"]);
    assert_eq!(outside.code, 2, "{outside:?}");
    let error = outside.error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("--head is not given"), "{error}");
    assert!(message.contains("is not in a git repository"), "{error}");
    let hint = error["error"]["hint"].as_str().unwrap_or_default();
    assert!(hint.starts_with("pass --head BRANCH"), "{error}");

    git(&env.work(), &["init", "-q", "-b", "feature/widgets"]);
    git(
        &env.work(),
        &["commit", "-q", "--allow-empty", "-m", "first"],
    );
    git(&env.work(), &["checkout", "-q", "--detach"]);
    let detached = steer(&env, "s", &["create-pr", "--title", "Widgets"]);
    assert_eq!(detached.code, 2, "{detached:?}");
    let error = detached.error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("--head is not given"), "{error}");
    assert!(message.contains("HEAD is detached"), "{error}");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
}
