//! GitHub end to end: the real binary against a local, stateful GitHub that
//! checks every request against GitHub's OpenAPI description.

mod actions;
mod bounded;
mod checks;
mod checks_parts;
mod deadlines;
mod faults;
mod flow;
mod hostile;
mod labels;
pub(crate) mod lockdown;
mod looks;
mod merged;
mod payloads;
mod reopen;
mod secrets;
mod standing;
mod thread_actions;
mod threads;

use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

pub const REPO: &str = "acme/widgets";

/// A test environment pointed at a fresh fake GitHub, with a voyage.
pub fn setup() -> (TestEnv, FakeGitHub, String) {
    github_voyage(REPO, "Advance #42: fix widget crash")
}

/// `helm steer` with full provenance, `--json`, and `action` after it.
pub fn steer(env: &TestEnv, summary: &str, action: &[&str]) -> crate::support::env::Run {
    let mut args = vec![
        "steer",
        "--as",
        "claude-7",
        "--role",
        "coder",
        "--method",
        "sonnet 4-6",
        "--summary",
        summary,
        "--json",
    ];
    args.extend_from_slice(action);
    env.run(&args)
}

pub fn no_violations(gh: &FakeGitHub) {
    let violations = gh.violations();
    assert!(
        violations.is_empty(),
        "requests that break GitHub's description: {violations:#?}"
    );
}
