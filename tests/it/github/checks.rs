//! `observe github-checks`: check runs, statuses, a failed job's annotations,
//! steps and log tail (read through the storage redirect without the token),
//! 304 re-observation, the freshness guard, and a 40 MiB log read in bounded
//! memory.

use serde_json::Value;

use super::{REPO, no_violations, setup, steer};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, JobLog};

/// A pull request whose head has a failed Actions job (with an annotation
/// and a log), a passing check run and a pending one.
fn red_pr(gh: &FakeGitHub, log: JobLog) -> (u64, u64) {
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let sha = gh.head_sha(REPO, pr);
    let job = gh.add_actions_job(
        REPO,
        &sha,
        "ci / test",
        Some("failure"),
        &[
            ("Set up job", "success"),
            ("cargo test", "failure"),
            ("Upload", "skipped"),
        ],
        log,
    );
    gh.add_annotation(job, "src/widget.rs", 12, "assertion failed: widget.works()");
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("success"));
    gh.add_check_run(REPO, &sha, "docs", "in_progress", None);
    (pr, job)
}

fn log_text(lines: usize) -> String {
    (1..=lines).map(|n| format!("line {n}\n")).collect()
}

#[test]
fn a_failed_job_shows_its_step_annotations_and_log_tail_in_every_form() {
    let (env, gh, _) = setup();
    let (pr, _) = red_pr(&gh, JobLog::Text(log_text(500)));
    let pr = pr.to_string();
    let digest = "\"ci / test\" failed at step \"cargo test\" · lint passed · 1 pending";

    let human = env.run(&["observe", "github-checks", "--pr", &pr, "--tail", "3"]);
    human.ok();
    assert!(human.stderr.contains(digest), "{human:?}");

    let doc = env
        .run(&[
            "observe",
            "github-checks",
            "--pr",
            &pr,
            "--tail",
            "3",
            "--json",
        ])
        .json();
    assert_eq!(doc["target"]["kind"], "github-checks");
    assert_eq!(doc["target"]["pr"], pr.parse::<u64>().unwrap());
    let checks = &doc["payload"]["checks"];
    let runs = checks["checkRuns"].as_array().unwrap();
    let test = runs.iter().find(|r| r["name"] == "ci / test").unwrap();
    assert_eq!(test["annotations"][0]["path"], "src/widget.rs");
    assert_eq!(test["annotations"][0]["startLine"], 12);
    assert_eq!(test["job"]["steps"][1]["name"], "cargo test");
    assert_eq!(test["job"]["steps"][1]["conclusion"], "failure");
    let log = &test["job"]["log"];
    assert_eq!(
        log["tail"],
        serde_json::json!(["line 498", "line 499", "line 500"])
    );
    assert_eq!(log["lines"], 500);
    // A passing run is not explained further.
    let lint = runs.iter().find(|r| r["name"] == "lint").unwrap();
    assert!(lint.get("annotations").is_none() && lint.get("job").is_none());

    // The redirect was followed, and GitHub's token never reached storage;
    // the second look kept the first's log (every validator answered 304).
    let stored = gh.storage_requests();
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert!(stored.iter().all(|(_, auth)| auth.is_none()), "{stored:?}");
    no_violations(&gh);
}

#[test]
fn logs_none_reads_no_log_and_a_ref_reads_that_commit() {
    let (env, gh, _) = setup();
    let (pr, _) = red_pr(&gh, JobLog::Text(log_text(5)));
    let sha = gh.head_sha(REPO, pr);
    let doc = env
        .run(&[
            "observe",
            "github-checks",
            "--ref",
            &sha,
            "--logs",
            "none",
            "--json",
        ])
        .json();
    assert_eq!(doc["payload"]["checks"]["headSha"], sha);
    assert_eq!(doc["payload"]["ref"], sha);
    let runs = doc["payload"]["checks"]["checkRuns"].as_array().unwrap();
    let test = runs.iter().find(|r| r["name"] == "ci / test").unwrap();
    assert_eq!(test["job"]["steps"][1]["name"], "cargo test");
    assert!(test["job"].get("log").is_none(), "{test}");
    assert!(gh.storage_requests().is_empty());
    let refused = env.run(&["observe", "github-checks", "--pr", "1", "--ref", "main"]);
    refused.fails(2);
    no_violations(&gh);
}

#[test]
fn unchanged_checks_are_kept_on_304_and_a_change_refuses_a_steer() {
    let (env, gh, voyage) = setup();
    let (pr, _) = red_pr(&gh, JobLog::Text(log_text(5)));
    let number = pr.to_string();
    let observe = || {
        env.run(&["observe", "github-checks", "--pr", &number, "--json"])
            .json()
    };
    let first = observe();
    let seen = gh.requests().len();
    let logs = gh.storage_requests().len();
    let again = observe();
    assert_eq!(again["artifact"], first["artifact"], "same artifact");
    let asked = &gh.requests()[seen..];
    assert!(!asked.is_empty());
    assert!(
        asked.iter().all(|r| r.status == 304),
        "only conditional requests, all 304: {asked:#?}"
    );
    assert_eq!(gh.storage_requests().len(), logs, "no log read again");

    // CI moves on: a steer on the pull request is refused until re-observed.
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "security", "completed", Some("failure"));
    let body = [
        "comment",
        "--pr",
        number.as_str(),
        "--body",
        "Looking at CI.",
    ];
    let run = steer(&env, "CI is red", &body);
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("new check run security"), "{message}");
    assert!(gh.writes().is_empty());
    let db = env.sqlite(&voyage);
    let entries: i64 = db
        .query_row("SELECT count(*) FROM logbook", [], |r| r.get(0))
        .unwrap();
    assert_eq!(entries, 0);
    observe();
    steer(&env, "CI is red", &body).ok();
    no_violations(&gh);
}

/// Runs helm and returns its output and its peak resident set (KiB), as
/// the kernel measured it for that one child.
// The child is reaped by `wait4`, which also gives its rusage.
#[allow(clippy::zombie_processes)]
fn run_measured(env: &TestEnv, args: &[&str]) -> (std::process::Output, i64) {
    let child = env
        .command(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("helm runs");
    let pid = child.id() as libc::pid_t;
    let (mut out, mut err) = (child.stdout.unwrap(), child.stderr.unwrap());
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut buf).unwrap();
        buf
    });
    let mut stdout = Vec::new();
    std::io::Read::read_to_end(&mut out, &mut stdout).unwrap();
    let stderr = reader.join().unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, once; the pointers are live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let output = std::process::Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout,
        stderr,
    };
    (output, usage.ru_maxrss)
}

#[test]
fn a_40_mib_log_is_tailed_in_bounded_memory() {
    let (mut env, gh, _) = setup();
    // The whole log must come within one request's deadline: room for a
    // debug build on a busy machine.
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let size = 40 * 1024 * 1024;
    // The same look of a small log first: what helm needs anyway.
    let (small, _) = red_pr(&gh, JobLog::Text(log_text(200)));
    let small = small.to_string();
    let args = ["observe", "github-checks", "--pr", &small, "--json"];
    let (output, base_kib) = run_measured(&env, &args);
    assert!(output.status.success(), "{output:?}");
    let (pr, _) = red_pr(
        &gh,
        JobLog::big(size, "error: test widget::works failed\nfinal line\n"),
    );
    let number = pr.to_string();
    let args = ["observe", "github-checks", "--pr", &number, "--json"];
    let (output, peak_kib) = run_measured(&env, &args);
    assert!(output.status.success(), "{output:?}");
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    let runs = doc["payload"]["checks"]["checkRuns"].as_array().unwrap();
    let test = runs.iter().find(|r| r["name"] == "ci / test").unwrap();
    let log = &test["job"]["log"];
    let tail = log["tail"].as_array().unwrap();
    assert_eq!(tail.len(), 200);
    assert_eq!(tail[199], "final line");
    assert_eq!(tail[198], "error: test widget::works failed");
    assert!(log["bytes"].as_u64().unwrap() >= size, "{log}");
    // The whole log never sat in helm's memory: its peak stays far below.
    let log_kib = (size / 1024) as i64;
    eprintln!("peak {peak_kib} KiB for a {log_kib} KiB log, {base_kib} KiB for a small one");
    assert!(
        peak_kib - base_kib < log_kib / 8,
        "helm peaked at {peak_kib} KiB reading a {log_kib} KiB log ({base_kib} KiB for a small one)"
    );
    assert!(gh.storage_requests().iter().all(|(_, auth)| auth.is_none()));
}
