//! The MCP `search` tool through the official TypeScript SDK's client: in
//! the core toolset, read-only, the CLI's result as structured content
//! (which the SDK checks against the declared output schema), malformed
//! queries as usage errors, lockdown from the server's flag.

use serde_json::{Value, json};

use super::log_as;
use crate::support::env::TestEnv;
use crate::support::node;

#[test]
fn the_sdk_searches_across_voyages_with_the_clis_results() {
    let env = TestEnv::new();
    let one = env.new_voyage("Fix the quaternion normaliser");
    let two = env.new_voyage("Docs");
    log_as(&env, &one, "alice", "waiting", "decided on a bounds check");
    log_as(&env, &two, "bob", "ready", "bounds documented");
    let calls = json!({"calls": [
        {"tool": "search", "args": {"query": "bounds"}},
        {"tool": "search", "args": {"query": "bounds", "as": "alice", "kind": "log", "limit": 5, "since": "2000-01-01"}},
        {"tool": "search", "args": {"query": "\"unclosed"}},
    ]});
    let seen = node::script(&env, "calls.mjs", &[], &calls);
    let first = &seen[0];
    assert!(first.get("threw").is_none(), "{first}");
    assert_eq!(first["isError"], false, "{first}");
    let cli = env.run(&["search", "bounds", "--json"]).json();
    let mut structured = first["structured"].clone();
    let mut expected = cli.clone();
    // Scores are floats computed twice; everything else is the same.
    for doc in [&mut structured, &mut expected] {
        for result in doc["results"].as_array_mut().unwrap() {
            result.as_object_mut().unwrap().remove("score");
        }
    }
    assert_eq!(structured, expected);
    assert_eq!(first["structured"]["results"].as_array().unwrap().len(), 2);
    let narrowed = &seen[1]["structured"]["results"];
    assert_eq!(narrowed.as_array().unwrap().len(), 1, "{}", seen[1]);
    assert_eq!(narrowed[0]["voyage"]["id"], one.as_str());
    let refused = &seen[2];
    assert_eq!(refused["isError"], true, "{refused}");
    let text: Value = serde_json::from_str(refused["text"].as_str().unwrap()).unwrap();
    assert_eq!(text["error"]["kind"], "usage", "{text}");
}

#[test]
fn search_is_a_read_only_core_tool() {
    let env = TestEnv::new();
    let (ok, listed, stderr) = node::inspector(&env, &[], &["--method", "tools/list"]);
    assert!(ok, "{stderr}");
    let tool = listed["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "search")
        .unwrap_or_else(|| panic!("no search tool in {listed}"));
    assert_eq!(tool["annotations"]["readOnlyHint"], true, "{tool}");
    assert!(
        tool["outputSchema"]["properties"]["results"].is_object(),
        "{tool}"
    );
    assert!(
        tool["inputSchema"]["properties"]["as"].is_object(),
        "{tool}"
    );
}
