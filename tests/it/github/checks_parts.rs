//! Issue 29, item 10: `observe github-checks` survives one bad part. A job
//! answering 404, a log GitHub says is gone, an expired storage address or a
//! job answer too large to hold each leave the rest of the look whole; the
//! run's part says it is unavailable and why (`expired`, `not-found`,
//! `too-large`) in the payload and in the digest on screen, and an expired
//! address is never blamed on the token, which the storage host never sees.

use serde_json::{Value, json};

use super::{REPO, no_violations, setup};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault, JobLog};

/// A pull request whose head has two failed Actions jobs, `broken` (with
/// `log`) and `ci / test` (with a readable log), and a passing check.
fn two_failed_jobs(gh: &FakeGitHub, log: JobLog) -> (String, u64) {
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    let steps = [("Set up job", "success"), ("cargo test", "failure")];
    let broken = gh.add_actions_job(REPO, &sha, "broken", Some("failure"), &steps, log);
    let good = JobLog::Text("compiling\nerror: widget::works failed\n".to_string());
    gh.add_actions_job(REPO, &sha, "ci / test", Some("failure"), &steps, good);
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("success"));
    (pr.to_string(), broken)
}

fn run<'a>(doc: &'a Value, name: &str) -> &'a Value {
    let runs = doc["payload"]["checks"]["checkRuns"].as_array().unwrap();
    runs.iter().find(|r| r["name"] == name).unwrap()
}

/// The rest of the look is whole: the other job's steps and log tail, and
/// the passing check.
fn assert_rest_kept(doc: &Value) {
    let good = run(doc, "ci / test");
    assert_eq!(good["job"]["steps"][1]["name"], "cargo test", "{good}");
    assert_eq!(
        good["job"]["log"]["tail"],
        json!(["compiling", "error: widget::works failed"])
    );
    assert_eq!(run(doc, "lint")["conclusion"], "success");
}

/// Observes `--pr pr` as JSON, then again on screen (a look with a part
/// missing is never kept whole on 304: the second asks again), and returns
/// the screen's stderr and the document.
fn look(env: &TestEnv, pr: &str) -> (String, Value) {
    let doc = env
        .run(&["observe", "github-checks", "--pr", pr, "--json"])
        .json();
    let screen = env.run(&["observe", "github-checks", "--pr", pr]);
    screen.ok();
    (screen.stderr.clone(), doc)
}

#[test]
fn a_job_answering_404_is_marked_not_found_and_the_look_keeps_the_rest() {
    let (env, gh, _) = setup();
    let (pr, broken) = two_failed_jobs(&gh, JobLog::Text("never read\n".into()));
    let body = json!({"message": "Not Found", "documentation_url": "https://docs.github.com/rest"});
    gh.inject(Fault::new("GET", &format!("/actions/jobs/{broken}"), 404, body).every_time());
    let (screen, doc) = look(&env, &pr);
    let job = &run(&doc, "broken")["job"];
    assert_eq!(job["unavailable"]["reason"], "not-found", "{job}");
    assert_eq!(job["unavailable"]["status"], 404, "{job}");
    assert!(
        job.get("steps").is_none() && job.get("log").is_none(),
        "{job}"
    );
    assert_rest_kept(&doc);
    assert!(
        screen.contains("\"broken\" failed (job not found)"),
        "{screen}"
    );
    // The job's log was not asked for once the job was not found.
    let logs = format!("/actions/jobs/{broken}/logs");
    assert!(
        !gh.requests()
            .iter()
            .any(|r| r.path_and_query.contains(&logs))
    );
    no_violations(&gh);
}

#[test]
fn an_expired_storage_address_is_marked_expired_and_never_blamed_on_the_token() {
    let (env, gh, _) = setup();
    let (pr, _) = two_failed_jobs(&gh, JobLog::expired());
    let (screen, doc) = look(&env, &pr);
    let broken = &run(&doc, "broken")["job"];
    let gap = &broken["logUnavailable"];
    assert_eq!(gap["reason"], "expired", "{broken}");
    assert_eq!(gap["status"], 403, "{broken}");
    let message = gap["message"].as_str().unwrap();
    assert!(message.contains("log storage host"), "{message}");
    assert!(message.contains("AuthenticationFailed"), "{message}");
    assert!(!message.to_lowercase().contains("token"), "{message}");
    assert_eq!(broken["steps"][1]["name"], "cargo test", "{broken}");
    assert_rest_kept(&doc);
    assert!(
        screen.contains("\"broken\" failed at step \"cargo test\" (log expired)"),
        "{screen}"
    );
    assert!(!screen.to_lowercase().contains("token"), "{screen}");
    // The second look asked for the log again, not kept the first's gap.
    let stored = gh.storage_requests();
    assert_eq!(stored.len(), 4, "two looks, two jobs each: {stored:?}");
    assert!(stored.iter().all(|(_, auth)| auth.is_none()));
    no_violations(&gh);
}

#[test]
fn a_log_github_says_is_gone_is_marked_expired() {
    let (env, gh, _) = setup();
    let (pr, broken) = two_failed_jobs(&gh, JobLog::Text("never read\n".into()));
    let body = json!({"message": "Gone", "documentation_url": "https://docs.github.com/rest"});
    gh.inject(Fault::new("GET", &format!("/actions/jobs/{broken}/logs"), 410, body).every_time());
    let (screen, doc) = look(&env, &pr);
    let gap = &run(&doc, "broken")["job"]["logUnavailable"];
    assert_eq!(gap["reason"], "expired", "{gap}");
    assert_eq!(gap["status"], 410, "{gap}");
    assert_rest_kept(&doc);
    assert!(screen.contains("(log expired)"), "{screen}");
    no_violations(&gh);
}

#[test]
fn a_job_answer_too_large_to_hold_is_marked_too_large() {
    let (mut env, gh, _) = setup();
    // 33 MiB must arrive within one request's deadline, on a busy machine.
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let (pr, broken) = two_failed_jobs(&gh, JobLog::Text("never read\n".into()));
    // 33 MiB of JSON, more than the 32 MiB helm holds of one answer.
    let padding = "x".repeat(33 << 20);
    let body = json!({"id": broken, "steps": [], "padding": padding});
    gh.inject(Fault::new("GET", &format!("/actions/jobs/{broken}"), 200, body).every_time());
    let (screen, doc) = look(&env, &pr);
    let gap = &run(&doc, "broken")["job"]["unavailable"];
    assert_eq!(gap["reason"], "too-large", "{gap}");
    assert!(gap.get("status").is_none(), "{gap}");
    assert_rest_kept(&doc);
    assert!(
        screen.contains("\"broken\" failed (job too large)"),
        "{screen}"
    );
    no_violations(&gh);
}

/// Every matching request, not only the next one.
trait EveryTime {
    fn every_time(self) -> Self;
}

impl EveryTime for Fault {
    fn every_time(mut self) -> Fault {
        self.times = None;
        self
    }
}
