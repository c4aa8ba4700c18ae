//! `steer label`: what was asked, what GitHub applied, and a label GitHub
//! dropped silently, on the command line, in `--json` and over MCP.

use serde_json::json;

use super::{REPO, no_violations, setup, steer};
use crate::mcp::{Session, with};
use crate::support::env::steer_args;

#[test]
fn labels_are_added_and_removed_and_the_entry_keeps_both() {
    let (env, gh, _) = setup();
    let n = gh.add_issue(REPO, "Crash", "It crashes.").to_string();
    steer(&env, "s", &["label", "--issue", &n, "--add", "old"]).json();

    let entry = steer(
        &env,
        "triage",
        &[
            "label",
            "--issue",
            &n,
            "--add",
            "bug",
            "--add",
            "good first issue",
            "--remove",
            "old",
            "--remove",
            "absent",
        ],
    )
    .json();
    let action = &entry["action"];
    assert_eq!(action["steer"], "label");
    assert_eq!(action["labels"], json!(["bug", "good first issue"]));
    assert_eq!(action["remove"], json!(["old", "absent"]));
    assert_eq!(
        action["applied"]["labels"],
        json!(["bug", "good first issue"])
    );
    // Nothing GitHub dropped (the only warning: the issue was not observed).
    assert!(
        !entry["warnings"].to_string().contains("did not apply"),
        "{entry}"
    );
    let number: u64 = n.parse().unwrap();
    assert_eq!(
        gh.issue(REPO, number).unwrap().labels,
        ["bug", "good first issue"]
    );
    // One add, one removal of the label it had; none of the one it lacked.
    let writes: Vec<String> = gh
        .writes()
        .iter()
        .map(|w| format!("{} {}", w.method, w.path_and_query))
        .collect();
    assert_eq!(
        writes[1..],
        [
            format!("POST /repos/{REPO}/issues/{n}/labels"),
            format!("DELETE /repos/{REPO}/issues/{n}/labels/old"),
        ]
    );
    no_violations(&gh);
}

#[test]
fn a_label_github_drops_is_reported_and_recorded_as_not_applied() {
    let (env, gh, _) = setup();
    gh.allow_labels(&["bug"]);
    let p = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    let mut args = steer_args(&["label", "--pr", &p, "--add", "bug", "--add", "secret"]);
    args.push("--json");
    let run = env.run(&args);
    let entry = run.json();
    assert!(
        run.stderr
            .contains("warning: GitHub did not apply label 'secret'"),
        "{}",
        run.stderr
    );
    assert_eq!(entry["action"]["pr"], json!(p.parse::<u64>().unwrap()));
    assert_eq!(entry["action"]["labels"], json!(["bug", "secret"]));
    assert_eq!(entry["action"]["applied"]["labels"], json!(["bug"]));
    no_violations(&gh);
}

#[test]
fn label_speaks_plain_text_and_mcp() {
    let (env, gh, voyage) = setup();
    let n = gh.add_issue(REPO, "Crash", "It crashes.");
    let run = env.run(&steer_args(&[
        "label",
        "--issue",
        &n.to_string(),
        "--add",
        "bug",
    ]));
    run.ok();
    assert!(
        run.stdout.contains(&format!("label issue #{n} +bug")),
        "{}",
        run.stdout
    );

    let session = Session::start(&env);
    let entry = session.ok(
        "steer",
        with(
            "untriage",
            json!({"voyage": voyage, "action": {"kind": "label", "issue": n, "remove": ["bug"]}}),
        ),
    );
    assert_eq!(entry["action"]["remove"], json!(["bug"]));
    assert_eq!(entry["action"]["applied"]["labels"], json!([]));
    assert!(gh.issue(REPO, n).unwrap().labels.is_empty());
    let refused = session.err(
        "steer",
        with(
            "nothing",
            json!({"voyage": voyage, "action": {"kind": "label", "issue": n}}),
        ),
    );
    assert!(refused.to_string().contains("add"), "{refused}");
    no_violations(&gh);
}
