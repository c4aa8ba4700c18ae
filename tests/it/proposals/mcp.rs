//! An agent that cannot act: `helm mcp --propose-only` serves `steer` as
//! propose-only (its description and annotations say so), the official
//! TypeScript SDK's calls record proposals and send nothing, no tool can
//! approve unless the server is started with `--toolsets approvals`, and a
//! person approves from the terminal.

use serde_json::json;

use super::{APPROVER_TOKEN, REPO, approve, setup};
use crate::mcp::Session;
use crate::support::node;

#[test]
fn an_agent_on_a_propose_only_server_proposes_a_merge_and_a_person_approves_it() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    gh.add_check_run(REPO, "fix-42", "test", "completed", Some("success"));
    gh.add_review(REPO, pr, "carol", "APPROVED", "Fine.");

    let session = Session::start_with(&env, &["--propose-only"]);
    let tools = session.tools();
    let steer = tools.iter().find(|t| t.name == "steer").unwrap();
    let description = steer.description.as_deref().unwrap_or_default();
    assert!(description.contains("only proposes"), "{description}");
    let hints = steer.annotations.as_ref().unwrap();
    assert_eq!(hints.destructive_hint, Some(false), "{hints:?}");
    assert!(
        !tools
            .iter()
            .any(|t| t.name == "approve" || t.name == "reject")
    );
    drop(session);

    let who = json!({"voyage": voyage, "as": "claude-7", "role": "coder", "method": "claude", "summary": "green and approved"});
    let mut observe = who.clone();
    observe["target"] = json!({"kind": "github-pr", "number": pr, "focus": ["checks", "reviews"]});
    let mut merge = who.clone();
    merge["action"] = json!({"kind": "merge-pr", "pr": pr, "strategy": "squash"});
    let calls = json!({"calls": [
        {"tool": "observe", "args": {"voyage": voyage, "target": observe["target"]}},
        {"tool": "steer", "args": merge},
        {"tool": "proposals", "args": {"voyage": voyage}},
        {"tool": "approve", "args": {"voyage": voyage, "entry": 1, "as": "claude-7", "role": "coder", "method": "claude", "summary": "approving myself"}},
    ]});
    let seen = node::script(&env, "calls.mjs", &["--propose-only"], &calls);
    for call in &seen.as_array().unwrap()[..3] {
        assert!(call.get("threw").is_none(), "{call}");
    }
    let proposed = &seen[1]["structured"];
    assert_eq!(proposed["kind"], "proposal", "{}", seen[1]);
    assert_eq!(proposed["action"]["request"]["method"], "PUT");
    assert_eq!(
        seen[2]["structured"]["proposals"][0]["state"], "pending",
        "{}",
        seen[2]
    );
    // An unserved tool is a protocol error (-32602), which the SDK throws.
    let refused = seen[3]["threw"].as_str().unwrap_or_default();
    assert!(refused.contains("approvals toolset"), "{}", seen[3]);
    assert!(
        gh.writes().is_empty(),
        "the agent sent nothing: {:?}",
        gh.writes()
    );

    // The person reads the page, then approves from a terminal.
    let page = env.run(&["voyage", "page", &voyage]);
    assert!(
        page.ok().stdout.contains("proposal"),
        "the page shows the proposal"
    );
    let number = proposed["id"].as_i64().unwrap();
    let approved = approve(&env, "alice", number, &[]).json();
    assert_eq!(
        approved["action"]["approval"]["proposer"], "claude-7",
        "{approved}"
    );
    assert_eq!(gh.writes_by(APPROVER_TOKEN).len(), 1);
    assert_eq!(gh.writes().len(), 1);
}

#[test]
fn the_approvals_toolset_approves_and_rejects_through_the_sdk() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crash", "It crashes.");
    env.run(&["observe", "github-issue", &issue.to_string()])
        .ok();
    for body in ["Fixed in #45.", "Won't fix."] {
        super::propose(
            &env,
            &["comment", "--issue", &issue.to_string(), "--body", body],
        )
        .ok();
    }
    let person = |summary: &str| json!({"voyage": voyage, "as": "alice", "role": "maintainer", "method": "human", "summary": summary});
    let mut approve = person("read it");
    approve["entry"] = json!(1);
    let mut reject = person("not this");
    reject["entry"] = json!(2);
    let calls = json!({"calls": [
        {"tool": "approve", "args": approve},
        {"tool": "reject", "args": reject},
        {"tool": "proposals", "args": {"voyage": voyage}},
    ]});
    let seen = node::script(&env, "calls.mjs", &["--toolsets", "core,approvals"], &calls);
    for call in seen.as_array().unwrap() {
        assert!(
            call.get("threw").is_none() && call["isError"] == false,
            "{call}"
        );
    }
    assert_eq!(seen[0]["structured"]["action"]["approval"]["proposal"], 1);
    assert_eq!(seen[1]["structured"]["kind"], "rejection");
    let states: Vec<&str> = seen[2]["structured"]["proposals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["performed", "rejected"]);
    assert_eq!(gh.writes().len(), 1, "{:?}", gh.writes());
}
