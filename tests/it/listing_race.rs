//! `voyage list` trusts its cache from a stat alone only while a voyage's
//! times are older than the clock its entry was stamped after (ADR 0022):
//! a write landing right after a listing, perhaps in the same tick of the
//! file system's clock, is seen by the next one, as is a voyage file
//! replaced by another with the same size and modification time.

use crate::support::env::TestEnv;

fn entries(env: &TestEnv, id: &str) -> u64 {
    let list = env.run(&["voyage", "list", "--all", "--json"]).json();
    let voyage = list["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("{id} in {list}"));
    voyage["entries"].as_u64().unwrap()
}

#[test]
fn a_log_right_after_a_listing_is_in_the_next_listing() {
    let env = TestEnv::new();
    let id = env.new_voyage("written between listings");
    let other = env.new_voyage("never written");
    for n in 0..15 {
        assert_eq!(entries(&env, &id), n);
        env.log(&id, "ready", &format!("entry {n}")).ok();
    }
    assert_eq!(entries(&env, &id), 15);
    assert_eq!(entries(&env, &other), 0);
}

#[test]
fn a_voyage_file_replaced_with_the_same_size_and_mtime_is_read_again() {
    let env = TestEnv::new();
    let id = env.new_voyage("replaced");
    let path = env.voyage_file(&id);
    let saved = env.root().join("saved.sqlite");
    std::fs::copy(&path, &saved).unwrap();
    // One commit each side: the same size and change counter.
    env.log(&id, "ready", "the first").ok();
    env.log(&id, "ready", "the second").ok();
    assert_eq!(entries(&env, &id), 2);
    let conn = rusqlite::Connection::open(&saved).unwrap();
    conn.execute_batch(
        "UPDATE voyage SET intent = 'replaces'; UPDATE voyage SET intent = 'replaced'",
    )
    .unwrap();
    drop(conn);
    assert_eq!(
        std::fs::metadata(&saved).unwrap().len(),
        std::fs::metadata(&path).unwrap().len()
    );
    // `touch -d` to the cached file's time, then renamed over it.
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::fs::File::options()
        .write(true)
        .open(&saved)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    std::fs::rename(&saved, &path).unwrap();
    assert_eq!(entries(&env, &id), 0);
}
