//! Settling races nothing: `interrupted settle` looks and decides under the
//! voyage's write lock, so a retry's fresh record is never deleted by the
//! settle of an older one, and two settles of one attempt record one entry.

use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use super::*;

fn spawn(env: &TestEnv, args: &[&str]) -> Child {
    env.command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn finish(child: Child) -> Run {
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Waits (at most 20 s, so a broken build fails instead of hanging) until
/// the fake has answered `n` GETs whose path contains `path`.
fn await_gets(gh: &FakeGitHub, path: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    let seen = || {
        gh.requests()
            .iter()
            .filter(|r| r.method == "GET" && r.path().contains(path))
            .count()
    };
    while seen() < n && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_settle_never_deletes_the_fresh_record_of_a_retry_that_ran_meanwhile() {
    let (gh, mut env, voyage) = sea(0);
    env.set("HELM_GITHUB_TIMEOUT", "10");
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    let comment = ["comment", "--issue", &number, "--body", "plan"];
    // The first attempt never reached GitHub, but helm cannot know that.
    lost_before_acting(&gh, "POST", "/comments");
    interrupted_steer(&env, Some("r-1"), &comment);

    // The settle's look is slow to answer; meanwhile a retry of the same
    // id runs, acts, and loses its answer: its fresh record must survive.
    gh.inject(Fault::hang_after_acting(
        "GET",
        &format!("/issues/{issue}/comments"),
        Duration::from_secs(3),
    ));
    let settle = spawn(&env, &["interrupted", "settle", "r-1", "--json"]);
    await_gets(&gh, &format!("/issues/{issue}/comments"), 1);
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let retry = spawn(&env, &steer_args(Some("r-1"), &comment));
    let settled = finish(settle);
    assert_eq!(settled.json()["outcome"], "nothing-happened");
    let retried = finish(retry);
    assert!(
        retried.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("may have acted")
    );
    assert_eq!(gh.comments(REPO, issue).len(), 1, "the retry's comment");
    assert_eq!(interrupted(&env).len(), 1, "the retry's record is kept");

    // So the next retry finds that comment instead of posting again.
    let entry = steer(&env, Some("r-1"), &comment).json();
    assert_eq!(entry["action"]["settled"], "found-on-github");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "never a second comment");
    assert_eq!(entry["action"]["commentId"], gh.comments(REPO, issue)[0].id);
    assert_eq!(logbook(&env, &voyage), 1);
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}

#[test]
fn two_settles_of_one_attempt_record_one_entry() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let attempt = interrupted_steer(
        &env,
        None,
        &["comment", "--issue", &number, "--body", "plan"],
    );
    assert!(attempt.starts_with("attempt-"), "{attempt}");

    // Both settles start while the voyage is locked, and read the record.
    let mut lock = env.sqlite(&voyage);
    let held = lock
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    let args = ["interrupted", "settle", &attempt, "--json"];
    let (first, second) = (spawn(&env, &args), spawn(&env, &args));
    // A settle that looks before locking has looked by now; one that
    // locks first waits, and the wait below is then all there is to it.
    let deadline = Instant::now() + Duration::from_secs(3);
    while gh.requests().iter().filter(|r| r.path() == "/user").count() < 2
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    held.rollback().unwrap();
    let outcomes = [finish(first).json(), finish(second).json()];
    let mut said: Vec<&str> = outcomes
        .iter()
        .map(|o| o["outcome"].as_str().unwrap())
        .collect();
    said.sort();
    assert_eq!(said, ["already-recorded", "recorded"], "{outcomes:?}");
    assert_eq!(logbook(&env, &voyage), 1, "one entry for one comment");
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}
