//! Summaries that never hide a failing check (issue 31 §4), as an agent
//! reads them through MCP alone: a pull request whose check run passed
//! while its commit status failed says both, and the combined state;
//! `github-checks` says why a failing status has no log. The same line is
//! `observe --json`'s `digest` and the story's.

use serde_json::json;

use super::Session;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn a_failing_status_beside_a_green_run_is_said_everywhere() {
    let (env, gh, voyage) = github_voyage(REPO, "Read CI truthfully");
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "test", "completed", Some("success"));
    gh.add_status(REPO, &sha, "lint", "failure");
    gh.add_review(REPO, pr, "carol", "CHANGES_REQUESTED", "Not yet.");
    let session = Session::start(&env);
    let observed = session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": pr}}),
    );
    let digest = observed["digest"].as_str().unwrap_or_default();
    assert!(
        digest.contains("checks: 1 passed · statuses: 1 failing (lint) · combined: failure"),
        "{digest}"
    );
    assert!(
        digest.contains("reviews: carol changes requested"),
        "{digest}"
    );
    let cli = env
        .run(&["observe", "github-pr", &pr.to_string(), "--json"])
        .ok()
        .json();
    assert_eq!(cli["digest"], observed["digest"]);

    let checks = session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-checks", "pr": pr, "logs": "failed"}}),
    );
    let none = &checks["payload"]["checks"]["withoutLog"];
    assert_eq!(none[0]["name"], "lint", "{checks}");
    assert!(
        none[0]["why"]
            .as_str()
            .unwrap_or_default()
            .contains("a commit status: GitHub keeps no log for statuses"),
        "{checks}"
    );
    assert!(
        checks["digest"]
            .as_str()
            .unwrap_or_default()
            .contains("\"lint\" failure (no log: a commit status)"),
        "{checks}"
    );
}
