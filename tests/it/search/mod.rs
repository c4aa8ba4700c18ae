//! `helm search` (issue 44) through the binary: across voyages, ranked,
//! filtered, observations and steers found, secrets never findable, the
//! index rebuilt when deleted or damaged and fresh right after a write,
//! concurrent writers and searchers, malformed queries, and MCP.

mod brief;
mod concurrent;
mod github;
mod index;
mod local;
mod mcp;

use serde_json::Value;

use crate::support::env::TestEnv;

/// `helm search ARGS --json`, which must succeed.
pub fn search(env: &TestEnv, args: &[&str]) -> Value {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    all.push("--json");
    env.run(&all).ok().json()
}

/// Each result as `(voyage id, entry number or target kind, kind)`.
pub fn found(doc: &Value) -> Vec<(String, String, String)> {
    doc["results"]
        .as_array()
        .unwrap_or_else(|| panic!("no results in {doc}"))
        .iter()
        .map(|r| {
            let at = match r.get("entry") {
                Some(n) => format!("entry {n}"),
                None => r["target"]["kind"].as_str().unwrap().to_string(),
            };
            (
                r["voyage"]["id"].as_str().unwrap().to_string(),
                at,
                r["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `helm log` by `who`.
pub fn log_as(env: &TestEnv, voyage: &str, who: &str, status: &str, summary: &str) {
    env.run(&[
        "log",
        "-V",
        voyage,
        "--as",
        who,
        "--role",
        "coder",
        "--method",
        "human",
        "--summary",
        summary,
        status,
    ])
    .ok();
}
