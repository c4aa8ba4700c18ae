//! A cancelled call's fate reaches the agent (issue 43 item 6): when the
//! agent cancels a steer through the official TypeScript SDK after its
//! write went out, helm completes and records it, and the entry says so
//! (`completedAfterCancel`), as do the brief ("entry 1 completed after its
//! call was cancelled"), the story and the page: not only a line on the
//! server's stderr, which the agent never sees.

use std::io::{BufRead, BufReader, Write};

use serde_json::{Value, json};

use super::who;
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault, Gate};
use crate::support::node;

const REPO: &str = "acme/widgets";
const PARENT: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

/// Waits, without asserting any time, until `done` holds.
fn until(what: &str, done: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(120),
            "never: {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn a_steer_completed_after_its_call_was_cancelled_says_so_in_the_entry_and_the_brief() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps: run it.");
    let voyage = env.new_voyage("Cancelled calls");
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "POST",
        &format!("/issues/{issue}/comments"),
        &gate,
    ));
    let mut args = who("answer the reporter");
    args.insert("voyage".into(), voyage.clone().into());
    args.insert(
        "action".into(),
        json!({"kind": "comment", "issue": issue, "body": "Looking into it."}),
    );
    let input = json!({
        "steer": {"args": args, "meta": {"traceparent": PARENT}},
        "after": [
            {"tool": "voyage_brief", "args": {"voyage": voyage}},
            {"tool": "voyage_show", "args": {"voyage": voyage}},
        ],
    });

    let mut child = node::spawn(&env, "cancelled.mjs", &[]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = |stdin: &mut std::process::ChildStdin, send: &Value| -> Value {
        writeln!(stdin, "{send}").unwrap();
        stdin.flush().unwrap();
        let mut got = String::new();
        stdout.read_line(&mut got).unwrap();
        serde_json::from_str(&got)
            .unwrap_or_else(|err| panic!("the script said {got:?} ({err}); its stderr has why"))
    };
    assert_eq!(line(&mut stdin, &input), json!({"sent": true}));
    until("GitHub saw the comment", || {
        gh.requests()
            .iter()
            .any(|r| r.method.as_str() == "POST" && r.path().ends_with("/comments"))
    });
    assert_eq!(
        line(&mut stdin, &json!("cancel")),
        json!({"cancelled": true})
    );
    gate.open();
    let recorded = || {
        env.run(&["voyage", "show", &voyage, "--json"]).json()["entries"]
            .as_array()
            .is_some_and(|e| !e.is_empty())
    };
    until("the steer was recorded", recorded);
    let answer = line(&mut stdin, &json!("look"));
    let _ = child.wait();

    // The SDK gave the agent no answer: its call was cancelled.
    assert!(answer["outcome"].get("threw").is_some(), "{answer:#}");
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    let brief = &answer["seen"][0];
    assert_eq!(brief["isError"], false, "{brief:#}");
    // Its recent entries carry the entry's action as recorded.
    let recent = &brief["structured"]["recent"][0];
    assert_eq!(recent["action"]["completedAfterCancel"], true, "{recent:#}");
    let shown = &answer["seen"][1]["structured"]["entries"][0];
    assert_eq!(shown["action"]["completedAfterCancel"], true, "{shown:#}");
    assert_eq!(shown["action"]["trace"], json!({"traceparent": PARENT}));

    let brief = env.run(&["voyage", "brief", &voyage]).ok().stdout.clone();
    assert!(
        brief.contains("entry 1 completed after its call was cancelled"),
        "{brief}"
    );
    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    assert!(
        story.contains("completed after its call was cancelled"),
        "{story}"
    );
    let page = env.run(&["voyage", "page", &voyage]).ok().stdout.clone();
    assert!(
        page.contains("completed after its call was cancelled"),
        "{page}"
    );
    env.assert_sound(&voyage);
}
