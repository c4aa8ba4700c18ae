//! Issue 19 §2 and §3: settling an interrupted steer never races a retry and
//! never claims what the attempt did not do, whatever GitHub's clock says;
//! `voyage end` never strands an interrupted steer; a request id names one
//! whole request. Each test drives the real binary against the local GitHub.

mod claims;
mod clocks;
mod contract;
mod dry_runs;
mod entries;
mod failures;
mod labels;
mod races;
mod reopen;
mod replays;
mod threads;

use serde_json::Value;

use crate::support::env::{Run, TestEnv, count};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::{github_voyage, sorted_requests};

const REPO: &str = "acme/widgets";

/// An action's arguments as owned strings, for a case table.
fn words(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

/// A GitHub whose clock runs `offset` seconds away from this machine's, and
/// a voyage with one observation on its slate.
fn sea(offset: i64) -> (FakeGitHub, TestEnv, String) {
    let (env, gh, voyage) = github_voyage(REPO, "settling");
    gh.set_clock_offset(offset);
    env.write("a.txt", "context");
    env.run(&["observe", "file-contents", "a.txt"]).ok();
    (gh, env, voyage)
}

/// `helm steer --json [--request-id ID] ACTION...`.
fn steer(env: &TestEnv, request_id: Option<&str>, action: &[&str]) -> Run {
    env.run(&steer_args(request_id, action))
}

/// `steer --json` as `agent`, with `--request-id ID` when given, then `action`.
pub(crate) fn steer_args<'a>(request_id: Option<&'a str>, action: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "steer",
        "--as",
        "agent",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "--json",
    ];
    if let Some(id) = request_id {
        args.extend(["--request-id", id]);
    }
    args.extend_from_slice(action);
    args
}

/// The next `method` request to a path containing `path` answers 502
/// without GitHub acting: the outcome is unknown to helm.
fn lost_before_acting(gh: &FakeGitHub, method: &str, path: &str) {
    gh.inject(Fault::new(
        method,
        path,
        502,
        serde_json::json!({"message": "Server Error"}),
    ));
}

/// Runs a steer whose outcome stays unknown, and checks helm kept its record.
fn interrupted_steer(env: &TestEnv, request_id: Option<&str>, action: &[&str]) -> String {
    let error = steer(env, request_id, action).error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("may have acted"), "{error}");
    let listed = interrupted(env);
    let last = listed.last().expect("an interrupted steer");
    last["requestId"].as_str().unwrap().to_string()
}

fn interrupted(env: &TestEnv) -> Vec<Value> {
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    listed["interrupted"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// `PRAGMA integrity_check` and `helm voyage verify` both hold.
fn consistent(env: &TestEnv, voyage: &str) {
    let integrity: String = env
        .sqlite(voyage)
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    let verified = env.run(&["voyage", "verify", voyage, "--json"]).json();
    assert_eq!(verified["ok"], true, "{verified}");
}

fn logbook(env: &TestEnv, voyage: &str) -> i64 {
    count(&env.sqlite(voyage), "logbook")
}
