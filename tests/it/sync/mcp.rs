//! The MCP tools `voyage_push` and `voyage_pull`, over a running `helm mcp`
//! while CLI processes sync the same voyage.

use serde_json::json;

use super::{Machines, story, voyage_with_an_entry};
use crate::mcp::Session;

#[test]
fn the_push_and_pull_tools_move_a_voyage_as_the_commands_do() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Synced by an agent");
    m.push(&m.a, &id).ok();

    let session = Session::start(&m.b);
    let tools = session.tools();
    for name in ["voyage_push", "voyage_pull"] {
        let tool = tools.iter().find(|t| t.name == name).unwrap();
        let hints = tool.annotations.as_ref().unwrap();
        assert_eq!(hints.open_world_hint, Some(true), "{name}");
        assert_ne!(hints.read_only_hint, Some(true), "{name}");
    }
    let remote = m.remote.arg();
    let pulled = session.ok("voyage_pull", json!({"voyage": id, "remote": remote}));
    assert_eq!(pulled["pulled"], json!({"entries": 1, "artifacts": 1}));
    assert_eq!(pulled["voyage"]["id"], id.as_str());
    session.ok(
        "log",
        json!({"voyage": id, "as": "agent", "role": "coder", "method": "model", "summary": "picked it up", "state": "ready"}),
    );
    let pushed = session.ok("voyage_push", json!({"voyage": id, "remote": remote}));
    assert_eq!(pushed["pushed"]["entries"], 1);
    assert_eq!(pushed["head"].as_str(), m.remote.tip(&id).as_deref());

    // The CLI on the other machine meanwhile: refused until it pulls.
    m.a.log(&id, "waiting", "meanwhile").ok();
    assert_eq!(m.push(&m.a, &id).error_json()["error"]["kind"], "diverged");
    m.pull(&m.a, &id).ok();
    m.push(&m.a, &id).ok();
    let again = session.ok("voyage_pull", json!({"voyage": id, "remote": remote}));
    assert_eq!(again["pulled"]["entries"], 1);
    assert_eq!(story(&m.a, &id), story(&m.b, &id));

    let all = session.ok("voyage_pull", json!({"all": true, "remote": remote}));
    assert_eq!(all["voyages"][0]["voyage"]["id"], id.as_str());
    let err = session.err("voyage_push", json!({"voyage": id, "remote": "nowhere"}));
    assert_eq!(err["kind"], "config");

    // Every voyage at once: one document each, a refusal worded for MCP.
    m.a.log(&id, "waiting", "a's news").ok();
    m.push(&m.a, &id).ok();
    let other = voyage_with_an_entry(&m.b, "Never pushed, pushed by the agent");
    session.ok(
        "log",
        json!({"voyage": id, "as": "agent", "role": "coder", "method": "model", "summary": "b's news", "state": "ready"}),
    );
    let all = session.ok("voyage_push", json!({"all": true, "remote": remote}));
    let each = |voyage: &str| {
        all["voyages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["id"] == voyage)
            .unwrap_or_else(|| panic!("{voyage} in {all}"))
            .clone()
    };
    assert_eq!(each(&other)["outcome"], "pushed", "{all}");
    assert_eq!(
        m.remote.tip(&other).as_deref(),
        each(&other)["head"].as_str()
    );
    let refused = each(&id);
    assert_eq!(refused["outcome"], "refused", "{all}");
    assert_eq!(refused["error"]["kind"], "diverged");
    let hint = refused["error"]["hint"].as_str().unwrap();
    assert!(
        hint.contains("`voyage_pull`") && !hint.contains("helm voyage"),
        "{hint}"
    );
}
