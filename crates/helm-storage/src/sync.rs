//! What sharing a voyage through git (`sync/`) needs from a voyage file: one
//! read snapshot for a push ([`View`]), one write transaction for a pull
//! ([`Merge`]), and a new voyage file born with a remote voyage's id.
//!
//! The decisions (what to add, renumber, stow or drop) are the caller's,
//! taken inside the transaction from what it reads there; this module only
//! opens, reads, writes and commits, so a pull is one transaction: the
//! voyage as before or fully updated. Never prints, never reads git.

use rusqlite::{OptionalExtension, Transaction};

use super::artifact::{self, ArtifactStatus, Packed, status_of_a};
use super::logbook::Entry;
use super::slate::{OBSERVATION_COLUMNS, Observation};
use super::{VoyageStore, schema, voyage};

mod born;
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;
use crate::model::{Provenance, Voyage, VoyageStatus};
use crate::sql::Sql;
pub use born::{Born, sweep_unborn};

/// An entry to write at a given number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEntry {
    pub recorded_at: String,
    pub provenance: Provenance,
    /// The action JSON text, exactly as recorded.
    pub action: String,
    /// (target JSON text, artifact hash, observed at), in bearing order.
    pub bearing: Vec<(String, String, String)>,
}

/// One artifact derivation row.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DerivedSummary {
    pub created_at: String,
    pub summary: String,
    pub method: String,
}

/// An artifact's lifecycle as the voyage holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtifactRow {
    pub status: ArtifactStatus,
    /// Derivations of which it is the source, oldest first.
    pub derivations: Vec<DerivedSummary>,
}

/// Reads inside one transaction, read or write.
pub struct View<'t> {
    tx: &'t Transaction<'t>,
}

/// A pull's write transaction: [`View`]'s reads and the writes a merge makes.
pub struct Merge<'t> {
    view: View<'t>,
}

impl<'t> std::ops::Deref for Merge<'t> {
    type Target = View<'t>;

    fn deref(&self) -> &View<'t> {
        &self.view
    }
}

impl VoyageStore {
    /// Runs `read` in one read snapshot of the voyage (schema checked).
    pub fn sync_read<T>(&mut self, read: impl FnOnce(&View<'_>) -> Result<T>) -> Result<T> {
        let conn = self.connection_mut();
        schema::check(conn)?;
        let tx = super::read(conn)?;
        let value = read(&View { tx: &tx })?;
        tx.commit().sql()?;
        Ok(value)
    }

    /// Runs `merge` in one write transaction (`BEGIN IMMEDIATE`, so it waits
    /// for other writers and they wait for it), committed only when `merge`
    /// succeeds: a failure or a crash leaves the voyage as it was.
    pub fn sync_merge<T>(&mut self, merge: impl FnOnce(&Merge<'_>) -> Result<T>) -> Result<T> {
        let tx = super::write(self.connection_mut())?;
        let value = merge(&Merge {
            view: View { tx: &tx },
        })?;
        tx.commit().sql()?;
        Ok(value)
    }
}

impl View<'_> {
    pub fn voyage(&self) -> Result<Voyage> {
        voyage::get(self.tx)
    }

    /// Entries numbered `from` or later, with their bearings, in order.
    pub fn entries_from(&self, from: u64) -> Result<Vec<Entry>> {
        self.entries_between(from, i64::MAX as u64)
    }

    /// One entry, with its bearing.
    pub fn entry(&self, number: u64) -> Result<Option<Entry>> {
        Ok(self.entries_between(number, number)?.pop())
    }

    fn entries_between(&self, from: u64, to: u64) -> Result<Vec<Entry>> {
        let range = (from as i64, to as i64);
        let mut entries: Vec<Entry> = self
            .tx
            .prepare_cached(
                "SELECT id, recorded_at, identity, action, summary, role, method
                 FROM logbook WHERE id BETWEEN ?1 AND ?2 ORDER BY id",
            )
            .sql()?
            .query_map(range, |row| {
                Ok(Entry::new(
                    row.get(0)?,
                    row.get(1)?,
                    Provenance {
                        identity: row.get(2)?,
                        summary: row.get(4)?,
                        role: row.get(5)?,
                        method: row.get(6)?,
                    },
                    row.get(3)?,
                    Vec::new(),
                ))
            })
            .sql()?
            .collect::<rusqlite::Result<_>>()
            .sql()?;
        let mut stmt = self
            .tx
            .prepare_cached(&format!(
                "SELECT o.logbook_id, {OBSERVATION_COLUMNS}
             FROM bearing_observations o LEFT JOIN artifacts a ON a.hash = o.artifact_hash
             WHERE o.logbook_id BETWEEN ?1 AND ?2 ORDER BY o.logbook_id, o.rowid"
            ))
            .sql()?;
        let mut rows = stmt.query(range).sql()?;
        let mut index = 0;
        while let Some(row) = rows.next().sql()? {
            let id: i64 = row.get(0).sql()?;
            while index < entries.len() && entries[index].id < id {
                index += 1;
            }
            match entries.get_mut(index).filter(|e| e.id == id) {
                Some(entry) => entry.bearing.push(Observation::from_row_at(row, 1).sql()?),
                None => {
                    return Err(Error::new(
                        Kind::Corrupt,
                        format!("a bearing observation refers to missing entry {id}"),
                    )
                    .hint(words![
                        "run ",
                        cmd("voyage verify"),
                        " for a report"
                    ]));
                }
            }
        }
        Ok(entries)
    }

    /// An artifact's status and derivations, if the voyage holds it.
    pub fn artifact(&self, hash: &str) -> Result<Option<ArtifactRow>> {
        let status: Option<ArtifactStatus> = self
            .tx
            .prepare_cached(concat!(
                "SELECT ",
                status_of_a!(),
                " FROM artifacts a WHERE hash = ?1"
            ))
            .sql()?
            .query_row([hash], |row| row.get(0))
            .optional()
            .sql()?;
        let Some(status) = status else {
            return Ok(None);
        };
        let mut derivations: Vec<DerivedSummary> = self
            .tx
            .prepare_cached(
                "SELECT created_at, derived_hash, method FROM artifact_derivations
                 WHERE source_hash = ?1",
            )
            .sql()?
            .query_map([hash], |row| {
                Ok(DerivedSummary {
                    created_at: row.get(0)?,
                    summary: row.get(1)?,
                    method: row.get(2)?,
                })
            })
            .sql()?
            .collect::<rusqlite::Result<_>>()
            .sql()?;
        derivations.sort();
        Ok(Some(ArtifactRow {
            status,
            derivations,
        }))
    }

    /// Every artifact whose lifecycle is not plain `stowed`: not stowed, or
    /// the source of a derivation.
    pub fn lifecycle_artifacts(&self) -> Result<Vec<String>> {
        self.tx
            .prepare(concat!(
                "SELECT hash FROM artifacts a WHERE ",
                status_of_a!(),
                " <> ?1 UNION SELECT source_hash FROM artifact_derivations ORDER BY 1"
            ))
            .sql()?
            .query_map([ArtifactStatus::Stowed], |row| row.get(0))
            .sql()?
            .collect::<rusqlite::Result<_>>()
            .sql()
    }

    /// A stowed artifact's zstd frame.
    pub fn frame(&self, hash: &str) -> Result<Option<Vec<u8>>> {
        self.tx
            .prepare_cached("SELECT data FROM artifacts WHERE hash = ?1 AND status = ?2")
            .sql()?
            .query_row(rusqlite::params![hash, ArtifactStatus::Stowed], |row| {
                row.get(0)
            })
            .optional()
            .sql()
    }
}

impl Merge<'_> {
    fn tx(&self) -> &Transaction<'_> {
        self.view.tx
    }

    /// Replaces every entry numbered `from` or later by `entries`, numbered
    /// `from`, `from + 1`, …, bearings and all. The artifacts they name must
    /// be in the voyage already.
    pub fn replace_from(&self, from: u64, entries: &[NewEntry]) -> Result<()> {
        let tx = self.tx();
        tx.execute(
            "DELETE FROM bearing_observations WHERE logbook_id >= ?1",
            [from as i64],
        )
        .sql()?;
        tx.execute("DELETE FROM logbook WHERE id >= ?1", [from as i64])
            .sql()?;
        let mut entry_stmt = tx
            .prepare_cached(
                "INSERT INTO logbook (id, recorded_at, identity, action, summary, role, method)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )
            .sql()?;
        let mut bearing_stmt = tx
            .prepare_cached(
                "INSERT INTO bearing_observations (logbook_id, target, artifact_hash, observed_at)
             VALUES (?1, ?2, ?3, ?4)",
            )
            .sql()?;
        for (i, entry) in entries.iter().enumerate() {
            let id = from as i64 + i as i64;
            let who = &entry.provenance;
            entry_stmt
                .execute((
                    id,
                    &entry.recorded_at,
                    &who.identity,
                    &entry.action,
                    &who.summary,
                    &who.role,
                    &who.method,
                ))
                .sql()?;
            for (target, artifact, observed_at) in &entry.bearing {
                bearing_stmt
                    .execute((id, target, artifact, observed_at))
                    .sql()?;
            }
        }
        Ok(())
    }

    /// Stores a payload (stowed), giving a reduced or jettisoned artifact
    /// its payload back.
    pub fn stow(&self, packed: &Packed) -> Result<()> {
        artifact::stow(self.tx(), packed)
    }

    /// Makes the artifact `reduced` or `jettisoned`: its row kept (made
    /// with an empty payload if the voyage lacked it), its payload dropped.
    pub fn drop_payload(&self, hash: &str, status: &str) -> Result<()> {
        self.tx()
            .prepare_cached(
                "INSERT INTO artifacts (hash, data, status) VALUES (?1, x'', ?2)
                 ON CONFLICT (hash) DO UPDATE SET data = x'', status = excluded.status",
            )
            .sql()?
            .execute((hash, status))
            .sql()?;
        Ok(())
    }

    /// Records that `summary` was made of `source`; the newer of two
    /// records of the same pair stands.
    pub fn derive(&self, source: &str, derivation: &DerivedSummary) -> Result<()> {
        self.tx()
            .prepare_cached(
                "INSERT INTO artifact_derivations (source_hash, derived_hash, method, created_at)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (source_hash, derived_hash) DO UPDATE
                 SET method = excluded.method, created_at = excluded.created_at
                 WHERE excluded.created_at > artifact_derivations.created_at",
            )
            .sql()?
            .execute((
                source,
                &derivation.summary,
                &derivation.method,
                &derivation.created_at,
            ))
            .sql()?;
        Ok(())
    }

    /// Sets the voyage's status: active, or ended when and how.
    pub fn set_status(&self, status: &VoyageStatus) -> Result<()> {
        match status {
            VoyageStatus::Active => self
                .tx()
                .execute(
                    "UPDATE voyage SET status = 'active', ended_at = NULL, ended_status = NULL",
                    [],
                )
                .sql()?,
            VoyageStatus::Ended {
                ended_at,
                ended_status,
            } => self
                .tx()
                .execute(
                    "UPDATE voyage SET status = 'ended', ended_at = ?1, ended_status = ?2",
                    (ended_at, ended_status),
                )
                .sql()?,
        };
        Ok(())
    }
}
