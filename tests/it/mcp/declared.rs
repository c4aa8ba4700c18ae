//! Capabilities as declared (issue 31 §3): helm declares tools and
//! resources (no subscriptions); a method of any other capability, or of
//! none, is -32601 "Method not found" with the method in `data`, never an
//! empty answer that reads as a capability; reading a resource that is not
//! there is the specification's error, with the URI in `data.uri`.

use serde_json::{Value, json};

use super::raw::Raw;
use crate::support::env::TestEnv;

#[test]
fn methods_of_undeclared_capabilities_are_not_found() {
    let env = TestEnv::new();
    let mut raw = Raw::start(&env);
    let init = raw.initialize(json!(0));
    let declared = &init["result"]["capabilities"];
    assert!(declared.get("tools").is_some(), "{init}");
    assert!(declared.get("resources").is_some(), "{init}");
    for capability in ["prompts", "completions", "logging"] {
        assert!(declared.get(capability).is_none(), "{capability}: {init}");
    }
    let undeclared = [
        ("prompts/list", json!({})),
        ("prompts/get", json!({"name": "x"})),
        (
            "completion/complete",
            json!({"ref": {"type": "ref/prompt", "name": "x"},
                   "argument": {"name": "a", "value": "b"}}),
        ),
        ("logging/setLevel", json!({"level": "info"})),
        (
            "resources/subscribe",
            json!({"uri": "helm://voyages/x/story"}),
        ),
        ("no/such/method", json!({})),
    ];
    for (id, (method, params)) in undeclared.iter().enumerate() {
        let id = json!(id + 1);
        raw.request(id.clone(), method, params.clone());
        let answer = raw.answer(&id);
        assert_eq!(answer["error"]["code"], -32601, "{method}: {answer}");
        assert_eq!(answer["error"]["message"], "Method not found", "{answer}");
        assert_eq!(answer["error"]["data"]["method"], *method, "{answer}");
    }
    // What is declared is served.
    raw.request(json!("tools"), "tools/list", json!({}));
    assert!(raw.answer(&json!("tools"))["result"]["tools"].is_array());
    raw.request(json!("resources"), "resources/list", json!({}));
    assert!(raw.answer(&json!("resources"))["result"]["resources"].is_array());
    raw.close().exited_cleanly();
}

#[test]
fn reading_a_resource_that_is_not_there_names_its_uri() {
    let env = TestEnv::new();
    let mut raw = Raw::start(&env);
    raw.initialize(json!(0));
    for (id, uri) in [
        (1, "helm://voyages/ffffffff/story"),
        (2, "helm://voyages/x/logbook"),
        (3, "file:///etc/passwd"),
    ] {
        raw.request(json!(id), "resources/read", json!({"uri": uri}));
        let answer = raw.answer(&json!(id));
        let error = &answer["error"];
        assert_eq!(error["code"], -32002, "{answer}");
        assert_eq!(error["data"]["uri"], uri, "{answer}");
        // helm's own error document goes beside it: what and what to do.
        assert_eq!(error["data"]["error"]["kind"], "not-found", "{answer}");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{answer}");
        assert_eq!(error["data"]["error"]["message"], Value::from(message));
    }
    raw.close().exited_cleanly();
}
