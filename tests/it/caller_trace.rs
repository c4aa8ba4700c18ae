//! The caller's trace on every entry (issue 43 item 9): an MCP request's
//! `_meta.traceparent` and `tracestate` (through the official TypeScript
//! SDK), the CLI's `--traceparent` and `TRACEPARENT`/`TRACESTATE`, recorded
//! on the entry the request makes and shown by `voyage show --json`, the
//! story, the Markdown story and the page; carried by a push and a pull. A
//! malformed one is ignored with a warning, never stored, never an error.

use serde_json::{Value, json};

use crate::support::env::TestEnv;
use crate::support::node;
use crate::sync::Machines;

const PARENT: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
const STATE: &str = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";

fn log_args<'a>(voyage: &'a str, state: &'a str) -> Vec<&'a str> {
    vec![
        "log",
        "--voyage",
        voyage,
        "--as",
        "tester",
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        "where it stands",
        state,
    ]
}

fn entries(env: &TestEnv, voyage: &str) -> Vec<Value> {
    let story = env.run(&["voyage", "show", voyage, "--json"]).json();
    story["entries"].as_array().cloned().unwrap_or_default()
}

#[test]
fn the_cli_records_the_callers_trace_from_the_flag_or_the_environment() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("Traced");
    let mut flagged = log_args(&voyage, "waiting");
    flagged.extend(["--traceparent", PARENT]);
    env.run(&flagged).ok();
    env.set(
        "TRACEPARENT",
        "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00",
    );
    env.set("TRACESTATE", STATE);
    env.run(&log_args(&voyage, "blocked")).ok();

    let entries = entries(&env, &voyage);
    assert_eq!(
        entries[0]["action"]["trace"],
        json!({"traceparent": PARENT})
    );
    assert_eq!(
        entries[1]["action"]["trace"],
        json!({
            "traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00",
            "tracestate": STATE,
        })
    );

    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    assert!(story.contains(&format!("trace {PARENT}")), "{story}");
    let markdown = env
        .run(&["voyage", "show", &voyage, "--format", "markdown"])
        .ok()
        .stdout
        .clone();
    assert!(
        markdown.contains(&format!("_trace {PARENT}_")),
        "{markdown}"
    );
    let page = env.run(&["voyage", "page", &voyage]).ok().stdout.clone();
    assert!(page.contains(&format!("trace {PARENT}")), "{page}");
    assert!(
        page.contains(&format!(
            "trace 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00 (tracestate {STATE})"
        )),
        "{page}"
    );
}

#[test]
fn a_malformed_trace_is_ignored_with_a_warning_and_never_stored() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("Badly traced");
    let mut flagged = log_args(&voyage, "waiting");
    flagged.extend([
        "--traceparent",
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
    ]);
    let run = env.run(&flagged);
    run.ok();
    assert!(
        run.stderr.contains("warning: --traceparent: traceparent")
            && run.stderr.contains("the trace id is all zeros"),
        "{}",
        run.stderr
    );
    // A good traceparent with a malformed tracestate keeps the traceparent.
    env.set("TRACEPARENT", PARENT);
    env.set("TRACESTATE", "no equals sign");
    let run = env.run(&log_args(&voyage, "blocked"));
    run.ok();
    assert!(
        run.stderr.contains("tracestate is not a W3C tracestate"),
        "{}",
        run.stderr
    );

    let entries = entries(&env, &voyage);
    assert_eq!(entries[0]["action"].get("trace"), None, "{:#}", entries[0]);
    assert_eq!(
        entries[1]["action"]["trace"],
        json!({"traceparent": PARENT})
    );
}

#[test]
fn an_mcp_requests_meta_trace_is_recorded_on_the_entry_it_makes() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Traced over MCP");
    let log = |state: &str| {
        json!({"voyage": voyage, "state": state, "as": "agent", "role": "coder",
               "method": "claude", "summary": "where it stands"})
    };
    let calls = json!({"calls": [
        {"tool": "log", "args": log("waiting"), "meta": {"traceparent": PARENT, "tracestate": STATE}},
        {"tool": "log", "args": log("blocked"), "meta": {"traceparent": "00-not-a-trace-01"}},
        {"tool": "log", "args": log("ready")},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    for call in seen.as_array().unwrap() {
        assert_eq!(call["isError"], false, "{call:#}");
    }
    assert_eq!(
        seen[0]["structured"]["action"]["trace"],
        json!({"traceparent": PARENT, "tracestate": STATE})
    );
    let entries = entries(&env, &voyage);
    assert_eq!(
        entries[0]["action"]["trace"],
        json!({"traceparent": PARENT, "tracestate": STATE})
    );
    assert_eq!(
        entries[1]["action"].get("trace"),
        None,
        "malformed: never stored"
    );
    assert_eq!(entries[2]["action"].get("trace"), None, "none sent");
}

#[test]
fn a_pull_carries_the_trace_to_another_machine() {
    let m = Machines::new();
    let voyage = m.a.new_voyage("Traced across machines");
    let mut flagged = log_args(&voyage, "waiting");
    flagged.extend(["--traceparent", PARENT]);
    m.a.run(&flagged).ok();
    m.push(&m.a, &voyage).ok();
    m.pull(&m.b, &voyage).ok();
    let entries = entries(&m.b, &voyage);
    assert_eq!(
        entries[0]["action"]["trace"],
        json!({"traceparent": PARENT})
    );
}
