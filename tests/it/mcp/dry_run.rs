//! Over MCP (issue 31 §5, §6): `dryRun` answers "would this merge, and if
//! not why?" with nothing acted, recorded or cleared; `requireObserved`
//! refuses a steer on what was never observed, and without it the result
//! carries a `warnings` field in MCP's words. Each result validates
//! against the steer tool's declared output schema (`Session::ok`).

use serde_json::json;

use super::{Session, assert_speaks_mcp, with};
use crate::support::env::count;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn dry_run_and_require_observed_over_mcp() {
    let (env, gh, voyage) = github_voyage(REPO, "Ask before merging");
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "test", "completed", Some("success"));
    let session = Session::start(&env);
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": pr}}),
    );
    let action = json!({"kind": "merge-pr", "pr": pr});
    let dry = session.ok(
        "steer",
        with(
            "would it?",
            json!({"voyage": voyage, "action": action, "dryRun": true}),
        ),
    );
    assert_eq!(dry["dryRun"]["wouldAct"], true, "{dry}");
    assert_eq!(dry["dryRun"]["pinnedSha"], sha.as_str(), "{dry}");
    assert_eq!(dry["dryRun"]["request"]["method"], "PUT", "{dry}");
    assert!(gh.writes().is_empty());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
    assert_eq!(count(&env.sqlite(&voyage), "slate"), 1);

    let issue = gh.add_issue(REPO, "Never observed", "body");
    let comment = json!({"kind": "comment", "issue": issue, "body": "hi"});
    let error = session.err(
        "steer",
        with(
            "strict",
            json!({"voyage": voyage, "action": comment, "requireObserved": true}),
        ),
    );
    assert_eq!(error["kind"], "not-observed", "{error}");
    assert_speaks_mcp("the not-observed hint", error["hint"].as_str().unwrap());
    assert!(gh.writes().is_empty());

    let entry = session.ok(
        "steer",
        with("loose", json!({"voyage": voyage, "action": comment})),
    );
    let warning = entry["warnings"][0].as_str().unwrap_or_default();
    assert!(
        warning.contains("no observation of it on the slate"),
        "{entry}"
    );
    assert!(warning.contains("`requireObserved`"), "{warning}");
    assert_speaks_mcp("the not-observed warning", warning);
}

/// The steer tool's result is the same entry `log` returns, or with
/// `dryRun` what it would do: one object with both's fields, `replayed`
/// always there.
#[test]
fn the_steer_schema_is_an_entry_or_a_dry_run() {
    let env = crate::support::env::TestEnv::new();
    let tools = Session::start(&env).tools();
    let output = |name: &str| {
        let tool = tools.iter().find(|t| t.name == name).unwrap();
        serde_json::Value::Object(tool.output_schema.as_ref().unwrap().as_ref().clone())
    };
    let required = |schema: &serde_json::Value| {
        let mut names: Vec<String> = schema["required"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(String::from))
            .collect();
        names.sort();
        names
    };
    let (steer, log) = (output("steer"), output("log"));
    assert_eq!(required(&steer), ["replayed"], "{steer}");
    let mut entry = required(&log);
    entry.retain(|f| f != "replayed");
    assert!(entry.contains(&"id".to_string()), "{log}");
    // Only `replayed` is always there: a requirement per branch would
    // name properties its branch does not define, which ajv's strict mode
    // refuses (tests/it/mcp/sdk.rs).
    assert!(steer["properties"]["dryRun"].is_object(), "{steer}");
    for (field, _) in log["properties"].as_object().unwrap() {
        assert_eq!(
            steer["properties"][field], log["properties"][field],
            "{field}"
        );
    }
    let validator = super::OutputSchemas::of(&tools);
    let mut dry =
        json!({"replayed": false, "dryRun": {"wouldAct": true, "doing": "merge PR #1 in o/r"}});
    assert!(validator.accepts("steer", &dry));
    dry.as_object_mut().unwrap().remove("replayed");
    assert!(
        !validator.accepts("steer", &dry),
        "replayed is always there"
    );
}
