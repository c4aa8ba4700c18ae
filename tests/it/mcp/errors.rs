//! Failures over MCP are tool errors carrying `{"error": {kind, message,
//! hint}}`, and leave nothing recorded.

use serde_json::json;

use super::{Session, who, with};
use crate::support::env::{TestEnv, count};
use crate::support::fake_github::FakeGitHub;

const REPO: &str = "acme/widgets";

#[test]
fn missing_provenance_names_every_field_missing_and_records_nothing() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Provenance");
    env.write("a.txt", "a");
    let session = Session::start(&env);
    let target = json!({"kind": "file-contents", "paths": ["a.txt"]});
    session.ok("observe", json!({"voyage": voyage, "target": target}));

    let error = session.err(
        "log",
        json!({"voyage": voyage, "as": "claude-7", "summary": "  ", "state": "waiting"}),
    );
    assert_eq!(error["kind"], "usage");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains("missing role, method, summary"),
        "{message}"
    );
    assert!(error["hint"].as_str().is_some());

    let error = session.err(
        "steer",
        json!({"voyage": voyage, "action": {"kind": "close-pr", "pr": 1}}),
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("missing as, role, method, summary")
    );
    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 0);
    assert_eq!(count(&db, "slate"), 1);
}

#[test]
fn a_bad_voyage_is_named() {
    let env = TestEnv::new();
    let session = Session::start(&env);
    let error = session.err("voyage_show", json!({"voyage": "deadbeef"}));
    assert_eq!(error["kind"], "not-found");
    assert!(error["message"].as_str().unwrap().contains("deadbeef"));
    // The CLI's error document, its words rendered as MCP's: the same
    // kind and message, the hint naming the tool and argument to use.
    let cli = env
        .run(&["voyage", "show", "deadbeef", "--json"])
        .error_json();
    assert_eq!(error["kind"], cli["error"]["kind"]);
    assert_eq!(error["message"], cli["error"]["message"]);
    assert_eq!(
        cli["error"]["hint"],
        "run `helm voyage list --all` to see every voyage"
    );
    assert_eq!(
        error["hint"],
        "run `voyage_list` with `all` to see every voyage"
    );

    let error = session.err("slate_list", json!({}));
    assert_eq!(error["kind"], "usage");
    assert!(error["hint"].as_str().unwrap().contains("HELM_VOYAGE"));
}

#[test]
fn bad_arguments_are_tool_errors_not_protocol_failures() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Arguments");
    let session = Session::start(&env);
    let error = session.err(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "file-contents", "path": "x"}}),
    );
    assert_eq!(error["kind"], "usage");
    assert!(error["message"].as_str().unwrap().contains("observe"));
    let error = session.err("voyage_list", json!({"all": true, "ended": true}));
    assert_eq!(error["kind"], "usage");
    let error = session.err("voyage_new", json!({"intent": "x", "colour": "red"}));
    assert!(error["message"].as_str().unwrap().contains("colour"));
    // An unknown field next to the provenance is refused as well.
    let error = session.err(
        "log",
        with(
            "s",
            json!({"voyage": voyage, "state": "ready", "sate": "x"}),
        ),
    );
    assert!(error["message"].as_str().unwrap().contains("sate"));
    // The server's stdin is the protocol: no body is read from it.
    let mut args = who("s");
    args.insert("voyage".into(), voyage.clone().into());
    args.insert(
        "action".into(),
        json!({"kind": "comment", "issue": 1, "bodyFile": "-"}),
    );
    let error = session.err("steer", args.into());
    assert!(error["message"].as_str().unwrap().contains("stdin"));
    // A missing body: the arguments to pass, as the tool names them.
    let mut args = who("s");
    args.insert("voyage".into(), voyage.clone().into());
    args.insert("action".into(), json!({"kind": "comment", "issue": 1}));
    let error = session.err("steer", args.into());
    assert_eq!(
        error["hint"], "pass `body` TEXT or `bodyFile` PATH",
        "{error}"
    );
    // The session is still serving.
    session.ok("voyage_show", json!({"voyage": voyage}));
}

#[test]
fn a_github_refusal_records_nothing_and_keeps_the_slate() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Refused");
    let issue = gh.add_issue(REPO, "Bug", "body");
    let session = Session::start(&env);
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue}}),
    );
    gh.fail_next(
        "POST",
        "/comments",
        403,
        json!({"message": "Resource not accessible by integration"}),
    );
    let error = session.err(
        "steer",
        with(
            "plan",
            json!({"voyage": voyage, "action": {"kind": "comment", "issue": issue, "body": "Plan"}}),
        ),
    );
    assert_eq!(error["kind"], "github");
    // GitHub's answer is `githubStatus`, never another forge's facts.
    assert_eq!(error["githubStatus"], 403, "{error}");
    assert!(error.get("forge").is_none(), "{error}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains("403"), "{message}");
    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 0);
    assert_eq!(count(&db, "slate"), 1);
    assert_eq!(gh.comments(REPO, issue).len(), 0);
}

/// A target named inside a message keeps its flags as references: MCP
/// names the argument (`focus`), the command line the flag (`--focus`).
#[test]
fn a_target_named_in_a_github_error_speaks_each_front_ends_words() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Missing");
    let session = Session::start(&env);
    let error = session.err(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": 999, "focus": ["summary"]}}),
    );
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains("github-pr acme/widgets#999 `focus` summary"),
        "{message}"
    );
    assert!(!message.contains("--"), "{message}");
    let cli = env.run(&[
        "observe",
        "-V",
        &voyage,
        "github-pr",
        "999",
        "--focus",
        "summary",
    ]);
    let said = cli.fails(1);
    assert!(
        said.contains("github-pr acme/widgets#999 --focus summary"),
        "{said}"
    );
}
