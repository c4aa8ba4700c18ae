//! One call for each error kind an agent meets (issue 31 §2): the same
//! calls go through rmcp's client here and through the official TypeScript
//! SDK's in `sdk.rs`, and each must reach the caller as a tool error with
//! helm's kind, message and (where helm gives one) hint.

use serde_json::{Value, json};

use super::{Session, with};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault};

const REPO: &str = "acme/widgets";

/// The calls, each with the kind it must fail with and whether helm gives
/// a hint for it; and the environment they run in, with its fake GitHub.
pub struct Scenario {
    pub gh: FakeGitHub,
    pub env: TestEnv,
    pub calls: Vec<(&'static str, Value, &'static str, bool)>,
}

impl Scenario {
    pub fn new() -> Scenario {
        let gh = FakeGitHub::start();
        let mut env = TestEnv::for_github(&gh, REPO);
        env.set("HELM_GITHUB_TIMEOUT", "2");
        let voyage = env.new_voyage("Errors a host shows");
        let ended = env.new_voyage("Ended");
        env.run(&["voyage", "end", &ended]).ok();
        let issue = gh.add_issue(REPO, "Bug", "body");
        let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
        env.run(&["observe", "-V", &voyage, "github-issue", &issue.to_string()])
            .ok();
        gh.add_issue_comment(REPO, issue, "bob", "wait, don't do that");
        gh.fail_next(
            "POST",
            "/labels",
            422,
            json!({"message": "Validation Failed", "errors": [{"code": "invalid"}]}),
        );
        gh.inject(Fault::drop_after_acting("POST", "/comments"));
        // Two voyages made in a row share their first characters (UUIDv7).
        let prefix: String = voyage.chars().take(4).collect();
        let steer = |v: &str, summary: &str, extra: Value| {
            let mut args = with(summary, json!({"voyage": v}));
            if let (Value::Object(args), Value::Object(extra)) = (&mut args, extra) {
                args.extend(extra);
            }
            args
        };
        let other = env.new_voyage("Conflicts");
        let calls = vec![
            // An argument the tool does not take; provenance missing.
            (
                "voyage_new",
                json!({"intent": "x", "colour": "red"}),
                "usage",
                true,
            ),
            (
                "log",
                json!({"voyage": voyage, "state": "waiting"}),
                "usage",
                true,
            ),
            // A voyage, and a pull request GitHub does not have (404).
            (
                "voyage_show",
                json!({"voyage": "deadbeef"}),
                "not-found",
                true,
            ),
            (
                "observe",
                json!({"voyage": voyage, "target": {"kind": "github-pr", "number": 999}}),
                "not-found",
                false,
            ),
            ("voyage_show", json!({"voyage": prefix}), "ambiguous", true),
            // The issue changed since it was observed.
            (
                "steer",
                steer(
                    &voyage,
                    "plan",
                    json!({"action": {"kind": "comment", "issue": issue, "body": "Plan"}}),
                ),
                "stale",
                true,
            ),
            // A merge with nothing observed of the PR's checks and reviews.
            (
                "steer",
                steer(
                    &voyage,
                    "merge",
                    json!({"action": {"kind": "merge-pr", "pr": pr}}),
                ),
                "not-ready",
                true,
            ),
            // GitHub refuses the request (422).
            (
                "steer",
                steer(
                    &voyage,
                    "label",
                    json!({"action": {"kind": "label", "pr": pr, "add": ["bug"]}}),
                ),
                "github",
                false,
            ),
            // GitHub acted, but its answer was lost: a GitHub error whose
            // hint says how to settle it.
            (
                "steer",
                steer(
                    &other,
                    "ask",
                    json!({"requestId": "r-1", "action": {"kind": "comment", "issue": issue, "body": "Ask"}}),
                ),
                "github",
                true,
            ),
            // The same requestId for another action.
            (
                "steer",
                steer(
                    &other,
                    "ask",
                    json!({"requestId": "r-1", "action": {"kind": "comment", "issue": issue, "body": "Other"}}),
                ),
                "conflict",
                true,
            ),
            (
                "log",
                with("late", json!({"voyage": ended, "state": "waiting"})),
                "voyage-ended",
                true,
            ),
        ];
        Scenario { gh, env, calls }
    }
}

/// Checks one error as a client showed it: its kind, a message, a hint
/// where helm gives one, all in MCP's words.
pub fn check(tool: &str, error: &Value, kind: &str, hinted: bool) {
    assert_eq!(error["kind"], kind, "{tool}: {error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(!message.is_empty(), "{tool}: no message: {error}");
    super::assert_speaks_mcp("an error a client showed", message);
    if hinted {
        let hint = error["hint"].as_str().unwrap_or_default();
        assert!(!hint.is_empty(), "{tool} ({kind}): no hint: {error}");
        super::assert_speaks_mcp("a hint a client showed", hint);
    }
}

#[test]
fn rmcps_client_gets_every_error_kind_with_its_message_and_hint() {
    let scenario = Scenario::new();
    let session = Session::start(&scenario.env);
    for (tool, args, kind, hinted) in &scenario.calls {
        let error = session.err(tool, args.clone());
        check(tool, &error, kind, *hinted);
    }
    assert_eq!(
        scenario.gh.comments(REPO, 1).len(),
        2,
        "one comment acted, once"
    );
}
