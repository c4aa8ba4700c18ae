//! Pulls while other helm processes and a running `helm mcp` write the same
//! voyage: every write lands, none sees `database is locked`, and the file
//! is whole afterwards (SQLite's integrity check and `voyage verify`).

use serde_json::json;

use super::{Machines, story, summaries, verified, voyage_with_an_entry};
use crate::mcp::Session;
use crate::support::env::Run;

const ROUNDS: usize = 6;

fn no_lock_error(run: &Run, what: &str) {
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(!said.contains("locked"), "{what}: {said}");
}

#[test]
fn pulls_wait_for_and_never_break_other_writers_and_a_running_mcp() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Written everywhere at once");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    let remote = m.remote.arg();
    let session = Session::start(&m.b);

    std::thread::scope(|scope| {
        // Another helm process on b, logging.
        let writer = scope.spawn(|| {
            for i in 0..ROUNDS {
                let run = m.b.log(&id, "ready", &format!("cli {i}"));
                no_lock_error(&run, "log");
                run.ok();
            }
        });
        // a logs and pushes; b's CLI pulls each time.
        let puller = scope.spawn(|| {
            for i in 0..ROUNDS {
                m.a.log(&id, "ready", &format!("remote {i}")).ok();
                m.push(&m.a, &id).ok();
                let run = m.pull(&m.b, &id);
                no_lock_error(&run, "pull");
                run.ok();
            }
        });
        // Meanwhile the MCP session on b logs and pulls too.
        for i in 0..ROUNDS {
            session.ok(
                "log",
                json!({"voyage": id, "as": "agent", "role": "coder", "method": "model",
                       "summary": format!("mcp {i}"), "state": "ready"}),
            );
            session.ok("voyage_pull", json!({"voyage": id, "remote": remote}));
        }
        writer.join().unwrap();
        puller.join().unwrap();
    });

    // b's own entries travel back; both sides tell one story.
    m.pull(&m.b, &id).ok();
    m.push(&m.b, &id).ok();
    m.pull(&m.a, &id).ok();
    assert_eq!(story(&m.a, &id), story(&m.b, &id));
    let mut all = summaries(&m.b, &id);
    assert_eq!(all.len(), 1 + 3 * ROUNDS, "{all:?}");
    // The remote's entries in push order, each once.
    let remote_order: Vec<&String> = all.iter().filter(|s| s.starts_with("remote")).collect();
    let expected: Vec<String> = (0..ROUNDS).map(|i| format!("remote {i}")).collect();
    assert_eq!(remote_order, expected.iter().collect::<Vec<_>>());
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 1 + 3 * ROUNDS, "an entry twice");
    for env in [&m.a, &m.b] {
        let check: String = env
            .sqlite(&id)
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(check, "ok");
        verified(env, &id);
    }
    // The session still works after all that.
    session.ok("voyage_show", json!({"voyage": id}));
}
