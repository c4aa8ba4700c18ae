//! The slate: observations gathered since the last entry, one row per target.
//! Set semantics come from the primary key: observing a target again replaces
//! its row, the newest payload wins.

use rusqlite::{Connection, Transaction};

use super::artifact::{self, Packed};
use crate::error::Result;

/// One observation on the slate or in a sealed bearing.
#[derive(Clone, Debug)]
pub struct Observation {
    /// The canonical target JSON (the slate key).
    pub target: String,
    pub artifact: String,
    pub observed_at: String,
    /// Size of the stored (compressed) payload in bytes.
    pub stored_bytes: u64,
}

/// Stows the payload and puts the observation on the slate, replacing any
/// earlier observation of the same target.
pub fn put(tx: &Transaction<'_>, target: &str, packed: &Packed, observed_at: &str) -> Result<()> {
    artifact::stow(tx, packed)?;
    tx.prepare_cached(
        "INSERT OR REPLACE INTO slate (target, artifact_hash, observed_at) VALUES (?1, ?2, ?3)",
    )?
    .execute((target, &packed.hash, observed_at))?;
    Ok(())
}

/// Removes one target; returns whether it was there.
pub fn erase(tx: &Transaction<'_>, target: &str) -> Result<bool> {
    let removed = tx
        .prepare_cached("DELETE FROM slate WHERE target = ?1")?
        .execute([target])?;
    Ok(removed > 0)
}

/// Removes everything; returns how many observations were removed.
pub fn clear(tx: &Transaction<'_>) -> Result<usize> {
    Ok(tx.execute("DELETE FROM slate", [])?)
}

/// The slate, oldest observation first.
pub fn list(conn: &Connection) -> Result<Vec<Observation>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.target, s.artifact_hash, s.observed_at, length(a.data)
         FROM slate s JOIN artifacts a ON a.hash = s.artifact_hash
         ORDER BY s.observed_at, s.target",
    )?;
    let rows = stmt
        .query_map([], |row| {
            Ok(Observation {
                target: row.get(0)?,
                artifact: row.get(1)?,
                observed_at: row.get(2)?,
                stored_bytes: row.get::<_, Option<i64>>(3)?.unwrap_or(0) as u64,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}
