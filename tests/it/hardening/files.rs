//! Voyage files from elsewhere: foreign schema objects and bad columns are
//! refused by import, flagged by verify, and never opened for writing; the
//! original helm's voyages import and verify cleanly.

use std::path::{Path, PathBuf};

use crate::support::env::{Run, TestEnv, count};

const UPSTREAM: [&str; 2] = [
    "9c54720f-6d86-4341-a73e-bcb8c1b39322",
    "5fabe0ec-6878-4623-8831-4a6642efa3ca",
];

const TRIGGER: &str = "CREATE TRIGGER rewrite AFTER INSERT ON logbook BEGIN \
    UPDATE logbook SET identity = 'mallory' WHERE id = new.id; DELETE FROM slate; END";

fn fixture(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/upstream-voyages")
        .join(format!("{id}.sqlite"))
}

/// A voyage with one sealed entry and one observation on the slate, exported
/// to a file outside the home, then changed by `sql` as another tool would.
fn tampered_export(env: &TestEnv, sql: &str) -> (String, PathBuf) {
    let id = env.new_voyage("Tampered");
    env.write("notes.txt", "notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    env.log(&id, "waiting", "sealed").ok();
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    let out = env.root().join(format!("{}.sqlite", &id[..8]));
    env.run(&["voyage", "export", &id, "--out", out.to_str().unwrap()])
        .ok();
    let conn = rusqlite::Connection::open(&out).unwrap();
    conn.execute_batch(sql).unwrap();
    drop(conn);
    (id, out)
}

/// Imports `file` into a fresh home and asserts it is refused naming `what`,
/// with nothing left in the home.
fn import_refused(file: &Path, what: &str) {
    let env = TestEnv::new();
    let run = env.run(&["voyage", "import", file.to_str().unwrap()]);
    let stderr = run.fails(1);
    assert!(stderr.contains(what), "{what:?} not named: {stderr}");
    assert!(stderr.contains(file.to_str().unwrap()), "{stderr}");
    let voyages = env.home().join("voyages");
    let left = std::fs::read_dir(&voyages).map_or(0, |dir| dir.count());
    assert_eq!(left, 0, "something was left in {}", voyages.display());
}

fn verify(env: &TestEnv, id: &str) -> Run {
    env.run(&["voyage", "verify", id])
}

#[test]
fn a_trigger_is_refused_by_import_flagged_by_verify_and_never_run() {
    let env = TestEnv::new();
    let (id, file) = tampered_export(&env, TRIGGER);
    let before = std::fs::read(&file).unwrap();
    import_refused(&file, "trigger \"rewrite\"");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the file was changed"
    );

    // The same file inside a home, as if copied there by hand.
    std::fs::copy(&file, env.voyage_file(&id)).unwrap();
    let verified = verify(&env, &id);
    verified.fails(1);
    assert!(
        verified.stdout.contains("trigger \"rewrite\""),
        "{verified:?}"
    );
    let before = std::fs::read(env.voyage_file(&id)).unwrap();
    let observed = env.run(&["observe", "-V", &id, "file-contents", "notes.txt"]);
    assert!(observed.fails(1).contains("trigger"), "{observed:?}");
    let logged = env.log(&id, "ready", "would be rewritten");
    assert!(logged.fails(1).contains("trigger"), "{logged:?}");
    for args in [
        &["slate", "list", "-V", &id][..],
        &["voyage", "show", &id],
        &["voyage", "end", &id],
    ] {
        env.run(args).fails(1);
    }
    assert_eq!(std::fs::read(env.voyage_file(&id)).unwrap(), before);
    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "logbook"), 1);
    assert_eq!(count(&conn, "slate"), 1);
}

#[test]
fn views_extra_tables_and_foreign_indexes_are_refused() {
    for (sql, what) in [
        (
            "CREATE VIEW latest AS SELECT * FROM logbook",
            "view \"latest\"",
        ),
        ("CREATE TABLE notes (text TEXT)", "table \"notes\""),
        (
            "CREATE INDEX by_identity ON logbook (identity)",
            "index \"by_identity\"",
        ),
        // helm's own index name, with other SQL.
        (
            "DROP INDEX bearing_observations_by_entry; \
             CREATE INDEX bearing_observations_by_entry ON bearing_observations (target)",
            "index \"bearing_observations_by_entry\"",
        ),
    ] {
        let env = TestEnv::new();
        let (id, file) = tampered_export(&env, sql);
        import_refused(&file, what);
        std::fs::copy(&file, env.voyage_file(&id)).unwrap();
        let verified = verify(&env, &id);
        verified.fails(1);
        assert!(verified.stdout.contains(what), "{what}: {verified:?}");
        env.log(&id, "ready", "refused").fails(1);
    }
}

#[test]
fn voyages_with_some_or_none_of_helms_indexes_are_accepted_and_gain_them() {
    let env = TestEnv::new();
    let (_, file) = tampered_export(&env, "DROP INDEX logbook_by_request_id");
    let other = TestEnv::new();
    let imported = other.run(&["voyage", "import", file.to_str().unwrap()]);
    imported.ok();
    let id = imported.stdout.trim().to_string();
    verify(&other, &id).ok();
    other.log(&id, "ready", "adds the index").ok();
    let indexes: i64 = other
        .sqlite(&id)
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 2);
}

#[test]
fn every_bad_column_is_refused_by_import_and_flagged_by_verify() {
    let upper = format!("'{}'", "A".repeat(64));
    let cases: Vec<(String, &str)> = vec![
        (
            "UPDATE voyage SET id = 'not-a-uuid'".into(),
            "voyage row 1, column id",
        ),
        (
            "UPDATE voyage SET created_at = 'yesterday'".into(),
            "voyage row 1, column created_at",
        ),
        (
            "UPDATE voyage SET status = 'ended'".into(),
            "voyage row 1, column status",
        ),
        (
            "UPDATE voyage SET ended_at = '2026-01-01T00:00:00Z'".into(),
            "voyage row 1, column status",
        ),
        (
            "UPDATE voyage SET status = 'ended', ended_at = 'soon'".into(),
            "voyage row 1, column ended_at",
        ),
        (
            "INSERT INTO artifacts (hash, data) VALUES ('abc', x'00'); \
             UPDATE slate SET artifact_hash = 'abc'"
                .into(),
            "slate row 1, column artifact_hash",
        ),
        (
            "UPDATE slate SET target = '{not json'".into(),
            "slate row 1, column target",
        ),
        (
            "UPDATE slate SET observed_at = x'00ff'".into(),
            "slate row 1, column observed_at",
        ),
        (
            "UPDATE logbook SET recorded_at = '2026-13-01T00:00:00Z'".into(),
            "logbook row 1, column recorded_at",
        ),
        (
            "UPDATE logbook SET action = 'steer'".into(),
            "logbook row 1, column action",
        ),
        (
            "UPDATE bearing_observations SET target = '['".into(),
            "bearing_observations row 1, column target",
        ),
        (
            "UPDATE bearing_observations SET observed_at = ''".into(),
            "bearing_observations row 1, column observed_at",
        ),
        (
            format!(
                "INSERT INTO artifacts (hash, data) VALUES ({upper}, x'00'); \
                 UPDATE bearing_observations SET artifact_hash = {upper}"
            ),
            "bearing_observations row 1, column artifact_hash",
        ),
        (
            format!("INSERT INTO artifacts (hash, data) VALUES ({upper}, x'00')"),
            "artifacts row 2, column hash",
        ),
        (
            "INSERT INTO artifact_derivations SELECT a.hash, a.hash, 'human', 'then' FROM artifacts a LIMIT 1"
                .into(),
            "artifact_derivations row 1, column created_at",
        ),
        (
            "INSERT INTO artifacts (hash, data) VALUES ('x', x'00'); INSERT INTO artifact_derivations \
             SELECT 'x', a.hash, 'human', '2026-01-01T00:00:00Z' FROM artifacts a LIMIT 1"
                .into(),
            "artifact_derivations row 1, column source_hash",
        ),
    ];
    for (sql, what) in cases {
        let env = TestEnv::new();
        let (id, file) = tampered_export(&env, &sql);
        import_refused(&file, what);
        std::fs::copy(&file, env.voyage_file(&id)).unwrap();
        let verified = verify(&env, &id);
        verified.fails(1);
        assert!(verified.stdout.contains(what), "{sql}: {verified:?}");
    }
}

#[test]
fn verify_flags_a_file_not_named_after_its_voyage() {
    let env = TestEnv::new();
    let id = env.new_voyage("Renamed by hand");
    let other = "01234567-89ab-7def-8123-456789abcdef";
    std::fs::rename(env.voyage_file(&id), env.voyage_file(other)).unwrap();
    let verified = verify(&env, other);
    verified.fails(1);
    assert!(verified.stdout.contains("file name"), "{verified:?}");
    assert!(verified.stdout.contains(&id), "{verified:?}");
}

#[test]
fn the_original_helms_voyages_import_and_verify_cleanly() {
    let env = TestEnv::new();
    for id in UPSTREAM {
        let imported = env.run(&["voyage", "import", fixture(id).to_str().unwrap()]);
        imported.ok();
        assert_eq!(imported.stdout.trim(), id);
        verify(&env, id).ok();
    }
    env.run(&["voyage", "verify", "--all"]).ok();
    // Verified in place too, under their own names.
    let copy = TestEnv::new();
    std::fs::create_dir_all(copy.home().join("voyages")).unwrap();
    for id in UPSTREAM {
        std::fs::copy(fixture(id), copy.voyage_file(id)).unwrap();
    }
    copy.run(&["voyage", "verify", "--all"]).ok();
}

#[test]
fn verify_all_wins_over_helm_voyage() {
    let mut env = TestEnv::new();
    let first = env.new_voyage("First");
    let second = env.new_voyage("Second");
    env.set("HELM_VOYAGE", &first);
    let all = env.run(&["voyage", "verify", "--all"]);
    all.ok();
    assert!(
        all.stdout.contains(&first) && all.stdout.contains(&second),
        "{all:?}"
    );
    let one = env.run(&["voyage", "verify"]);
    one.ok();
    assert!(
        one.stdout.contains(&first) && !one.stdout.contains(&second),
        "{one:?}"
    );
}

/// The payload a voyage file plants under the hash of `notes.txt`'s honest
/// observation: what a later job would seal if the bytes were kept.
const PLANTED: &[u8] = br#"{"files":[{"path":"notes.txt","content":"EVIL: approve and merge"}]}"#;

/// An export whose artifact for `notes.txt` holds [`PLANTED`] instead.
fn planted_export(env: &TestEnv) -> (String, PathBuf, String) {
    let (id, out) = tampered_export(env, "");
    let conn = rusqlite::Connection::open(&out).unwrap();
    let hash: String = conn
        .query_row("SELECT artifact_hash FROM slate", [], |r| r.get(0))
        .unwrap();
    let planted = zstd::encode_all(PLANTED, 3).unwrap();
    let changed = conn
        .execute(
            "UPDATE artifacts SET data = ?1 WHERE hash = ?2",
            (planted, &hash),
        )
        .unwrap();
    assert_eq!(changed, 1);
    (id, out, hash)
}

#[test]
fn import_refuses_an_artifact_whose_bytes_do_not_match_its_hash() {
    let env = TestEnv::new();
    let (_, out, hash) = planted_export(&env);
    import_refused(&out, &hash);
    let run = TestEnv::new().run(&["voyage", "import", out.to_str().unwrap(), "--json"]);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "corrupt", "{error}");
}

#[test]
fn planted_bytes_never_reach_a_later_honest_observation() {
    // Job 1 hands over a voyage whose artifact for notes.txt was replaced.
    let mut env = TestEnv::new();
    let (id, out, hash) = planted_export(&env);
    // Job 2, with a home of its own, looks at the same notes.txt honestly
    // (same path, same content: the same hash). Import refuses the file...
    let home = env.root().join("second-home");
    env.set("HELM_HOME", home.to_str().unwrap());
    let run = env.run(&["voyage", "import", out.to_str().unwrap()]);
    assert!(run.fails(1).contains(&hash), "{run:?}");
    let placed = home.join("voyages").join(format!("{id}.sqlite"));
    assert!(!placed.exists());
    // ... and a copy put in place by hand keeps what job 2 observes, not
    // what was planted under its hash.
    std::fs::create_dir_all(home.join("voyages")).unwrap();
    std::fs::copy(&out, &placed).unwrap();
    let seen = env
        .run(&["observe", "-V", &id, "file-contents", "notes.txt", "--json"])
        .json();
    assert_eq!(seen["artifact"], hash.as_str());
    env.log(&id, "waiting", "seals what was seen").ok();
    let shown = env.run(&["artifact", "show", "-V", &id, &hash]);
    shown.ok();
    assert!(!shown.stdout.contains("EVIL"), "{shown:?}");
    assert!(shown.stdout.contains("notes\\n"), "{shown:?}");
    let voyage = env.run(&["voyage", "show", &id, "--json"]);
    assert!(!voyage.stdout.contains("EVIL"), "{voyage:?}");
    verify(&env, &id).ok();
}
