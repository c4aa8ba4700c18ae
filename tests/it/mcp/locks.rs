//! `helm mcp` never drops the locks of its own calls (issue 19 §1): while a
//! steer waits on GitHub holding the voyage's write lock, every read tool of
//! the same session runs beside it, the lock stays held, and a CLI writer
//! waits for the steer to commit. POSIX locks belong to the process, so a
//! read that opened and closed the voyage file itself would have dropped it.

use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode};
use serde_json::{Value, json};

use super::{Session, with};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault, Gate};

const REPO: &str = "acme/widgets";

/// Whether another process (this one) could begin a write transaction on
/// the voyage now: false while `helm mcp` holds the write lock.
fn write_lock_free(file: &Path) -> bool {
    let conn = Connection::open(file).unwrap();
    conn.busy_timeout(Duration::ZERO).unwrap();
    match conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;") {
        Ok(()) => true,
        Err(err) if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) => false,
        Err(err) => panic!("cannot probe the write lock: {err}"),
    }
}

/// `helm log --json` on `voyage`, started and left running.
fn start_log(env: &TestEnv, voyage: &str) -> Child {
    env.command(&[
        "log",
        "--voyage",
        voyage,
        "--as",
        "cli",
        "--role",
        "reviewer",
        "--method",
        "human",
        "--summary",
        "meanwhile",
        "waiting",
        "--json",
    ])
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("helm log starts")
}

/// Gives a writer that does not wait for the lock the chance to finish: a
/// correct one is still waiting whatever the time. Returns whether it ended.
fn ended_within(child: &mut Child, grace: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < grace {
        if child.try_wait().unwrap().is_some() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn reads_beside_a_slow_steer_keep_its_write_lock_and_a_cli_writer_waits() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    // The steer's answer is held as long as the test needs: the timeout must outlast it.
    env.set("HELM_GITHUB_TIMEOUT", "60");
    let issue = gh.add_issue(REPO, "Widget crashes", "Steps: run it.");
    let voyage = env.new_voyage("Locks over MCP");
    env.new_voyage("Another voyage, listed beside it");
    let file = env.voyage_file(&voyage);
    env.write("notes.txt", "what the steer is based on");
    let seen = env
        .run(&[
            "observe",
            "--voyage",
            &voyage,
            "--json",
            "file-contents",
            "notes.txt",
        ])
        .json();
    let artifact = seen["artifact"].as_str().unwrap().to_string();
    // A listing now leaves a cache, so the listing below stamps the file.
    env.run(&["voyage", "list", "--all"]).ok();

    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "POST",
        &format!("/issues/{issue}/comments"),
        &gate,
    ));
    let session = Session::start(&env);
    let steer = session.begin(
        "steer",
        with(
            "plan",
            json!({"voyage": voyage, "action": {"kind": "comment", "issue": issue, "body": "Plan"}}),
        ),
    );
    session.wait_until("GitHub has the steer's comment", || {
        gh.writes().iter().any(|w| w.path().ends_with("/comments"))
    });
    assert!(!write_lock_free(&file), "the steer holds the write lock");

    // Every read tool, beside the steer, in the same session; the listing
    // with the cache (stamp), without it (peek), and after it changed.
    let list = json!({"all": true});
    let reads = [
        ("voyage_list", json!({})),
        ("voyage_list", list.clone()),
        ("voyage_list", json!({"ended": true})),
        ("voyage_show", json!({"voyage": voyage})),
        ("voyage_brief", json!({"voyage": voyage})),
        ("slate_list", json!({"voyage": voyage})),
        ("artifact_show", json!({"voyage": voyage, "hash": artifact})),
    ];
    for (tool, args) in reads {
        session.ok(tool, args);
        assert!(
            !write_lock_free(&file),
            "{tool} dropped the steer's write lock"
        );
    }
    std::fs::remove_dir_all(env.home().join("cache")).unwrap();
    let listed = session.ok("voyage_list", list.clone());
    assert_eq!(listed["voyages"].as_array().unwrap().len(), 2, "{listed}");
    assert!(
        !write_lock_free(&file),
        "a cold voyage_list dropped the lock"
    );
    session.ok("voyage_list", list);
    assert!(
        !write_lock_free(&file),
        "a warm voyage_list dropped the lock"
    );
    // The reads saw the voyage as it was before the steer.
    let before = session.ok("voyage_show", json!({"voyage": voyage}));
    assert_eq!(before["entries"], json!([]));
    assert_eq!(before["slate"].as_array().unwrap().len(), 1, "{before}");

    let mut writer = start_log(&env, &voyage);
    let ended = ended_within(&mut writer, Duration::from_secs(2));
    let held = !write_lock_free(&file);
    gate.open();
    let steered = session.finish(steer);
    let logged = writer.wait_with_output().unwrap();
    assert!(
        !ended,
        "the CLI log finished while the steer held the lock: {}",
        String::from_utf8_lossy(&logged.stderr)
    );
    assert!(held, "the lock was gone while the CLI log waited");
    assert!(logged.status.success(), "{logged:?}");
    let logged: Value = serde_json::from_slice(&logged.stdout).unwrap();

    // The steer's entry comes first with the bearing it was based on; the
    // CLI's entry after it, with the slate the steer cleared.
    assert_eq!(steered["id"], 1, "{steered}");
    assert_eq!(steered["action"]["steer"], "comment");
    let bearing = steered["bearing"].as_array().unwrap();
    assert_eq!(bearing.len(), 1, "{steered}");
    assert_eq!(bearing[0]["artifact"], artifact.as_str());
    assert_eq!(logged["id"], 2, "{logged}");
    assert_eq!(logged["bearing"], json!([]), "{logged}");
    let (steered_at, logged_at) = (
        steered["recordedAt"].as_str().unwrap(),
        logged["recordedAt"].as_str().unwrap(),
    );
    assert!(logged_at >= steered_at, "{logged_at} before {steered_at}");
    assert_eq!(
        gh.writes()
            .iter()
            .filter(|w| w.path().ends_with("/comments"))
            .count(),
        1
    );

    env.assert_sound(&voyage);
    let story = env.run(&["voyage", "show", &voyage, "--json"]).json();
    assert_eq!(story["entries"].as_array().unwrap().len(), 2, "{story}");
    assert_eq!(story["entries"][0]["id"], 1);
    // The story's bearing adds what the story says of each observation (its
    // digest); what was sealed is the same.
    let sealed = |bearing: &Value| -> Vec<Value> {
        let observations = bearing.as_array().expect("a bearing");
        observations
            .iter()
            .map(|o| json!([o["target"], o["artifact"], o["observedAt"]]))
            .collect()
    };
    assert_eq!(
        sealed(&story["entries"][0]["bearing"]),
        sealed(&steered["bearing"])
    );
    assert_eq!(story["entries"][1]["identity"], "cli");
    assert_eq!(story["slate"], json!([]));
}
