//! `voyage compact`: gives the pages of dropped payloads back to the file
//! system with SQLite's `VACUUM`, which rebuilds the file in place.
//!
//! VACUUM takes the voyage's locks like any helm writer: it waits (the busy
//! timeout every connection has) for a writer or reader to finish, holds the
//! exclusive lock only while it copies the rebuilt file back, and others wait
//! behind it the same way. Nothing is lost or refused; the rows, their order (so
//! the order of each bearing) and the journal mode are kept. It never
//! prints and never decides which voyage to compact.

use std::fs;
use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::sql::Sql;

/// The voyage file's size around one compaction.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sizes {
    pub bytes_before: u64,
    pub bytes_after: u64,
}

/// Rebuilds the voyage that `conn` (opened on `path`) holds. `conn` must
/// have no transaction open.
pub(crate) fn compact(conn: &Connection, path: &Path) -> Result<Sizes> {
    let bytes_before = size(path)?;
    conn.execute_batch("VACUUM").sql()?;
    Ok(Sizes {
        bytes_before,
        bytes_after: size(path)?,
    })
}

fn size(path: &Path) -> Result<u64> {
    fs::metadata(path)
        .map(|meta| meta.len())
        .map_err(|err| Error::io(format!("cannot read {}", path.display()), &err))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{Home, artifact::Packer, lifecycle, slate, voyage};

    #[test]
    fn a_jettisoned_payload_gives_its_pages_back() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        let created = voyage::create(&home, "compact", "2026-01-01T00:00:00.000000Z").unwrap();
        let path = home.voyage_path(&created.id);
        let mut conn = crate::storage::open(&path).unwrap();
        // Random letters (xorshift), so the stored frame stays large.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let noise: String = (0..400_000)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                char::from(b'a' + (seed % 26) as u8)
            })
            .collect();
        let packed = Packer::pack(&noise).unwrap();
        let tx = crate::storage::write(&mut conn).unwrap();
        slate::put(
            &tx,
            &crate::model::SlateKey::exact("{\"kind\":\"t\"}"),
            &packed,
            "2026-01-01T00:00:01.000000Z",
        )
        .unwrap();
        tx.commit().unwrap();
        let tx = crate::storage::write(&mut conn).unwrap();
        lifecycle::jettison(&tx, std::slice::from_ref(&packed.hash)).unwrap();
        tx.commit().unwrap();
        let sizes = compact(&conn, &path).unwrap();
        assert!(sizes.bytes_before > 200_000, "{sizes:?}");
        // What is left is the empty voyage: 14 pages of 4 KiB (six tables,
        // their automatic indexes and helm's two indexes, ADR 0007).
        assert!(sizes.bytes_after < 64_000, "{sizes:?}");
        let journal: String = conn
            .query_row("PRAGMA journal_mode", [], |row| row.get(0))
            .unwrap();
        assert_eq!(journal, "delete");
    }
}
