//! Every steer action in GitHub's language, and bodies from files and stdin.

use super::{REPO, no_violations, setup, steer};
use crate::support::env::steer_args;

#[test]
fn every_steer_action_speaks_githubs_language() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "Old title", "old body");
    let pr = gh.add_pr(REPO, "A change", "feature", "main");

    let created = steer(
        &env,
        "s",
        &[
            "create-issue",
            "--title",
            "New bug",
            "--body",
            "details",
            "--label",
            "bug",
            "--assignee",
            "octocat",
        ],
    )
    .json();
    let new_issue = created["action"]["issue"].as_u64().unwrap();
    assert_eq!(gh.issue(REPO, new_issue).unwrap().labels, ["bug"]);

    steer(
        &env,
        "s",
        &[
            "edit-issue",
            "--issue",
            &issue.to_string(),
            "--title",
            "New title",
        ],
    )
    .json();
    assert_eq!(gh.issue(REPO, issue).unwrap().title, "New title");
    assert_eq!(
        gh.issue(REPO, issue).unwrap().body.as_deref(),
        Some("old body")
    );

    let closed = steer(
        &env,
        "s",
        &[
            "close-issue",
            "--issue",
            &issue.to_string(),
            "--reason",
            "not-planned",
        ],
    )
    .json();
    assert_eq!(closed["action"]["stateReason"], "not_planned");
    assert_eq!(gh.issue(REPO, issue).unwrap().state, "closed");

    steer(
        &env,
        "s",
        &["comment", "--pr", &pr.to_string(), "--body", "on the PR"],
    )
    .json();
    steer(
        &env,
        "s",
        &[
            "edit-pr",
            "--pr",
            &pr.to_string(),
            "--body",
            "new description",
        ],
    )
    .json();
    let draft = steer(
        &env,
        "s",
        &[
            "create-pr",
            "--title",
            "WIP",
            "--head",
            "wip",
            "--base",
            "main",
            "--draft",
        ],
    )
    .json();
    assert_eq!(draft["action"]["draft"], true);
    steer(
        &env,
        "s",
        &["request-review", "--pr", &pr.to_string(), "--team", "core"],
    )
    .json();
    let close_pr = steer(&env, "s", &["close-pr", "--pr", &pr.to_string()]).json();
    assert_eq!(close_pr["action"]["state"], "closed");

    let writes: Vec<String> = gh
        .writes()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path()))
        .collect();
    assert_eq!(writes.len(), 8, "{writes:#?}");
    no_violations(&gh);
}

#[test]
fn bodies_come_from_files_and_stdin_and_must_be_text() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    env.write("plan.md", "# Plan\n\nStep one.\n");
    steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body-file",
            "plan.md",
        ],
    )
    .json();
    let run = env.run_with_stdin(
        &steer_args(&["comment", "--issue", &issue.to_string(), "--body-file", "-"]),
        b"from stdin",
    );
    run.ok();
    let bodies: Vec<String> = gh
        .comments(REPO, issue)
        .into_iter()
        .map(|c| c.body)
        .collect();
    assert_eq!(bodies, ["# Plan\n\nStep one.\n", "from stdin"]);

    env.write("latin1.md", b"caf\xe9");
    let bad = steer(
        &env,
        "s",
        &[
            "comment",
            "--issue",
            &issue.to_string(),
            "--body-file",
            "latin1.md",
        ],
    );
    assert!(bad.fails(2).contains("not valid UTF-8"));
    let empty = steer(
        &env,
        "s",
        &["comment", "--issue", &issue.to_string(), "--body", "  "],
    );
    assert!(empty.fails(2).contains("empty"));
    assert_eq!(gh.writes().len(), 2);
}
