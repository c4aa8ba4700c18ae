//! CI as any Forgejo lists it: the runs of a head page by page, and a job's
//! log as any Forgejo serves it: plain text, with escapes and
//! carriage returns, lines of any length, and of any size. Its tail is kept
//! as the core keeps a GitHub log's (each line bounded, `\r\n` ended, a cut
//! line marked), and a log helm cannot read whole costs that job its log,
//! never the look. Runs a server's page cut off are read, or said cut.

use helm_forge::{ChecksOf, LogsWanted};
use serde_json::Value;

use super::support::{REPO, World};

const ALL: LogsWanted = LogsWanted {
    failed_only: false,
    none: false,
    tail: 3,
};

fn job(w: &World, log: &str) -> Value {
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    w.fake.forgejo().set_status(REPO, n, "ci", "failure", log);
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), ALL));
    let checks = checks.unwrap_or_else(|e| panic!("the look failed: {}", e.error));
    checks["checkRuns"][0]["job"].clone()
}

#[test]
fn a_logs_lines_are_kept_bounded_as_the_cores_github_tails_are() {
    let w = World::new();
    let long = "x".repeat(10_000);
    let log = format!("start\r\n\x1b[31merror\x1b[0m: boom\r\n{long}\r\nend");
    let job = job(&w, &log);
    let log = &job["log"];
    let tail: Vec<&str> = log["tail"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(tail[0], "\u{1b}[31merror\u{1b}[0m: boom");
    assert!(
        tail[1].len() < 4200 && tail[1].ends_with('…'),
        "{}",
        tail[1].len()
    );
    assert_eq!(tail[2], "end");
    assert_eq!(log["linesCut"], true);
    assert_eq!(log["lines"], 4);
    w.no_violations();
}

#[test]
fn a_log_too_large_to_read_costs_its_job_the_log_not_the_look() {
    let w = World::new();
    let line = format!("{}\n", "y".repeat(1023));
    let log = line.repeat(33 * 1024);
    let job = job(&w, &log);
    assert!(job.get("log").is_none(), "{job}");
    let unavailable = &job["logUnavailable"];
    assert_eq!(unavailable["reason"], "unreadable", "{job}");
    w.no_violations();
}

#[test]
fn runs_beyond_a_page_the_server_cut_are_read_or_said_cut() {
    let w = World::new();
    w.fake.forgejo().max_response_items(2);
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    w.fake
        .forgejo()
        .set_status(REPO, n, "lint", "failure", "bad");
    w.fake
        .forgejo()
        .set_status(REPO, n, "test", "success", "ok");
    w.fake
        .forgejo()
        .set_status(REPO, n, "docs", "success", "ok");
    let none = LogsWanted { none: true, ..ALL };
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), none)).unwrap();
    let read = checks["checkRuns"].as_array().unwrap().len();
    let cut = checks.get("checkRunsTruncated") == Some(&Value::Bool(true));
    assert!(read == 3 || cut, "{checks}");
    assert_eq!(read, 3, "{checks}");
    w.no_violations();
}

#[test]
fn a_server_that_lists_runs_but_not_their_jobs_says_so_rather_than_failing_the_look() {
    let w = World::new();
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    w.fake
        .forgejo()
        .set_status(REPO, n, "test", "failure", "bad");
    let body =
        serde_json::json!({ "message": "The target couldn't be found.", "url": "/api/swagger" });
    let mut gone = fake_github::Fault::new("GET", "/jobs", 404, body);
    gone.times = None;
    w.fake.inject(gone);
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), ALL));
    let checks = checks.unwrap_or_else(|e| panic!("the look failed: {}", e.error));
    assert_eq!(
        checks["checkRunsUnavailable"]["reason"], "not-found",
        "{checks}"
    );
    assert_eq!(
        checks["combinedState"], "failure",
        "the statuses still tell"
    );
    w.no_violations();
}

#[test]
fn a_server_that_refuses_its_runs_listing_says_so_and_still_tells_the_statuses() {
    let w = World::new();
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    w.fake
        .forgejo()
        .set_status(REPO, n, "test", "failure", "bad");
    let body = serde_json::json!({ "message": "user should have specific read permission", "url": "/api/swagger" });
    w.fake
        .inject(fake_github::Fault::new("GET", "/actions/runs", 403, body));
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), ALL));
    let checks = checks.unwrap_or_else(|e| panic!("the look failed: {}", e.error));
    let unavailable = &checks["checkRunsUnavailable"];
    assert_eq!(unavailable["reason"], "refused", "{checks}");
    assert_eq!(unavailable["status"], 403, "{checks}");
    assert_eq!(checks["combinedState"], "failure");
    w.no_violations();
}
