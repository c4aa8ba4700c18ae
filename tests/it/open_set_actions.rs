//! The steer actions are an open set: every action helm lists
//! (`helm_core::actions::ActionKind::ALL`, never typed again here) must come with
//! what the compiler cannot ask of it. Each test names the actions that
//! lack their part:
//! - an entry in the steer tool's input schema (`helm mcp`, `tools/list`);
//! - a settle case: its request, sent to the local GitHub, is one GitHub's
//!   REST description documents and the fake routes, and when its answer
//!   is lost a retry with the same request id records the effect found on
//!   GitHub instead of acting again, or, for an action whose effect GitHub
//!   leaves no trace of (who unresolved a review thread), is refused as
//!   `unknown-outcome` with the attempt kept, never acting again;
//! - an example in docs/json.md (`"steer": "<name>"`).

use serde_json::Value;

use crate::mcp::Session;
use crate::settling::steer_args;
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault};
use helm_core::ActionKind;

const REPO: &str = "acme/widgets";

fn names() -> Vec<&'static str> {
    ActionKind::ALL.iter().map(|kind| kind.as_str()).collect()
}

#[test]
fn every_action_is_in_the_steer_tools_schema() {
    let env = TestEnv::new();
    let tools = Session::start(&env).tools();
    let steer = tools
        .iter()
        .find(|t| t.name == "steer")
        .expect("a steer tool");
    let schema = Value::Object(steer.input_schema.as_ref().clone());
    let offered: Vec<&str> = schema["$defs"]["ActionSpec"]["oneOf"]
        .as_array()
        .expect("the actions' schemas")
        .iter()
        .filter_map(|v| v["properties"]["kind"]["const"].as_str())
        .collect();
    let missing: Vec<&str> = names()
        .into_iter()
        .filter(|name| !offered.contains(name))
        .collect();
    assert!(missing.is_empty(), "not in the MCP schema: {missing:?}");
}

#[test]
fn every_action_has_an_example_in_the_json_docs() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let missing: Vec<&str> = names()
        .into_iter()
        .filter(|name| !docs.contains(&format!("\"steer\": \"{name}\"")))
        .collect();
    assert!(missing.is_empty(), "no docs/json.md example: {missing:?}");
}

/// How one action is exercised: the write whose answer is lost (method, a
/// part of its path and, for GraphQL, where queries share the path, a part
/// of its body) and the action's arguments.
struct Case {
    method: &'static str,
    path: String,
    body: Option<&'static str>,
    action: Vec<String>,
}

/// The settle case of the action `name`, set up on `gh`; `None` when there
/// is none yet.
fn case(name: &str, gh: &FakeGitHub) -> Option<Case> {
    let issue = || gh.add_issue(REPO, "Crash", "It crashes.");
    let pr = || gh.add_pr(REPO, "Fix", "fix", "main");
    let words = |text: &str| -> Vec<String> { text.split(' ').map(String::from).collect() };
    let case = |method, path: String, action: Vec<String>| {
        Some(Case {
            method,
            path,
            body: None,
            action,
        })
    };
    let mutation = |name: &'static str, resolved: bool| {
        let n = pr();
        let root = gh.add_review_comment(REPO, n, "src/lib.rs", 1, "Why?");
        if resolved {
            gh.resolve_thread(REPO, root);
        }
        Some(Case {
            method: "POST",
            path: "/graphql".into(),
            body: Some(if resolved {
                "unresolveReviewThread"
            } else {
                "resolveReviewThread"
            }),
            action: words(&format!("{name} --pr {n} --thread PRRT_{root}")),
        })
    };
    match name {
        "comment" => {
            let n = issue();
            let action = words(&format!("comment --issue {n} --body Looking"));
            case("POST", format!("/issues/{n}/comments"), action)
        }
        "create-issue" => case("POST", "/issues".into(), words("create-issue --title Leak")),
        "edit-issue" => {
            let n = issue();
            let action = words(&format!("edit-issue --issue {n} --title Renamed"));
            case("PATCH", format!("/issues/{n}"), action)
        }
        "close-issue" => {
            let n = issue();
            let action = words(&format!("close-issue --issue {n}"));
            case("PATCH", format!("/issues/{n}"), action)
        }
        "reopen-issue" => {
            let n = issue();
            gh.close_issue(REPO, n);
            let action = words(&format!("reopen-issue --issue {n}"));
            case("PATCH", format!("/issues/{n}"), action)
        }
        "create-pr" => {
            let action = words("create-pr --title Feature --head feature --base main");
            case("POST", "/pulls".into(), action)
        }
        "edit-pr" => {
            let n = pr();
            let action = words(&format!("edit-pr --pr {n} --title Renamed"));
            case("PATCH", format!("/pulls/{n}"), action)
        }
        "close-pr" => {
            let n = pr();
            case(
                "PATCH",
                format!("/pulls/{n}"),
                words(&format!("close-pr --pr {n}")),
            )
        }
        "request-review" => {
            let n = pr();
            let action = words(&format!("request-review --pr {n} --reviewer alice"));
            case("POST", "/requested_reviewers".into(), action)
        }
        "reply-inline" => {
            let n = pr();
            let thread = gh.add_review_comment(REPO, n, "src/lib.rs", 1, "Why?");
            let action = words(&format!(
                "reply-inline --pr {n} --comment-id {thread} --body Because"
            ));
            case("POST", "/replies".into(), action)
        }
        "merge-pr" => {
            let n = pr();
            case(
                "PUT",
                format!("/pulls/{n}/merge"),
                words(&format!("merge-pr --pr {n} --override unobserved")),
            )
        }
        "label" => {
            let n = issue();
            let action = words(&format!("label --issue {n} --add bug"));
            case("POST", format!("/issues/{n}/labels"), action)
        }
        "resolve-thread" => mutation("resolve-thread", false),
        "unresolve-thread" => mutation("unresolve-thread", true),
        _ => None,
    }
}

/// The actions whose effect GitHub shows no trace of by whom: after a
/// lost answer, a retry cannot tell and must refuse.
const UNTRACEABLE: [&str; 1] = ["unresolve-thread"];

/// What went wrong with one action's settle case, if anything.
fn settles(name: &str) -> Option<String> {
    let gh = FakeGitHub::start();
    gh.allow_reviewers(&["alice"]);
    let mut env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("open set");
    env.set("HELM_VOYAGE", &voyage);
    let Some(case) = case(name, &gh) else {
        return Some("no settle case".into());
    };
    let action: Vec<&str> = case.action.iter().map(String::as_str).collect();
    let id = format!("{name}-1");
    let mut fault = Fault::drop_after_acting(case.method, &case.path);
    if let Some(body) = case.body {
        fault = fault.when_body_contains(body);
    }
    gh.inject(fault);
    let lost = env.run(&steer_args(Some(&id), &action));
    let error = lost.error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    if !message.contains("may have acted") {
        return Some(format!("the lost answer was not taken as unknown: {error}"));
    }
    let retry = env.run(&steer_args(Some(&id), &action));
    if UNTRACEABLE.contains(&name) {
        let error = retry.error_json();
        if error["error"]["kind"] != "unknown-outcome" {
            return Some(format!("the retry was not refused as unknown: {error}"));
        }
    } else {
        let retry = retry.json();
        let recorded = &retry["action"];
        if recorded["steer"] != name || recorded["settled"] != "found-on-github" {
            return Some(format!(
                "the retry did not record the effect found: {retry}"
            ));
        }
    }
    let writes = gh.writes();
    let sent: Vec<String> = writes
        .iter()
        .map(|w| format!("{} {}", w.method, w.path_and_query))
        .collect();
    if writes.len() != 1 || writes[0].method != case.method {
        return Some(format!("expected its one write, sent once: {sent:?}"));
    }
    let violations = gh.violations();
    if !violations.is_empty() {
        return Some(format!("breaks GitHub's description: {violations:?}"));
    }
    None
}

#[test]
fn every_action_sends_a_documented_request_and_settles_a_lost_answer() {
    let failures: Vec<String> = names()
        .into_iter()
        .filter_map(|name| settles(name).map(|why| format!("{name}: {why}")))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}
