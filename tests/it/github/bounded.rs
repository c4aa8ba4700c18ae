//! Issue 29, item 6: a body from any server is capped while it is read,
//! never collected whole and cut afterwards. The log storage host's 500 with
//! a 256 MiB body, the API host's 500 with one, and a 256 MiB "success" from
//! the API host are each met by a helm whose address space is limited to
//! less than the body (`RLIMIT_AS`): it answers cleanly instead of aborting.

use serde_json::Value;

use super::hostile::{Answer, run_limited, serve};
use super::{REPO, no_violations, setup};
use crate::support::env::TestEnv;
use crate::support::fake_github::JobLog;

const MIB: u64 = 1024 * 1024;
const HUGE: u64 = 256 * MIB;

/// Helm's whole address space for a look of a refusal: far less than the
/// body, far more than the look needs (it runs within 64 MiB).
const REFUSAL_LIMIT: u64 = 160 * MIB;

/// Stdout as one JSON document, after a clean success.
fn document(output: &std::process::Output) -> Value {
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Stderr as one JSON error, after a clean failure (exit 1, not an abort).
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
fn a_storage_refusal_with_a_256_mib_body_is_read_within_a_memory_limit() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    let log = JobLog::Refused {
        status: 500,
        bytes: HUGE,
    };
    let steps = [("cargo test", "failure")];
    gh.add_actions_job(REPO, &sha, "ci / test", Some("failure"), &steps, log);
    let pr = pr.to_string();
    let args = ["observe", "github-checks", "--pr", &pr, "--json"];
    let doc = document(&run_limited(&env, &args, REFUSAL_LIMIT));
    // The look keeps the rest, and says why the log is missing.
    let runs = doc["payload"]["checks"]["checkRuns"].as_array().unwrap();
    let gap = &runs[0]["job"]["logUnavailable"];
    assert_eq!(gap["reason"], "refused", "{gap}");
    assert_eq!(gap["status"], 500, "{gap}");
    assert_eq!(runs[0]["job"]["steps"][0]["name"], "cargo test");
    assert!(gh.storage_requests().iter().all(|(_, auth)| auth.is_none()));
    no_violations(&gh);
}

/// An environment whose GitHub is the hostile server answering `answer`.
fn pointed_at(answer: Answer) -> TestEnv {
    let mut env = TestEnv::new();
    env.set("HELM_GITHUB_API_URL", &serve(answer))
        .set("GH_TOKEN", "ghp_hostile")
        .set("GH_REPO", REPO)
        .set("HELM_GITHUB_TIMEOUT", "30");
    let voyage = env.new_voyage("Hostile servers");
    env.set("HELM_VOYAGE", &voyage);
    env
}

const LOOK: [&str; 5] = ["observe", "github-checks", "--ref", "main", "--json"];

#[test]
fn an_api_refusal_with_a_256_mib_body_is_read_within_a_memory_limit() {
    let env = pointed_at(Answer::Huge {
        status: 500,
        bytes: HUGE,
    });
    let error = error_of(&run_limited(&env, &LOOK, REFUSAL_LIMIT));
    assert_eq!(error["error"]["kind"], "github", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("500"), "{message}");
}

#[test]
fn a_256_mib_success_from_the_api_is_refused_as_too_large_within_a_memory_limit() {
    let env = pointed_at(Answer::Huge {
        status: 200,
        bytes: HUGE,
    });
    // The 32 MiB helm holds of one answer, and room to grow it.
    let error = error_of(&run_limited(&env, &LOOK, 192 * MIB));
    assert_eq!(error["error"]["kind"], "github", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("larger than the 32 MiB"), "{message}");
}
