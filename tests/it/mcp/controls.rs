//! No control character reaches an MCP client raw (issue 40 item 8): C0
//! and C1 controls (U+009B is the 8-bit CSI) in an issue's title are
//! written out in every result (the payload, the digest, the brief) as
//! invisible characters are, one rule with the terminal's.

use serde_json::{Value, json};

use super::Session;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// Every control character (but newline, tab and return) in any string.
fn controls(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::String(text)
            if text
                .chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')) =>
        {
            found.push(text.clone());
        }
        Value::Array(items) => items.iter().for_each(|i| controls(i, found)),
        Value::Object(fields) => {
            for (key, inner) in fields {
                controls(&Value::String(key.clone()), found);
                controls(inner, found);
            }
        }
        _ => {}
    }
}

#[test]
fn c1_controls_in_an_issue_title_are_written_out_in_every_result() {
    let (env, gh, voyage) = github_voyage(REPO, "controls");
    let title = "Fix \u{9b}31mred\u{1b}[2J and \u{85}next\u{7f}";
    let issue = gh.add_issue(REPO, title, "body \u{9b}0m");
    let issue = issue.to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    crate::github::steer(
        &env,
        "answered",
        &["comment", "--issue", &issue, "--body", "ok"],
    )
    .ok();
    let session = Session::start(&env);
    let target = json!({"kind": "github-issue", "number": issue.parse::<u64>().unwrap()});
    let observed = session.ok("observe", json!({"voyage": voyage, "target": target}));
    let brief = session.ok("voyage_brief", json!({"voyage": voyage}));
    for (what, doc) in [("observe", &observed), ("voyage_brief", &brief)] {
        let mut found = Vec::new();
        controls(doc, &mut found);
        assert!(found.is_empty(), "{what}: {found:?}");
    }
    assert!(
        observed["digest"].as_str().unwrap().contains("31mred"),
        "{observed}"
    );
    assert_eq!(
        observed["payload"]["summary"]["title"],
        "Fix <U+009B>31mred<U+001B>[2J and <U+0085>next<U+007F>"
    );
    let text = super::lockdown::resource(&session, &voyage, "brief");
    assert!(!text.contains(['\u{9b}', '\u{1b}', '\u{85}']), "{text}");
}
