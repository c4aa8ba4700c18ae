//! Issue 29, item 7: every network read has one deadline for the whole
//! request, `HELM_GITHUB_TIMEOUT`, whatever the host. A server dripping a
//! byte every second never trips a per-read timeout; with a 2 s deadline
//! the look fails with a timeout error that names the host and the
//! setting. The 20 s guard only catches a hang; no assertion is on speed.

use std::time::Duration;

use serde_json::Value;

use super::hostile::{Answer, run_guarded, serve};
use super::{REPO, setup};
use crate::support::env::TestEnv;
use crate::support::fake_github::JobLog;

const GUARD: Duration = Duration::from_secs(20);

fn error_of(output: &std::process::Output) -> Value {
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    serde_json::from_slice(&output.stderr).unwrap_or_else(|_| {
        panic!(
            "stderr is one JSON error: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn a_dripping_log_storage_host_fails_the_look_at_helm_github_timeout() {
    let (mut env, gh, _) = setup();
    env.set("HELM_GITHUB_TIMEOUT", "2");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    let drip = JobLog::Drip {
        bytes: 1000,
        every: Duration::from_secs(1),
    };
    gh.add_actions_job(REPO, &sha, "ci / test", Some("failure"), &[], drip);
    let pr = pr.to_string();
    let args = ["observe", "github-checks", "--pr", &pr, "--json"];
    let error = error_of(&run_guarded(&env, &args, GUARD));
    assert_eq!(error["error"]["kind"], "github", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("log storage host")
            && message.contains("within 2 s (HELM_GITHUB_TIMEOUT)"),
        "{message}"
    );
    let hint = error["error"]["hint"].as_str().unwrap_or_default();
    assert!(!hint.contains("token"), "{hint}");
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert!(slate["slate"].as_array().unwrap().is_empty(), "{slate}");
}

#[test]
fn a_dripping_api_host_fails_the_look_at_helm_github_timeout() {
    let url = serve(Answer::Drip {
        bytes: 1000,
        every: Duration::from_secs(1),
    });
    let mut env = TestEnv::new();
    env.set("HELM_GITHUB_API_URL", &url)
        .set("GH_TOKEN", "ghp_hostile")
        .set("GH_REPO", REPO)
        .set("HELM_GITHUB_TIMEOUT", "2");
    let voyage = env.new_voyage("A dripping server");
    env.set("HELM_VOYAGE", &voyage);
    let args = ["observe", "github-issue", "1", "--json"];
    let error = error_of(&run_guarded(&env, &args, GUARD));
    assert_eq!(error["error"]["kind"], "github", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("GitHub gave no whole answer within 2 s (HELM_GITHUB_TIMEOUT)"),
        "{message}"
    );
}
