//! The outbound gate (issue 40): every string a steer sends to the forge
//! is checked once it is final (`gate`), and a dry run takes the steer's
//! own path up to the request and predicts what the steer then does
//! (`dry_run`).

mod dry_run;
mod gate;

use crate::support::env::{Run, TestEnv};

const REPO: &str = "acme/widgets";

/// A token the `github-pat` rule finds.
fn token() -> String {
    format!("ghp_{}", "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK")
}

/// `steer --json` as claude-7, `action` after.
fn steer(env: &TestEnv, action: &[&str]) -> Run {
    let mut args = vec![
        "steer",
        "--as",
        "claude-7",
        "--role",
        "coder",
        "--method",
        "sonnet 4-6",
        "--summary",
        "s",
        "--json",
    ];
    args.extend_from_slice(action);
    env.run(&args)
}

/// The error of a refused run: its kind and message (and exit code 1, or
/// 2 for a usage error), after checking that neither output shows `secret`.
fn refused(run: &Run, secret: &str) -> (String, String) {
    assert!(run.code == 1 || run.code == 2, "{run:?}");
    assert!(
        !run.stdout.contains(secret) && !run.stderr.contains(secret),
        "{run:?}"
    );
    let error = run.error_json();
    (
        error["error"]["kind"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        error["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    )
}
