//! The server outlives its clients' mistakes (issue 29 §14): a notification
//! (or a response) before `initialize` is ignored, as JSON-RPC ignores a
//! notification it cannot take, and the server keeps serving; and when the
//! client closes its input, every request already sent is answered before
//! the server exits, however long it runs.

use std::time::Duration;

use serde_json::{Value, json};

use super::raw::Raw;
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault, Gate};

const REPO: &str = "acme/widgets";

#[test]
fn garbage_then_initialized_is_answered_and_a_later_initialize_is_served() {
    let env = TestEnv::new();
    let mut raw = Raw::start(&env);
    raw.line("garbage{");
    raw.notify("notifications/initialized", json!({}));
    // A failed initialize (its params do not fit), then the client's
    // initialized notification all the same.
    raw.request(
        json!("bad-init"),
        "initialize",
        json!({"protocolVersion": 7}),
    );
    raw.notify("notifications/initialized", json!({}));
    let init = raw.initialize(json!("init"));
    assert_eq!(init["result"]["serverInfo"]["name"], "helm", "{init}");
    raw.request(json!("list"), "tools/list", json!({}));
    let ended = raw.close();
    ended.exited_cleanly();
    let parse_errors: Vec<&Value> = ended
        .answers
        .iter()
        .filter(|a| a.get("id") == Some(&Value::Null))
        .collect();
    assert_eq!(parse_errors.len(), 1, "{:#?}", ended.answers);
    assert_eq!(parse_errors[0]["error"]["code"], -32700);
    assert_eq!(
        ended.answer(&json!("bad-init"))["error"]["code"],
        -32602,
        "{:#?}",
        ended.answers
    );
    let tools = ended.answer(&json!("list"))["result"]["tools"]
        .as_array()
        .expect("tools");
    assert!(tools.iter().any(|t| t["name"] == "voyage_new"));
}

#[test]
fn notifications_and_responses_before_initialize_are_ignored() {
    let env = TestEnv::new();
    env.new_voyage("Listed after a clumsy start");
    let mut raw = Raw::start(&env);
    raw.notify("notifications/cancelled", json!({"requestId": 1}));
    raw.notify(
        "notifications/progress",
        json!({"progressToken": 1, "progress": 1}),
    );
    raw.notify("notifications/something-helm-never-heard-of", json!({}));
    raw.send(json!({"jsonrpc": "2.0", "id": 99, "result": {}}));
    raw.send(json!({"jsonrpc": "2.0", "id": 98, "error": {"code": -1, "message": "no"}}));
    // A request before initialize gets an error with its id, and the
    // server waits on for initialize.
    raw.request(json!("early"), "tools/list", json!({}));
    let early = raw.answer(&json!("early"));
    assert!(early["error"]["code"].is_i64(), "{early}");
    raw.request(json!("early-ping"), "ping", json!({}));
    assert_eq!(raw.answer(&json!("early-ping"))["result"], json!({}));
    raw.initialize(json!(1));
    raw.call(json!(2), "voyage_list", json!({}));
    let ended = raw.close();
    ended.exited_cleanly();
    let listed = &ended.answer(&json!(2))["result"]["structuredContent"]["voyages"];
    assert_eq!(
        listed[0]["intent"], "Listed after a clumsy start",
        "{listed}"
    );
    // Nothing but the requests was answered.
    let ids: Vec<&Value> = ended.answers.iter().filter_map(|a| a.get("id")).collect();
    assert_eq!(
        ids,
        [&json!("early"), &json!("early-ping"), &json!(1), &json!(2)]
    );
}

#[test]
fn every_answer_is_written_when_the_client_closes_its_input_after_requests() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps: run it.");
    let voyage = env.new_voyage("Answers after the end of input");
    // GitHub holds the look's first read until the test lets it go.
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "GET",
        &format!("/issues/{issue}"),
        &gate,
    ));
    let mut raw = Raw::start(&env);
    raw.initialize(json!(1));
    raw.call(
        json!("slow"),
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue}}),
    );
    raw.request(json!("ping"), "ping", json!({}));
    raw.call(json!("list"), "voyage_list", json!({}));
    assert_eq!(raw.answer(&json!("ping"))["result"], json!({}));
    let opener = {
        let gate = gate.clone();
        std::thread::spawn(move || {
            // Not a timed assertion: the look is let go only after rmcp's
            // own few seconds of waiting for answers after the end of input
            // have passed, so that the answer must not depend on them.
            std::thread::sleep(Duration::from_secs(6));
            gate.open();
        })
    };
    let ended = raw.close();
    opener.join().unwrap();
    ended.exited_cleanly();
    let observed = &ended.answer(&json!("slow"))["result"];
    assert_eq!(observed["isError"], false, "{observed}");
    assert_eq!(
        observed["structuredContent"]["payload"]["summary"]["title"], "Widget crashes",
        "{observed}"
    );
    assert!(ended.answered(&json!("list")));
    let slate = env
        .run(&["slate", "list", "--voyage", &voyage, "--json"])
        .json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(1), "{slate}");
}
