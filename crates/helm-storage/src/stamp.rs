//! A voyage file's change stamp: SQLite's file change counter (header
//! offset 24, bumped by every commit in rollback-journal mode) and the
//! file's length, for a reader that keeps something derived from a voyage
//! (the search index beside the voyages) and must know whether it changed.
//!
//! The header is read through SQLite's VFS under SQLite's SHARED lock
//! ([`VfsFile`]), never with a descriptor of its own: closing one would
//! drop the locks this process's connections hold on the file (ADR 0011).

use std::path::Path;

use crate::storage::vfs::VfsFile;

/// What a voyage file's header said when it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChangeStamp {
    pub counter: u32,
    pub size: u64,
}

/// The stamp of the voyage file at `path`, or `None` when it cannot be
/// told without SQLite: a writer is committing (the SHARED lock is not
/// granted at once), a journal is beside the file (it may be hot, and only
/// SQLite may roll it back), or the file is not a SQLite file. `None` means
/// "read it again", never "unchanged".
pub fn stamp(path: &Path) -> Option<ChangeStamp> {
    let mut file = VfsFile::open(path).ok()?;
    if !file.lock_shared().ok()? {
        return None;
    }
    let mut journal = path.file_name()?.to_owned();
    journal.push("-journal");
    if std::fs::symlink_metadata(path.with_file_name(journal)).is_ok() {
        return None;
    }
    let size = file.size().ok()?;
    let mut header = [0u8; 28];
    file.read_exact_at(&mut header, 0).ok()?;
    if &header[..16] != b"SQLite format 3\0" {
        return None;
    }
    let counter = u32::from_be_bytes([header[24], header[25], header[26], header[27]]);
    Some(ChangeStamp { counter, size })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Home, VoyageStore};

    #[test]
    fn a_commit_changes_the_stamp_and_a_read_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        let voyage =
            crate::storage::voyage::create(&home, "stamp", "2026-11-21T00:00:00.000000Z").unwrap();
        let file = home.resolve(&voyage.id.to_string()).unwrap();
        let before = stamp(&file.path).unwrap();
        let mut store = VoyageStore::open(file.clone()).unwrap();
        store.snapshot().unwrap();
        assert_eq!(stamp(&file.path), Some(before));
        store
            .connection()
            .execute("UPDATE voyage SET intent = 'stamped'", [])
            .unwrap();
        let after = stamp(&file.path).unwrap();
        assert_ne!(after.counter, before.counter);
    }

    #[test]
    fn a_file_that_is_not_sqlite_has_no_stamp() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.sqlite");
        std::fs::write(&path, b"not a database at all, not even close to one").unwrap();
        assert_eq!(stamp(&path), None);
    }
}
