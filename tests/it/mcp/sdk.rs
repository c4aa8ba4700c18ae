//! `helm mcp` as the official clients see it (issue 31 §2–3): the MCP
//! TypeScript SDK's client, on which most agent hosts are built, and the
//! MCP Inspector's CLI, run by node from tests/js. Every error kind reaches
//! the caller with helm's message and hint (a tool error with no structured
//! content the SDK would reject), every success passes the SDK's own check
//! against the tool's output schema, and every schema compiles under ajv's
//! strict mode.

use serde_json::{Value, json};

use super::with;
use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::support::node;

const REPO: &str = "acme/widgets";

/// The error document a call's text carries, after the SDK had it.
fn error_of(seen: &Value) -> Value {
    assert!(
        seen.get("threw").is_none(),
        "the SDK threw instead of showing helm's error: {seen}"
    );
    assert_eq!(seen["isError"], true, "{seen}");
    assert_eq!(seen["structured"], Value::Null, "{seen}");
    let text = seen["text"].as_str().expect("a text");
    let doc: Value = serde_json::from_str(text).expect("the text is helm's error document");
    doc["error"].clone()
}

#[test]
fn the_typescript_sdk_shows_every_error_kind_with_its_message_and_hint() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Errors a host shows");
    let issue = gh.add_issue(REPO, "Bug", "body");
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    env.run(&["observe", "-V", &voyage, "github-issue", &issue.to_string()])
        .ok();
    gh.add_issue_comment(REPO, issue, "bob", "wait, don't do that");
    gh.fail_next(
        "POST",
        "/labels",
        422,
        json!({"message": "Validation Failed", "errors": [{"code": "invalid"}]}),
    );
    let steer =
        |summary: &str, action: Value| with(summary, json!({"voyage": voyage, "action": action}));
    let calls = json!({"calls": [
        // usage: an argument of the wrong shape, and one missing
        {"tool": "voyage_new", "args": {"intent": "x", "colour": "red"}},
        {"tool": "log", "args": {"voyage": voyage, "state": "waiting"}},
        // not-found: a voyage, and a pull request GitHub does not have (404)
        {"tool": "voyage_show", "args": {"voyage": "deadbeef"}},
        {"tool": "observe", "args": {"voyage": voyage, "target": {"kind": "github-pr", "number": 999}}},
        // stale: the issue changed since it was observed
        {"tool": "steer", "args": steer("plan", json!({"kind": "comment", "issue": issue, "body": "Plan"}))},
        // not-ready: a merge with nothing observed of the PR's checks
        {"tool": "steer", "args": steer("merge", json!({"kind": "merge-pr", "pr": pr}))},
        // github: GitHub refuses the request (422)
        {"tool": "steer", "args": steer("label", json!({"kind": "label", "pr": pr, "add": ["bug"]}))},
        // and a success, checked by the SDK against its output schema
        {"tool": "voyage_brief", "args": {"voyage": voyage}},
    ]});
    let seen = node::script(&env, "calls.mjs", &["--toolsets", "all"], &calls);
    let seen = seen.as_array().expect("one answer per call");
    let kinds: Vec<Value> = seen[..7]
        .iter()
        .map(|s| error_of(s)["kind"].clone())
        .collect();
    assert_eq!(
        kinds,
        [
            "usage",
            "usage",
            "not-found",
            "not-found",
            "stale",
            "not-ready",
            "github"
        ]
        .map(Value::from)
    );
    for call in &seen[..7] {
        let error = error_of(call);
        let message = error["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{call}");
        super::assert_speaks_mcp("an error the SDK showed", message);
    }
    for hinted in [1, 2, 4, 5] {
        let error = error_of(&seen[hinted]);
        let hint = error["hint"].as_str().unwrap_or_default();
        assert!(!hint.is_empty(), "no hint: {error}");
        super::assert_speaks_mcp("a hint the SDK showed", hint);
    }
    assert!(
        error_of(&seen[0])["message"]
            .as_str()
            .unwrap()
            .contains("colour")
    );
    assert!(
        error_of(&seen[2])["message"]
            .as_str()
            .unwrap()
            .contains("deadbeef")
    );
    assert!(
        error_of(&seen[4])["hint"]
            .as_str()
            .unwrap()
            .contains("allowStale")
    );
    let brief = &seen[7];
    assert!(brief.get("threw").is_none(), "{brief}");
    assert_eq!(brief["isError"], false, "{brief}");
    assert_eq!(brief["structured"]["voyage"]["id"], voyage.as_str());
}

#[test]
fn a_github_refusal_reaches_the_typescript_sdk_with_githubs_words() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Refused");
    let issue = gh.add_issue(REPO, "Bug", "body");
    env.run(&["observe", "-V", &voyage, "github-issue", &issue.to_string()])
        .ok();
    gh.fail_next(
        "POST",
        "/comments",
        422,
        json!({"message": "Validation Failed", "errors": [{"resource": "IssueComment", "code": "custom", "message": "body is too long"}]}),
    );
    let action = json!({"kind": "comment", "issue": issue, "body": "Plan"});
    let calls = json!({"calls": [
        {"tool": "steer", "args": with("plan", json!({"voyage": voyage, "action": action}))},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    let error = error_of(&seen[0]);
    assert_eq!(error["kind"], "github", "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("422"), "{message}");
}

#[test]
fn every_schema_compiles_under_ajv_strict_mode() {
    let env = TestEnv::new();
    let input = json!({"servers": [
        [],
        ["--toolsets", "all"],
        ["--toolsets", "all", "--read-only"],
    ]});
    let report = node::script(&env, "schemas.mjs", &[], &input);
    for server in report["servers"].as_array().unwrap() {
        let problems = server["problems"].as_array().unwrap();
        assert!(problems.is_empty(), "{}: {problems:#?}", server["args"]);
        assert!(!server["tools"].as_array().unwrap().is_empty());
    }
    let all = &report["servers"][1]["tools"];
    assert_eq!(all.as_array().unwrap().len(), super::schemas::TOOLS.len());
}

#[test]
fn the_inspector_cli_lists_and_calls_tools_with_no_error() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Inspected");
    let (ok, listed, stderr) = node::inspector(&env, &[], &["--method", "tools/list"]);
    assert!(ok, "{stderr}");
    let names: Vec<&str> = listed["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(names.contains(&"voyage_brief"), "{names:?}");
    let (ok, called, stderr) = node::inspector(
        &env,
        &[],
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "voyage_brief",
            "--tool-arg",
            &format!("voyage={voyage}"),
        ],
    );
    assert!(ok, "{stderr}");
    assert_eq!(called["isError"], false, "{called}");
    assert_eq!(called["structuredContent"]["voyage"]["id"], voyage.as_str());
    // An error, shown with helm's message, not lost to a schema mismatch.
    let (_, refused, stderr) = node::inspector(
        &env,
        &[],
        &[
            "--method",
            "tools/call",
            "--tool-name",
            "voyage_show",
            "--tool-arg",
            "voyage=deadbeef",
        ],
    );
    assert_eq!(refused["isError"], true, "{refused} {stderr}");
    let text = refused["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.contains("no voyage matches 'deadbeef'"), "{text}");
}
