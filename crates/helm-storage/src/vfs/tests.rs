//! Reading through SQLite's VFS beside connections of the same process: the
//! locks they hold survive every open and close made here, as another
//! process sees them (a process never conflicts with its own POSIX locks, so
//! only another process can tell whether they are still there).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, TransactionBehavior};

use super::VfsFile;
use crate::storage::{Home, listing, voyage};

/// Names the file the probe run in a child process looks at.
const PROBE: &str = "HELM_TEST_WRITE_LOCK_PROBE";

fn new_voyage(dir: &Path) -> (Home, PathBuf) {
    let home = Home::new(dir);
    let made = voyage::create(&home, "locks", "2026-11-22T04:55:58.828755Z").unwrap();
    let path = home.voyage_path(&made.id);
    (home, path)
}

/// Whether a connection can begin a write transaction on `path` at once.
fn can_begin_immediate(path: &Path) -> bool {
    let conn = Connection::open(path).unwrap();
    conn.busy_timeout(Duration::ZERO).unwrap();
    match conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;") {
        Ok(()) => true,
        Err(err) if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) => false,
        Err(err) => panic!("the probe failed: {err}"),
    }
}

/// Whether another process could take the write lock of `path` now: this
/// test binary run again, on [`write_lock_probe`] alone.
fn free_for_another_process(path: &Path) -> bool {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "vfs::tests::write_lock_probe",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(PROBE, path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    match (said.contains("probe: free"), said.contains("probe: held")) {
        (true, false) => true,
        (false, true) => false,
        _ => panic!(
            "the probe process did not answer: {said}{}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// In a child process (see [`free_for_another_process`]) it answers for the
/// file named in `PROBE`; as a test of its own it checks that answer both
/// ways in this process, where SQLite knows its own connections' locks.
#[test]
fn write_lock_probe() {
    if let Some(path) = std::env::var_os(PROBE) {
        let free = can_begin_immediate(Path::new(&path));
        println!("probe: {}", if free { "free" } else { "held" });
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = new_voyage(dir.path());
    assert!(can_begin_immediate(&path));
    let mut holder = Connection::open(&path).unwrap();
    let tx = holder
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .unwrap();
    assert!(!can_begin_immediate(&path));
    drop(tx);
    assert!(can_begin_immediate(&path));
}

#[test]
fn reading_beside_a_writer_keeps_its_write_lock() {
    let dir = tempfile::tempdir().unwrap();
    let (home, path) = new_voyage(dir.path());
    let mut writer = crate::storage::open(&path).unwrap();
    let reader = crate::storage::open(&path).unwrap();
    let tx = writer
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .unwrap();
    tx.execute("DELETE FROM slate", []).unwrap();
    assert!(
        !free_for_another_process(&path),
        "the writer holds its lock"
    );

    // A second connection reads, and the listing runs cold (the peek) and
    // warm (the cache's stamp), all beside the write transaction.
    let intent: String = reader
        .query_row("SELECT intent FROM voyage", [], |row| row.get(0))
        .unwrap();
    assert_eq!(intent, "locks");
    for _ in 0..2 {
        let listed = listing::list(&home).unwrap();
        assert_eq!(listed.voyages.len(), 1, "{:?}", listed.unreadable);
        assert!(
            !free_for_another_process(&path),
            "a listing dropped the lock"
        );
    }
    let mut file = VfsFile::open(&path).unwrap();
    assert!(file.lock_shared().unwrap(), "SHARED goes with RESERVED");
    assert!(file.reserved().unwrap());
    let mut header = [0u8; 16];
    file.read_exact_at(&mut header, 0).unwrap();
    assert_eq!(&header, b"SQLite format 3\0");
    drop(file);
    assert!(
        !free_for_another_process(&path),
        "a closed file dropped the lock"
    );
    drop(reader);
    assert!(
        !free_for_another_process(&path),
        "a closed connection dropped it"
    );

    tx.commit().unwrap();
    assert!(
        free_for_another_process(&path),
        "the lock goes with the commit"
    );

    // What the VFS saves us from: a descriptor of our own, closed beside a
    // write transaction, drops its lock (and shows that the probe can tell).
    let tx = writer
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .unwrap();
    assert!(!free_for_another_process(&path));
    drop(std::fs::File::open(&path).unwrap());
    assert!(
        free_for_another_process(&path),
        "a plain close drops the lock"
    );
    tx.rollback().unwrap();
}

#[test]
fn importing_beside_a_writer_keeps_its_write_lock() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = new_voyage(&dir.path().join("from"));
    let mut writer = crate::storage::open(&path).unwrap();
    let tx = writer
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .unwrap();
    let into = Home::new(dir.path().join("into"));
    let imported = crate::storage::export_import::import(&into, &path).unwrap();
    assert_eq!(imported.intent, "locks");
    assert!(
        !free_for_another_process(&path),
        "the import dropped the lock"
    );
    tx.commit().unwrap();
}

#[test]
fn a_writer_committing_refuses_the_shared_lock() {
    let dir = tempfile::tempdir().unwrap();
    let (_, path) = new_voyage(dir.path());
    let mut writer = Connection::open(&path).unwrap();
    let tx = writer
        .transaction_with_behavior(TransactionBehavior::Exclusive)
        .unwrap();
    let mut file = VfsFile::open(&path).unwrap();
    assert!(!file.lock_shared().unwrap(), "EXCLUSIVE keeps readers out");
    drop(tx);
    assert!(file.lock_shared().unwrap());
    assert!(!file.reserved().unwrap());
}

#[test]
fn reads_what_the_file_holds_and_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bytes");
    let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
    std::fs::write(&path, &bytes).unwrap();
    let file = VfsFile::open(&path).unwrap();
    assert_eq!(file.size().unwrap(), 10_000);
    let mut buf = vec![0u8; 4000];
    file.read_exact_at(&mut buf, 5000).unwrap();
    assert_eq!(buf, bytes[5000..9000]);
    let err = file.read_exact_at(&mut buf, 8000).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);

    assert!(VfsFile::open(&dir.path().join("missing")).is_err());
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    assert!(VfsFile::open(&link).is_err(), "SQLite refuses a link");
    assert!(VfsFile::open(Path::new("")).is_err());
}
