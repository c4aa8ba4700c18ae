//! Text stored in a voyage never reaches a terminal raw and never panics
//! helm, whoever wrote it there.

use crate::support::env::TestEnv;

/// True when `text` holds ESC or a C1 control, which a terminal would act on.
fn drives_a_terminal(text: &str) -> bool {
    text.chars()
        .any(|c| c == '\u{1b}' || ('\u{80}'..='\u{9f}').contains(&c))
}

#[test]
fn escape_sequences_stored_in_a_voyage_are_never_printed_raw() {
    let env = TestEnv::new();
    let id = env.new_voyage("Hostile");
    env.write("notes.txt", "notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    env.log(&id, "waiting", "sealed").ok();
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    let esc = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m";
    let conn = env.sqlite(&id);
    conn.execute(
        "UPDATE voyage SET created_at = ?1, intent = ?1 || 'intent', status = 'ended', \
         ended_at = ?1, ended_status = ?1",
        [esc],
    )
    .unwrap();
    conn.execute(
        "UPDATE logbook SET recorded_at = ?1, summary = ?1, identity = ?1, role = ?1, method = ?1",
        [esc],
    )
    .unwrap();
    let target = format!(r#"{{"kind":"fileContents","paths":["{esc}"]}}"#)
        .replace('\u{1b}', "\\u001b")
        .replace('\u{7}', "\\u0007");
    conn.execute(
        "UPDATE slate SET target = ?1, observed_at = ?2",
        [target.as_str(), esc],
    )
    .unwrap();
    conn.execute(
        "UPDATE bearing_observations SET target = ?1, observed_at = ?2",
        [target.as_str(), esc],
    )
    .unwrap();
    drop(conn);
    for args in [
        &["voyage", "show", &id][..],
        &["voyage", "show", &id, "--format", "markdown"],
        &["voyage", "list", "--all"],
        &["slate", "list", "-V", &id],
    ] {
        let run = env.run(args);
        assert!(!drives_a_terminal(&run.stdout), "{args:?}: {run:?}");
        assert!(!drives_a_terminal(&run.stderr), "{args:?}: {run:?}");
    }
}

#[test]
fn a_hash_that_is_not_hex_does_not_panic_show_or_log() {
    let env = TestEnv::new();
    let id = env.new_voyage("Odd hash");
    env.write("notes.txt", "notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    let odd = format!("a{}", "é".repeat(40));
    let conn = env.sqlite(&id);
    conn.execute(
        "INSERT INTO artifacts (hash, data) SELECT ?1, data FROM artifacts",
        [&odd],
    )
    .unwrap();
    conn.execute("UPDATE slate SET artifact_hash = ?1", [&odd])
        .unwrap();
    drop(conn);
    env.run(&["slate", "list", "-V", &id]).ok();
    // log seals the slate and then prints the entry with its bearing.
    let logged = env.log(&id, "waiting", "seals the odd hash");
    assert_ne!(logged.code, 101, "{logged:?}");
    logged.ok();
    let shown = env.run(&["voyage", "show", &id]);
    shown.ok();
    assert!(shown.stdout.contains("aéééé"), "{shown:?}");
    env.run(&["voyage", "show", &id, "--format", "markdown"])
        .ok();

    // A merge entry's sha is cut for its headline, on a character boundary.
    env.sqlite(&id)
        .execute(
            "INSERT INTO logbook (recorded_at, identity, action, summary, role, method) \
             VALUES ('2026-01-01T00:00:00Z', 'a', ?1, 's', 'r', 'm')",
            [r#"{"kind":"steer","steer":"merge-pr","repo":"o/r","pr":45,"mergeSha":"aéééééééé"}"#],
        )
        .unwrap();
    let shown = env.run(&["voyage", "show", &id]);
    shown.ok();
    assert!(shown.stdout.contains("merge PR #45 (aéééééé)"), "{shown:?}");
}
