//! Spans for those who collect them (issue 43 item 10): with
//! `HELM_OTEL_FILE`, helm appends one OTLP-JSON `ExportTraceServiceRequest`
//! a line: a span per CLI command or MCP `tools/call` (through the official
//! TypeScript SDK), named and attributed per the OpenTelemetry MCP and
//! GenAI conventions, parented on the caller's traceparent, with a child
//! span per forge request; never a token or a body. A file that cannot be
//! written is a warning, never a failed command.

use serde_json::{Value, json};

use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::support::node;

const REPO: &str = "acme/widgets";
const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

/// Every span of every line, each line checked to be one export request.
fn spans(env: &TestEnv) -> Vec<Value> {
    let text = std::fs::read_to_string(env.root().join("spans.jsonl")).expect("the spans file");
    let mut spans = Vec::new();
    for line in text.lines() {
        let request: Value = serde_json::from_str(line).expect("one JSON document a line");
        let resource = &request["resourceSpans"][0];
        assert_eq!(
            resource["resource"]["attributes"][0],
            json!({"key": "service.name", "value": {"stringValue": "helm"}})
        );
        for span in resource["scopeSpans"][0]["spans"].as_array().unwrap() {
            for time in ["startTimeUnixNano", "endTimeUnixNano"] {
                assert!(
                    span[time].as_str().unwrap().parse::<u128>().is_ok(),
                    "{span}"
                );
            }
            assert_eq!(span["traceId"].as_str().unwrap().len(), 32, "{span}");
            assert_eq!(span["spanId"].as_str().unwrap().len(), 16, "{span}");
            spans.push(span.clone());
        }
    }
    spans
}

fn attribute<'a>(span: &'a Value, key: &str) -> Option<&'a Value> {
    span["attributes"]
        .as_array()?
        .iter()
        .find(|kv| kv["key"] == key)
        .map(|kv| &kv["value"])
}

fn traced_env() -> (FakeGitHub, TestEnv) {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    let file = env.root().join("spans.jsonl");
    env.set("HELM_OTEL_FILE", file.to_str().unwrap());
    (gh, env)
}

#[test]
fn a_command_is_one_span_on_the_callers_trace_with_a_child_per_forge_request() {
    let (gh, env) = traced_env();
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps: run it.");
    let voyage = env.new_voyage("Traced");
    env.run(&[
        "steer",
        "--voyage",
        &voyage,
        "--traceparent",
        PARENT,
        "--as",
        "tester",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "answer",
        "comment",
        &issue.to_string(),
        "--body",
        "Looking into it.",
    ])
    .ok();
    let spans = spans(&env);
    let command = spans
        .iter()
        .find(|s| s["name"] == "helm steer")
        .unwrap_or_else(|| panic!("{spans:#?}"));
    assert_eq!(command["traceId"], TRACE_ID);
    assert_eq!(command["parentSpanId"], "00f067aa0ba902b7");
    assert_eq!(command.get("status"), None, "it did not fail");
    let requests: Vec<&Value> = spans
        .iter()
        .filter(|s| s["parentSpanId"] == command["spanId"])
        .collect();
    assert!(!requests.is_empty(), "{spans:#?}");
    for request in &requests {
        assert_eq!(request["traceId"], TRACE_ID);
        assert_eq!(request["kind"], 3, "a client span");
        let url = attribute(request, "url.full").unwrap()["stringValue"]
            .as_str()
            .unwrap();
        assert!(url.starts_with(&gh.url()), "{url}");
        assert!(attribute(request, "http.request.method").is_some());
        assert!(attribute(request, "http.response.status_code").unwrap()["intValue"].is_string());
    }
    let posted = requests
        .iter()
        .find(|r| attribute(r, "http.request.method") == Some(&json!({"stringValue": "POST"})));
    let posted = posted.unwrap_or_else(|| panic!("no POST among {requests:#?}"));
    assert_eq!(
        attribute(posted, "http.response.status_code"),
        Some(&json!({"intValue": "201"}))
    );
    let text = std::fs::read_to_string(env.root().join("spans.jsonl")).unwrap();
    assert!(!text.contains(gh.token()), "a token in the spans");
    assert!(!text.contains("Looking into it."), "a body in the spans");
}

#[test]
fn each_mcp_tool_call_is_a_span_that_fails_exactly_when_its_result_is_an_error() {
    let (_gh, env) = traced_env();
    let voyage = env.new_voyage("Traced over MCP");
    let log = |state: &str| {
        json!({"voyage": voyage, "state": state, "as": "agent", "role": "coder",
               "method": "claude", "summary": "where it stands"})
    };
    let calls = json!({"calls": [
        {"tool": "log", "args": log("waiting"), "meta": {"traceparent": PARENT}},
        {"tool": "log", "args": log("  "), "meta": {"traceparent": PARENT}},
        {"tool": "voyage_list", "args": {}},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    assert_eq!(seen[0]["isError"], false, "{seen:#}");
    assert_eq!(seen[1]["isError"], true, "{seen:#}");
    let spans = spans(&env);
    let calls: Vec<&Value> = spans.iter().filter(|s| s["kind"] == 2).collect();
    assert_eq!(calls.len(), 3, "{spans:#?}");
    for (span, tool) in calls.iter().zip(["log", "log", "voyage_list"]) {
        assert_eq!(span["name"], format!("tools/call {tool}"));
        assert_eq!(
            attribute(span, "mcp.method.name"),
            Some(&json!({"stringValue": "tools/call"}))
        );
        assert_eq!(
            attribute(span, "gen_ai.tool.name"),
            Some(&json!({"stringValue": tool}))
        );
        assert_eq!(
            attribute(span, "gen_ai.operation.name"),
            Some(&json!({"stringValue": "execute_tool"}))
        );
    }
    assert_eq!(calls[0]["traceId"], TRACE_ID);
    assert_eq!(calls[0]["parentSpanId"], "00f067aa0ba902b7");
    assert_eq!(attribute(calls[0], "error.type"), None);
    assert_eq!(calls[0].get("status"), None);
    assert_eq!(
        attribute(calls[1], "error.type"),
        Some(&json!({"stringValue": "tool_error"}))
    );
    assert_eq!(calls[1]["status"]["code"], 2, "ERROR");
    assert!(
        calls[1]["status"]["message"]
            .as_str()
            .unwrap()
            .contains("state")
    );
    // No caller's trace: the root of a trace of its own.
    assert_eq!(calls[2].get("parentSpanId"), None);
    assert_ne!(calls[2]["traceId"], TRACE_ID);
}

#[test]
fn a_spans_file_that_cannot_be_written_is_a_warning_not_a_failure() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("Untraceable");
    let folder = env.root().to_str().unwrap().to_string();
    env.set("HELM_OTEL_FILE", &folder);
    let run = env.log(&voyage, "waiting", "where it stands");
    run.ok();
    assert!(
        run.stderr.contains("warning: cannot write spans to"),
        "{}",
        run.stderr
    );
}
