//! Propose, then approve (issue 42), through the binary against the fake
//! GitHub with two tokens: the agent's, which proposes and must send no
//! write, and the approver's, which sends exactly the proposed one.

mod approving;
mod cost;
mod mcp;
mod once;
mod refusals;

use serde_json::Value;

use crate::support::env::{Run, TestEnv};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

pub(crate) const REPO: &str = "acme/widgets";
/// The approver's token; the agent's is the fake's own.
pub(crate) const APPROVER_TOKEN: &str = "ghp_approver0000000000000000000000000000";

/// A voyage on the fake GitHub whose second token is the approver's.
pub(crate) fn setup() -> (TestEnv, FakeGitHub, String) {
    let (env, gh, voyage) = github_voyage(REPO, "Ship the widget fix");
    gh.accept_token(APPROVER_TOKEN);
    (env, gh, voyage)
}

/// `steer --propose` as the agent, with `action`, in JSON.
pub(crate) fn propose(env: &TestEnv, action: &[&str]) -> Run {
    let mut args = vec![
        "steer",
        "--propose",
        "--as",
        "agent-1",
        "--role",
        "coder",
        "--method",
        "claude",
        "--summary",
        "ready to go",
        "--json",
    ];
    args.extend_from_slice(action);
    env.run(&args)
}

/// The arguments of `approve ENTRY` as `who`, in JSON.
pub(crate) fn approve_args<'a>(who: &'a str, entry: &'a str) -> Vec<&'a str> {
    vec![
        "approve",
        entry,
        "--as",
        who,
        "--role",
        "maintainer",
        "--method",
        "human",
        "--summary",
        "read it, fine",
        "--json",
    ]
}

/// `approve ENTRY` as `who` with the approver's token, in JSON.
pub(crate) fn approve(env: &TestEnv, who: &str, entry: i64, extra: &[&str]) -> Run {
    let entry = entry.to_string();
    let mut args = approve_args(who, &entry);
    args.extend_from_slice(extra);
    let mut command = env.command(&args);
    command.env("GH_TOKEN", APPROVER_TOKEN);
    let output = command.output().expect("helm runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The entry number a JSON run printed.
pub(crate) fn entry_of(run: &Run) -> i64 {
    let json: Value = run.json();
    json["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no entry in {json}"))
}
