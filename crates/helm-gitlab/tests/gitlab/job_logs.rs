//! A job's log as GitLab serves it (`GET …/jobs/:id/trace`, plain text
//! written for a terminal, of any size): its tail is the lines a person sees
//! on the job page, and a log larger than helm reads is said in the job's
//! part, never a failed look.

use helm_forge::{ChecksOf, LogsWanted};
use serde_json::json;

use crate::support::{Lab, PROJECT};

const LOGS: LogsWanted = LogsWanted {
    failed_only: true,
    none: false,
    tail: 4,
};

#[test]
fn a_log_tail_keeps_what_the_job_page_shows_not_escapes_or_progress_frames() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let log = "\u{1b}[0KRunning with gitlab-runner 17.0\n\
        \u{1b}[0Ksection_start:1700000000:step_script\r\u{1b}[0K\u{1b}[36;1mExecuting \"step_script\"\u{1b}[0;m\n\
        Downloading 10%\rDownloading 55%\rDownloading 100%\n\
        \u{1b}[31;1merror: it broke\u{1b}[0m\n\
        \u{1b}[0Ksection_end:1700000001:step_script\r\u{1b}[0K\n";
    gl.set_pipeline(PROJECT, iid, "failed", log);
    let checks = lab.run(lab.repo.checks(&ChecksOf::Pr(iid), LOGS)).unwrap();
    let log = &checks["checkRuns"][0]["job"]["log"];
    assert_eq!(
        log["tail"],
        json!([
            "Executing \"step_script\"",
            "Downloading 100%",
            "error: it broke"
        ])
    );
    assert_eq!(log["lines"], 5);
    lab.done();
}

#[test]
fn a_log_larger_than_helm_reads_is_unavailable_and_the_look_goes_on() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let line = "x".repeat(1023) + "\n";
    gl.set_pipeline(PROJECT, iid, "failed", &line.repeat(33 * 1024));
    let checks = lab.run(lab.repo.checks(&ChecksOf::Pr(iid), LOGS));
    let checks = checks.unwrap_or_else(|e| panic!("{}", e.error));
    let job = &checks["checkRuns"][0]["job"];
    assert!(job.get("log").is_none(), "{job}");
    assert_eq!(job["logUnavailable"]["reason"], "too-large", "{job}");
    assert_eq!(checks["checkRuns"][0]["conclusion"], "failure");
    lab.done();
}
