//! Comma lists mean lists, as in gh: `--add docs,bug` is two labels,
//! `--reviewer carol,bob` two people; `\,` is a comma inside a label; a
//! name that cannot be meant (empty, padded, a login with a comma) is
//! refused before anything is sent, on the command line and over MCP.

use serde_json::{Value, json};

use crate::github::{REPO, no_violations, setup, steer};
use crate::mcp::{Session, with};

/// The bodies of the writes the fake received whose path ends with `tail`.
fn bodies(gh: &crate::support::fake_github::FakeGitHub, tail: &str) -> Vec<Value> {
    gh.writes()
        .into_iter()
        .filter(|w| w.path_and_query.ends_with(tail))
        .filter_map(|w| w.body)
        .collect()
}

#[test]
fn label_add_and_remove_split_at_commas_and_keep_an_escaped_one() {
    let (env, gh, _) = setup();
    let n = gh.add_issue(REPO, "Crash", "It crashes.");
    let issue = n.to_string();
    steer(
        &env,
        "s",
        &["label", "--issue", &issue, "--add", "old,stale"],
    )
    .json();
    let entry = steer(
        &env,
        "triage",
        &[
            "label",
            "--issue",
            &issue,
            "--add",
            "docs,good-first-issue",
            "--add",
            r"needs\,triage",
            "--remove",
            "old,stale",
        ],
    )
    .json();
    assert_eq!(
        entry["action"]["labels"],
        json!(["docs", "good-first-issue", "needs,triage"])
    );
    assert_eq!(entry["action"]["remove"], json!(["old", "stale"]));
    assert_eq!(
        gh.issue(REPO, n).unwrap().labels,
        ["docs", "good-first-issue", "needs,triage"]
    );
    no_violations(&gh);
}

#[test]
fn create_issue_and_request_review_send_one_name_per_item() {
    let (env, gh, _) = setup();
    let entry = steer(
        &env,
        "file it",
        &[
            "create-issue",
            "--title",
            "Crash",
            "--body",
            "It crashes.",
            "--label",
            "bug,p1",
            "--assignee",
            "carol,bob",
        ],
    )
    .json();
    assert_eq!(entry["action"]["labels"], json!(["bug", "p1"]));
    assert_eq!(entry["action"]["assignees"], json!(["carol", "bob"]));
    let created = bodies(&gh, "/issues");
    assert_eq!(created.len(), 1, "{created:?}");
    assert_eq!(created[0]["labels"], json!(["bug", "p1"]));
    assert_eq!(created[0]["assignees"], json!(["carol", "bob"]));

    let pr = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    steer(
        &env,
        "ask",
        &[
            "request-review",
            "--pr",
            &pr,
            "--reviewer",
            "carol,bob",
            "--team",
            "core,docs",
        ],
    )
    .json();
    let asked = bodies(&gh, "/requested_reviewers");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(asked[0]["reviewers"], json!(["carol", "bob"]));
    assert_eq!(asked[0]["team_reviewers"], json!(["core", "docs"]));
    no_violations(&gh);
}

#[test]
fn names_that_cannot_be_meant_are_refused_before_anything_is_sent() {
    let (env, gh, voyage) = setup();
    let n = gh.add_issue(REPO, "Crash", "It crashes.").to_string();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    let before = gh.writes().len();
    for (action, hint) in [
        (
            vec!["label", "--issue", &n, "--add", "docs,,bug"],
            "single commas",
        ),
        (
            vec!["label", "--issue", &n, "--add", "docs,"],
            "single commas",
        ),
        (
            vec!["label", "--issue", &n, "--remove", "  "],
            "single commas",
        ),
        (
            vec!["label", "--issue", &n, "--add", "docs, bug"],
            "without spaces",
        ),
        (
            vec![
                "create-issue",
                "--title",
                "T",
                "--body",
                "b",
                "--label",
                " bug",
            ],
            "without spaces",
        ),
        (
            vec!["request-review", "--pr", &pr, "--reviewer", r"carol\,bob"],
            "on its own",
        ),
        (
            vec!["request-review", "--pr", &pr, "--team", "core team"],
            "on its own",
        ),
    ] {
        let run = steer(&env, "s", &action);
        run.fails(2);
        let error = run.error_json();
        assert_eq!(error["error"]["kind"], "usage", "{action:?}: {error}");
        assert!(
            error["error"]["hint"].as_str().unwrap_or("").contains(hint),
            "{action:?}: {error}"
        );
    }
    assert_eq!(gh.writes().len(), before, "nothing was sent");

    // MCP takes arrays: an item is one name, a comma in a label is part of
    // it, and a login with a comma is refused as on the command line.
    let session = Session::start(&env);
    let entry = session.ok(
        "steer",
        with(
            "label",
            json!({"voyage": voyage, "action": {"kind": "label", "issue": n.parse::<u64>().unwrap(), "add": ["needs,triage"]}}),
        ),
    );
    assert_eq!(entry["action"]["labels"], json!(["needs,triage"]));
    let refused = session.err(
        "steer",
        with(
            "ask",
            json!({"voyage": voyage, "action": {"kind": "request-review", "pr": pr.parse::<u64>().unwrap(), "reviewers": ["carol,bob"]}}),
        ),
    );
    let text = refused.to_string();
    assert!(
        text.contains("`reviewers`") && text.contains("comma"),
        "{text}"
    );
    assert!(!text.contains("--"), "MCP is told no flag: {text}");
    assert!(bodies(&gh, "/requested_reviewers").is_empty());
    no_violations(&gh);
}
