//! `helm mcp --read-only`, `--tools a,b` and `--toolsets`: what is listed
//! is what may be called, whatever the client asks for.

use serde_json::json;

use super::{Session, with};
use crate::support::env::{TestEnv, count};

fn names(session: &Session) -> Vec<String> {
    session.tools().iter().map(|t| t.name.to_string()).collect()
}

#[test]
fn read_only_lists_and_runs_only_the_tools_that_change_nothing() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Look, do not touch");
    let session = Session::start_with(&env, &["--read-only", "--toolsets", "all"]);
    let listed = names(&session);
    assert_eq!(
        listed,
        [
            "voyage_list",
            "voyage_show",
            "voyage_brief",
            "voyage_verify",
            "slate_list",
            "proposals",
            "interrupted",
            "search",
            "artifact_show",
            "artifact_list",
        ]
    );
    for tool in session.tools() {
        let hints = tool.annotations.expect("annotations");
        assert_eq!(hints.read_only_hint, Some(true), "{}", tool.name);
    }
    session.ok("voyage_brief", json!({"voyage": voyage}));
    // `interrupted` lists, and only lists.
    let interrupted = session
        .tools()
        .into_iter()
        .find(|t| t.name == "interrupted");
    let schema = serde_json::Value::Object(interrupted.unwrap().input_schema.as_ref().clone());
    assert_eq!(schema["properties"]["operation"]["enum"], json!(["list"]));
    let listed = session.ok(
        "interrupted",
        json!({"voyage": voyage, "operation": "list"}),
    );
    assert_eq!(listed, json!({"interrupted": []}));
    let refused = session.err(
        "interrupted",
        json!({"voyage": voyage, "operation": "discard", "attempt": "r-1"}),
    );
    assert!(
        refused["message"].as_str().unwrap().contains("read-only"),
        "{refused}"
    );

    // A hidden tool cannot be called, whatever its arguments.
    let refused = session
        .try_call(
            "log",
            with("sneaky", json!({"voyage": voyage, "state": "waiting"})),
        )
        .expect_err("log is not served");
    assert!(refused.contains("not served"), "{refused}");
    assert!(refused.contains("read-only"), "{refused}");
    assert!(!refused.contains("--"), "{refused}");
    let refused = session
        .try_call("voyage_new", json!({"intent": "x"}))
        .expect_err("voyage_new is not served");
    assert!(refused.contains("voyage_new"), "{refused}");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
    let voyages = env.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(voyages["voyages"].as_array().unwrap().len(), 1);
}

#[test]
fn tools_serves_only_the_tools_named() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Only some");
    let session = Session::start_with(&env, &["--tools", "log,voyage_brief"]);
    assert_eq!(names(&session), ["voyage_brief", "log"]);
    session.ok(
        "log",
        with("allowed", json!({"voyage": voyage, "state": "waiting"})),
    );
    let refused = session
        .try_call("voyage_show", json!({"voyage": voyage}))
        .expect_err("voyage_show is not served");
    assert!(refused.contains("not served"), "{refused}");
    let unknown = session
        .try_call("voyage_delete", json!({}))
        .expect_err("no such tool");
    assert!(unknown.contains("no tool named voyage_delete"), "{unknown}");
}

#[test]
fn an_unknown_tool_name_is_a_usage_error_listing_the_tools() {
    let env = TestEnv::new();
    let run = env.run(&["mcp", "--tools", "voyage_list,voyage_shwo"]);
    let stderr = run.fails(2);
    assert!(stderr.contains("voyage_shwo"), "{stderr}");
    assert!(
        stderr.contains("voyage_new, voyage_list, voyage_show"),
        "{stderr}"
    );
    let stderr = env
        .run(&["mcp", "--read-only", "--tools", "steer"])
        .fails(2)
        .to_string();
    assert!(stderr.contains("steer"), "{stderr}");
}
