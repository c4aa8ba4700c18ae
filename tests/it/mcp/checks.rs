//! `observe` of `github-checks` through `helm mcp`: the target from the same
//! arguments as the command line, and progress while the job log streams.

use serde_json::json;

use super::Session;
use crate::support::fake_github::JobLog;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn github_checks_reports_progress_while_its_log_streams() {
    let (env, gh, voyage) = github_voyage(REPO, "Why is CI red");
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let sha = gh.head_sha(REPO, pr);
    let log = JobLog::big(8 * 1024 * 1024, "boom\n");
    gh.add_actions_job(
        REPO,
        &sha,
        "test",
        Some("failure"),
        &[("cargo test", "failure")],
        log,
    );
    let session = Session::start(&env);
    let target = json!({"kind": "github-checks", "pr": pr, "logs": "failed", "tail": 2});
    let (document, progress) =
        session.ok_with_progress("observe", json!({"voyage": voyage, "target": target}));
    let run = &document["payload"]["checks"]["checkRuns"][0];
    assert_eq!(run["job"]["log"]["tail"][1], "boom", "{document}");
    assert_eq!(document["target"]["tail"], 2);
    assert!(!progress.is_empty(), "no progress notification");
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert!(
        values.windows(2).all(|w| w[0] < w[1]),
        "progress must increase: {values:?}"
    );
    assert!(
        *values.last().unwrap() >= (8 * 1024 * 1024) as f64,
        "the log's bytes are counted: {values:?}"
    );
    assert!(gh.storage_requests().iter().all(|(_, auth)| auth.is_none()));
}
