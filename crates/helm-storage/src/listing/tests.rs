//! The file peek against SQLite: the same summary wherever it answers, and no
//! answer where only SQLite may read.

use std::path::{Path, PathBuf};

use super::peek::peek;
use super::unique_prefix_len;
use crate::storage::{Home, VoyageFile, voyage};
use uuid::Uuid;

/// The peek as `list` makes it: the file opened through SQLite's VFS, its
/// stat and journal looked up in its folder.
fn peek_at(path: &Path) -> Option<(super::cache::Stamp, voyage::Summary)> {
    let dir = super::Dir::open(path.parent().unwrap());
    let file = crate::storage::vfs::VfsFile::open(path).ok()?;
    peek(file, || dir.meta(path), || dir.has_journal(path))
}

fn new_voyage(dir: &Path, intent: &str) -> PathBuf {
    let home = Home::new(dir);
    let made = voyage::create(&home, intent, "2026-11-22T04:55:58.828755Z").unwrap();
    home.voyage_path(&made.id)
}

fn through_sqlite(path: &Path) -> String {
    let id = uuid::Uuid::try_parse(
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default(),
    )
    .unwrap_or_default();
    let file = VoyageFile {
        id,
        path: path.to_path_buf(),
    };
    format!("{:?}", voyage::load_summary(&file).unwrap())
}

fn peeked(path: &Path) -> String {
    format!("{:?}", peek_at(path).expect("peek answers").1)
}

#[test]
fn peek_reads_what_sqlite_reads_at_every_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_voyage(dir.path(), "first");
    assert_eq!(peeked(&path), through_sqlite(&path));
    let conn = rusqlite::Connection::open(&path).unwrap();
    // Intents around the lengths where a row starts to overflow its page,
    // and long enough for a chain of overflow pages.
    for len in [0, 1, 3000, 4050, 4061, 4062, 4063, 4100, 9000, 70_000] {
        let intent: String = "é→x".chars().cycle().take(len).collect();
        conn.execute("UPDATE voyage SET intent = ?1", [&intent])
            .unwrap();
        assert_eq!(
            peeked(&path),
            through_sqlite(&path),
            "intent of {len} chars"
        );
    }
    // Enough entries for a logbook b-tree of three levels.
    conn.execute_batch(
        "BEGIN;
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000)
         INSERT INTO logbook (recorded_at, identity, action, summary, role, method)
             SELECT '2026-11-22T04:55:58.828755Z', 'bench', '{\"kind\":\"log\",\"status\":\"ready\"}',
                    printf('entry %d %.*c', i, i % 300, 'x'), 'coder', 'human' FROM n;
         UPDATE voyage SET status = 'ended', ended_at = '2026-11-23T00:00:00Z', ended_status = NULL;
         COMMIT;",
    )
    .unwrap();
    let summary = peek_at(&path).unwrap().1;
    assert_eq!(summary.entries, 30_000);
    assert_eq!(format!("{summary:?}"), through_sqlite(&path));
    conn.execute("UPDATE voyage SET ended_status = 'merged'", [])
        .unwrap();
    assert_eq!(peeked(&path), through_sqlite(&path));
}

#[test]
fn peek_reads_voyages_written_by_the_original_helm() {
    let fixtures =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/upstream-voyages");
    for name in [
        "9c54720f-6d86-4341-a73e-bcb8c1b39322.sqlite",
        "5fabe0ec-6878-4623-8831-4a6642efa3ca.sqlite",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::copy(fixtures.join(name), &path).unwrap();
        assert_eq!(peeked(&path), through_sqlite(&path), "{name}");
    }
}

#[test]
fn peek_leaves_to_sqlite_what_only_sqlite_may_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = new_voyage(dir.path(), "odd");
    let mut journal = path.clone().into_os_string();
    journal.push("-journal");
    std::fs::write(&journal, b"").unwrap();
    assert!(peek_at(&path).is_none(), "a journal may be hot");
    std::fs::remove_file(&journal).unwrap();

    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 2).unwrap();
    assert!(peek_at(&path).is_none(), "another schema version");
    conn.pragma_update(None, "user_version", 1).unwrap();
    conn.execute_batch("ALTER TABLE voyage ADD COLUMN extra TEXT")
        .unwrap();
    assert!(peek_at(&path).is_none(), "another voyage table");
    drop(conn);

    let wal = new_voyage(dir.path(), "wal");
    let conn = rusqlite::Connection::open(&wal).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    assert!(
        peek_at(&wal).is_none(),
        "WAL commits do not show in the main file"
    );
    drop(conn);

    for garbage in [&b""[..], b"not a database", &[0u8; 8192]] {
        let path = dir.path().join("garbage.sqlite");
        std::fs::write(&path, garbage).unwrap();
        assert!(peek_at(&path).is_none());
    }
}

/// Any damage to a voyage file gives an answer or `None`, never a panic or a
/// hang: a new voyage (all leaves) and one with interior and overflow pages.
#[test]
fn peek_survives_flipped_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let small = new_voyage(dir.path(), "flip");
    let grown = new_voyage(dir.path(), "flip grown");
    rusqlite::Connection::open(&grown)
        .unwrap()
        .execute_batch(
            "BEGIN;
             UPDATE voyage SET intent = printf('%.*c', 9000, 'i');
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
             INSERT INTO logbook (recorded_at, identity, action, summary, role, method)
                 SELECT 'at', 'who', '{}', printf('%.*c', i % 500, 's'), 'r', 'm' FROM n;
             COMMIT;",
        )
        .unwrap();
    use std::os::unix::fs::FileExt;
    for (path, step) in [(&small, 11), (&grown, 223)] {
        let good = std::fs::read(path).unwrap();
        let file = std::fs::OpenOptions::new().write(true).open(path).unwrap();
        for at in (0..good.len()).step_by(step) {
            file.write_all_at(&[good[at] ^ 0xa5], at as u64).unwrap();
            let _ = peek_at(path);
            file.write_all_at(&good[at..=at], at as u64).unwrap();
        }
    }
}

#[test]
fn prefixes_tell_ids_apart() {
    let id = |s: &str| Uuid::try_parse(s).unwrap();
    let a = id("01a2019c-6e0a-7557-97dd-709ca9b01d3e");
    let b = id("01a2019c-6e0b-7557-97dd-709ca9b01d3e");
    let c = id("91a2019c-6e0b-7557-97dd-709ca9b01d3e");
    assert_eq!(unique_prefix_len(vec![c, a, b]), 12);
    assert_eq!(unique_prefix_len(vec![a, c]), 8);
    assert_eq!(unique_prefix_len(vec![a, a]), 8);
    assert_eq!(unique_prefix_len(vec![]), 8);
}
