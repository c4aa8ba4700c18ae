//! The index beside the voyages: never the source of truth. Deleted, it is
//! rebuilt; damaged or of another version, it is rebuilt with a note; an
//! entry is found right after it is written; a voyage gone leaves it.

use super::{found, log_as, search};
use crate::support::env::TestEnv;

#[test]
fn an_entry_is_found_right_after_it_is_written() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("fresh");
    log_as(&env, &voyage, "alice", "waiting", "first words");
    assert_eq!(found(&search(&env, &["first"])).len(), 1);
    for n in 2..=4 {
        log_as(
            &env,
            &voyage,
            "alice",
            "waiting",
            &format!("marker{n} written"),
        );
        let doc = search(&env, &[&format!("marker{n}")]);
        assert_eq!(
            found(&doc),
            [(voyage.clone(), format!("entry {n}"), "log".into())],
            "{doc}"
        );
    }
    // An observation on the slate is found before any entry seals it.
    env.write("plan.txt", "zeppelin plan\n");
    env.run(&["observe", "-V", &voyage, "file-contents", "plan.txt"])
        .ok();
    let doc = search(&env, &["zeppelin"]);
    assert_eq!(doc["results"][0]["kind"], "observation", "{doc}");
    assert!(
        doc["results"][0].get("identity").is_none(),
        "not sealed yet: {doc}"
    );
    log_as(&env, &voyage, "bob", "ready", "sealed it");
    let doc = search(&env, &["zeppelin"]);
    assert_eq!(doc["results"][0]["identity"], "bob", "{doc}");
    // A voyage deleted by hand leaves the results.
    std::fs::remove_file(env.voyage_file(&voyage)).unwrap();
    assert_eq!(found(&search(&env, &["zeppelin OR first"])), []);
}

#[test]
fn the_index_deleted_or_damaged_is_rebuilt_and_loses_nothing() {
    let env = TestEnv::new();
    let one = env.new_voyage("one");
    let two = env.new_voyage("two");
    log_as(&env, &one, "alice", "waiting", "astrolabe calibrated");
    log_as(&env, &two, "bob", "waiting", "astrolabe lost");
    let before = search(&env, &["astrolabe"]);
    assert_eq!(found(&before).len(), 2);
    let index = env.home().join("search.sqlite");
    assert!(index.is_file());

    std::fs::remove_file(&index).unwrap();
    let run = env.run(&["search", "astrolabe", "--json"]);
    assert_eq!(found(&run.json()), found(&before));
    assert_eq!(run.stderr, "", "a missing index is simply made");

    // Not a SQLite file at all.
    std::fs::write(&index, vec![b'x'; 8192]).unwrap();
    let run = env.run(&["search", "astrolabe", "--json"]);
    assert_eq!(found(&run.json()), found(&before));
    assert!(
        run.stderr.contains("rebuilding it from the voyages"),
        "{}",
        run.stderr
    );

    // Another version of the index.
    let conn = rusqlite::Connection::open(&index).unwrap();
    conn.execute_batch("PRAGMA user_version = 99").unwrap();
    drop(conn);
    let run = env.run(&["search", "astrolabe", "--json"]);
    assert_eq!(found(&run.json()), found(&before));
    assert!(run.stderr.contains("index version 99"), "{}", run.stderr);

    // Rows that disagree with the voyages are dropped by --reindex.
    let conn = rusqlite::Connection::open(&index).unwrap();
    conn.execute_batch("DELETE FROM texts; DELETE FROM docs;")
        .unwrap();
    drop(conn);
    assert_eq!(found(&search(&env, &["astrolabe"])), []);
    assert_eq!(
        found(&search(&env, &["astrolabe", "--reindex"])),
        found(&before)
    );

    // The voyages were never touched by any of it.
    env.assert_sound(&one);
    env.assert_sound(&two);
}
