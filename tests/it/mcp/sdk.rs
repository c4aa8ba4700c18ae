//! `helm mcp` as the official clients see it (issue 31 §2–3): the MCP
//! TypeScript SDK's client, on which most agent hosts are built, and the
//! MCP Inspector's CLI, run by node from tests/js. Every error kind reaches
//! the caller with helm's message and hint (a tool error with no structured
//! content the SDK would reject), every success passes the SDK's own check
//! against the tool's output schema, and every schema compiles under ajv's
//! strict mode.

use serde_json::{Value, json};

use super::error_kinds::{Scenario, check};
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
    let scenario = Scenario::new();
    let voyage = scenario.env.new_voyage("A success");
    let mut calls: Vec<Value> = scenario
        .calls
        .iter()
        .map(|(tool, args, _, _)| json!({"tool": tool, "args": args}))
        .collect();
    // And a success, which the SDK checks against the output schema.
    calls.push(json!({"tool": "voyage_brief", "args": {"voyage": voyage}}));
    let input = json!({ "calls": calls });
    let seen = node::script(&scenario.env, "calls.mjs", &["--toolsets", "all"], &input);
    let seen = seen.as_array().expect("one answer per call");
    for ((tool, _, kind, hinted), seen) in scenario.calls.iter().zip(seen) {
        check(tool, &error_of(seen), kind, *hinted);
    }
    let brief = &seen[scenario.calls.len()];
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
fn every_schema_compiles_under_ajv_strict_mode_and_is_portable() {
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
        // What the Inspector's --strict would warn of: none.
        let portability = server["portability"].as_array().unwrap();
        assert!(
            portability.is_empty(),
            "{}: {portability:#?}",
            server["args"]
        );
        assert!(!server["tools"].as_array().unwrap().is_empty());
    }
    // The SDK compiled every output schema without a word.
    assert_eq!(report["warnings"], json!([]), "{:#}", report["warnings"]);
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
