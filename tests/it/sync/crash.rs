//! `kill -9` during pull and push (helm's test-only `HELM_SYNC_KILL_AT`
//! makes it SIGKILL itself at a named point): the voyage is as before or
//! fully updated, `voyage verify` passes, and the next run completes. Also:
//! a pull waits for, and never breaks, another writer of the voyage.

use std::process::Stdio;

use super::{Machines, log_with_file, story, summaries, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// `b` one pull behind `a`, with an entry of its own never pushed (so the
/// pull renumbers it).
fn behind(m: &Machines) -> String {
    let id = voyage_with_an_entry(&m.a, "Killed mid-sync");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    log_with_file(&m.a, &id, "a1.txt", "a1");
    log_with_file(&m.a, &id, "a2.txt", "a2");
    m.a.run(&["voyage", "end", &id, "--status", "done"]).ok();
    m.push(&m.a, &id).ok();
    log_with_file(&m.b, &id, "b1.txt", "b1");
    id
}

fn killed(env: &TestEnv, args: &[&str], point: &str) {
    let output = env
        .command(args)
        .env("HELM_SYNC_KILL_AT", point)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        None,
        "helm was to die at {point}: {output:?}"
    );
}

#[test]
fn a_pull_killed_at_any_point_leaves_the_voyage_whole_and_the_next_pull_completes() {
    for point in ["pull-fetched", "pull-written", "pull-committed"] {
        let m = Machines::new();
        let id = behind(&m);
        let before = story(&m.b, &id);
        killed(
            &m.b,
            &["voyage", "pull", &id, "--remote", &m.remote.arg()],
            point,
        );
        verified(&m.b, &id);
        let now = story(&m.b, &id);
        match point {
            "pull-committed" => {
                assert_eq!(
                    summaries(&m.b, &id),
                    ["read the notes", "a1", "a2", "b1"],
                    "{point}"
                );
                assert_eq!(now["voyage"]["status"], "ended");
            }
            _ => assert_eq!(now, before, "{point}"),
        }
        let pulled = m.pull(&m.b, &id).json();
        let moved = if point == "pull-committed" { 0 } else { 2 };
        assert_eq!(pulled["pulled"]["entries"], moved, "{point}");
        assert_eq!(
            summaries(&m.b, &id),
            ["read the notes", "a1", "a2", "b1"],
            "{point}"
        );
        verified(&m.b, &id);
        m.push(&m.b, &id).ok();
        m.pull(&m.a, &id).ok();
        assert_eq!(story(&m.a, &id), story(&m.b, &id), "{point}");
    }
}

#[test]
fn a_first_pull_killed_leaves_no_voyage_and_the_next_one_makes_it() {
    for point in ["pull-fetched", "pull-written", "pull-committed"] {
        let m = Machines::new();
        let id = voyage_with_an_entry(&m.a, "Killed while arriving");
        m.push(&m.a, &id).ok();
        killed(
            &m.b,
            &["voyage", "pull", &id, "--remote", &m.remote.arg()],
            point,
        );
        let listed = m.b.run(&["voyage", "list", "--all", "--json"]).json();
        let count = listed["voyages"].as_array().unwrap().len();
        assert_eq!(count, usize::from(point == "pull-committed"), "{point}");
        m.pull(&m.b, &id).ok();
        assert_eq!(story(&m.b, &id), story(&m.a, &id), "{point}");
        verified(&m.b, &id);
    }
}

#[test]
fn a_push_killed_at_any_point_is_completed_by_the_next_push() {
    for point in ["push-built", "push-pushed"] {
        let m = Machines::new();
        let id = voyage_with_an_entry(&m.a, "Killed while pushing");
        m.push(&m.a, &id).ok();
        log_with_file(&m.a, &id, "a1.txt", "a1");
        let before = m.remote.tip(&id);
        killed(
            &m.a,
            &["voyage", "push", &id, "--remote", &m.remote.arg()],
            point,
        );
        verified(&m.a, &id);
        match point {
            "push-built" => assert_eq!(m.remote.tip(&id), before),
            _ => assert_ne!(m.remote.tip(&id), before),
        }
        let pushed = m.push(&m.a, &id).json();
        let moved = if point == "push-built" { 1 } else { 0 };
        assert_eq!(pushed["pushed"]["entries"], moved, "{point}");
        assert_eq!(m.remote.tip(&id).as_deref(), pushed["head"].as_str());
        m.pull(&m.b, &id).ok();
        assert_eq!(story(&m.b, &id), story(&m.a, &id), "{point}");
        m.remote.git(&["fsck", "--strict", "--no-progress"]);
    }
}

#[test]
fn a_pull_waits_for_a_writer_holding_the_voyage() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Pulled while written");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    log_with_file(&m.a, &id, "a1.txt", "a1");
    m.push(&m.a, &id).ok();

    // Another process holds the voyage's write lock, as a steer waiting on
    // GitHub does.
    let conn = m.b.sqlite(&id);
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut pull =
        m.b.command(&["voyage", "pull", &id, "--remote", &m.remote.arg(), "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    // The pull cannot finish while the lock is held; it waits, not fails.
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(
        pull.try_wait().unwrap().is_none(),
        "the pull did not wait for the writer"
    );
    conn.execute(
        "INSERT INTO slate (target, artifact_hash, observed_at)
         SELECT '{\"kind\":\"file-contents\",\"paths\":[\"/held\"]}', hash, '2026-01-01T00:00:00.000000Z'
         FROM artifacts LIMIT 1",
        [],
    )
    .unwrap();
    conn.execute_batch("COMMIT").unwrap();
    let output = pull.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(summaries(&m.b, &id), ["read the notes", "a1"]);
    // The writer's work stands beside the pull's.
    let slate = m.b.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"].as_array().unwrap().len(), 1);
    verified(&m.b, &id);
}
