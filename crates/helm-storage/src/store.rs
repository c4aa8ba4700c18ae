//! `VoyageStore`: one voyage file and its connection, with every read the
//! commands need and every write as a method. Each write method opens and
//! commits its own transaction here, so no code outside `storage` ever
//! begins one; `seal` keeps seal → perform → record → clear in one.

use rusqlite::{Connection, OptionalExtension};
use uuid::Uuid;

use super::artifact::{self, ArtifactStatus, Packed, Stored, status_of_a};
use super::lifecycle;
use super::logbook::{self, Entry, Sealed};
use super::sealing::{Decision, Sealing};
use super::slate::{self, Observation, Put};
use super::{VoyageFile, name_file, voyage};
use crate::error::Result;
use crate::model::{EntryAction, Provenance, SlateKey, Voyage};
use crate::sql::Sql;

/// A payload as [`VoyageStore::payloads`] hands it over.
#[derive(Debug)]
pub enum Payload {
    /// The payload JSON (`None` if it does not decompress).
    Stowed(Option<Vec<u8>>),
    /// The summary's payload JSON, in place of a reduced payload.
    Reduced(Option<Vec<u8>>),
    Jettisoned,
    /// Stored larger than the limit asked for: its compressed size.
    TooLarge(u64),
    /// No such artifact (a voyage that fails verification).
    Missing,
}

fn decompress(data: &[u8]) -> Option<Vec<u8>> {
    zstd::decode_all(data).ok()
}

pub struct VoyageStore {
    file: VoyageFile,
    conn: Connection,
}

/// A voyage read in one snapshot: what `voyage show` tells.
#[derive(Debug)]
pub struct Snapshot {
    pub voyage: Voyage,
    pub entries: Vec<Entry>,
    pub slate: Vec<Observation>,
}

impl VoyageStore {
    /// Opens a voyage for reading: the schema is checked before anything is read.
    pub fn open(file: VoyageFile) -> Result<VoyageStore> {
        let conn = super::open(&file.path).map_err(|err| name_file(err, &file))?;
        Ok(VoyageStore { file, conn })
    }

    /// Opens a voyage for a command that writes: the schema is checked
    /// inside the write transaction instead, saving a round of locking on
    /// the hot paths (`observe`, `log`).
    pub fn open_for_write(file: VoyageFile) -> Result<VoyageStore> {
        let conn = super::open_unchecked(&file.path).map_err(|err| name_file(err, &file))?;
        Ok(VoyageStore { file, conn })
    }

    pub fn id(&self) -> Uuid {
        self.file.id
    }

    pub fn file(&self) -> &VoyageFile {
        &self.file
    }

    /// The connection, for tests (here and in helm-core, through the
    /// `test-support` feature) that make SQLite fail on purpose.
    #[cfg(any(test, feature = "test-support"))]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The connection, for the sync transactions (`storage::sync`).
    pub(super) fn connection_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    // ---- reads

    pub fn voyage(&self) -> Result<Voyage> {
        voyage::get(&self.conn)
    }

    /// Refuses early when the voyage has ended (writers check again under
    /// their lock).
    pub fn ensure_active(&self) -> Result<Voyage> {
        voyage::ensure_active(&self.conn)
    }

    pub fn slate(&self) -> Result<Vec<Observation>> {
        slate::list(&self.conn)
    }

    /// The entry recorded with this request id, if any: what a steer with
    /// it would replay (a dry run says so instead of acting).
    pub fn entry_by_request_id(&self, request_id: &str) -> Result<Option<Entry>> {
        super::sealing::find_by_request_id(&self.conn, request_id)
    }

    /// Runs `read` on one read snapshot of the logbook: a dry run decides an
    /// interrupted attempt there as a retry would under the write lock.
    pub fn read_with<T>(
        &mut self,
        read: impl FnOnce(&super::sealing::LogbookSnapshot<'_>) -> Result<T>,
    ) -> Result<T> {
        let tx = super::read(&mut self.conn)?;
        let value = read(&super::sealing::LogbookSnapshot { tx: &tx })?;
        tx.commit().sql()?;
        Ok(value)
    }

    /// The voyage, every entry with its bearing, and the slate, from one
    /// consistent snapshot.
    pub fn snapshot(&mut self) -> Result<Snapshot> {
        let tx = super::read(&mut self.conn)?;
        let snapshot = Snapshot {
            voyage: voyage::get(&tx)?,
            entries: logbook::entries(&tx)?,
            slate: slate::list(&tx)?,
        };
        tx.commit().sql()?;
        Ok(snapshot)
    }

    /// The artifact of the latest observation of `target` (in any spelling
    /// of a GitHub repository): its slate row, else the newest bearing that
    /// holds it. Re-observing starts from it.
    pub fn latest_artifact_of(&self, key: &SlateKey) -> Result<Option<Stored>> {
        let same = slate::SAME_TARGET;
        let hash: Option<String> = self
            .conn
            .prepare_cached(&format!(
                "SELECT artifact_hash FROM slate WHERE {same}
                 UNION ALL
                 SELECT * FROM (SELECT artifact_hash FROM bearing_observations
                                WHERE {same} ORDER BY observed_at DESC LIMIT 1)
                 LIMIT 1"
            ))
            .sql()?
            .query_row((&key.text, key.folds_case), |row| row.get(0))
            .optional()
            .sql()?;
        match hash {
            Some(hash) => Ok(Some(artifact::load(&self.conn, &hash)?)),
            None => Ok(None),
        }
    }

    /// The artifact of the newest sealed observation of `target` (in any
    /// spelling of a GitHub repository): what an entry's bearing last held
    /// of it, whatever the slate holds now.
    pub fn sealed_artifact_of(&self, key: &SlateKey) -> Result<Option<Stored>> {
        let same = slate::SAME_TARGET;
        let hash: Option<String> = self
            .conn
            .prepare_cached(&format!(
                "SELECT artifact_hash FROM bearing_observations
                 WHERE {same} ORDER BY observed_at DESC LIMIT 1"
            ))
            .sql()?
            .query_row((&key.text, key.folds_case), |row| row.get(0))
            .optional()
            .sql()?;
        match hash {
            Some(hash) => Ok(Some(artifact::load(&self.conn, &hash)?)),
            None => Ok(None),
        }
    }

    /// An artifact by full hash or unique prefix, still compressed.
    pub fn artifact(&self, hash: &str) -> Result<Stored> {
        artifact::load(&self.conn, hash)
    }

    // ---- writes, each one transaction

    /// Stows the payload and puts the observation on the slate, unless a
    /// newer observation of the same target is already there.
    pub fn put_observation(
        &mut self,
        key: &SlateKey,
        packed: &Packed,
        observed_at: &str,
    ) -> Result<Put> {
        let tx = super::write(&mut self.conn)?;
        voyage::ensure_active(&tx)?;
        let put = slate::put(&tx, key, packed, observed_at)?;
        tx.commit().sql()?;
        Ok(put)
    }

    /// Takes one target off the slate; returns whether it was there.
    pub fn erase(&mut self, key: &SlateKey) -> Result<bool> {
        let tx = super::write(&mut self.conn)?;
        voyage::ensure_active(&tx)?;
        let erased = slate::erase(&tx, key)?;
        tx.commit().sql()?;
        Ok(erased)
    }

    /// Empties the slate without recording anything; returns how many
    /// observations were removed.
    pub fn clear_slate(&mut self) -> Result<usize> {
        let tx = super::write(&mut self.conn)?;
        voyage::ensure_active(&tx)?;
        let cleared = slate::clear(&tx)?;
        tx.commit().sql()?;
        Ok(cleared)
    }

    /// Seals the slate into a bearing, performs the action, records one entry
    /// and clears the slate, in one write transaction (see
    /// [`logbook::seal`]). `perform` runs under the voyage's write lock.
    pub fn seal<F>(
        &mut self,
        provenance: &Provenance,
        request_id: Option<&str>,
        perform: F,
    ) -> Result<Sealed>
    where
        F: FnOnce(&[Observation]) -> Result<EntryAction>,
    {
        logbook::seal(&mut self.conn, provenance, request_id, perform)
    }

    /// [`seal`](Self::seal) for a closure that decides, under the lock,
    /// whether to record at all (see [`logbook::seal_with`]): settling an
    /// interrupted steer. Works on an ended voyage; the closure refuses
    /// where it must. `None` when nothing was recorded.
    pub fn seal_with<F>(&mut self, request_id: Option<&str>, decide: F) -> Result<Option<Sealed>>
    where
        F: FnOnce(&Sealing<'_>) -> Result<Decision>,
    {
        logbook::seal_with(&mut self.conn, request_id, decide)
    }

    /// Ends the voyage unless `check`, run under the write lock, refuses.
    pub fn end_unless<F>(&mut self, status: Option<&str>, now: &str, check: F) -> Result<Voyage>
    where
        F: FnOnce() -> Result<()>,
    {
        let tx = super::write(&mut self.conn)?;
        voyage::ensure_active(&tx)?;
        check()?;
        let voyage = voyage::end(&tx, status, now)?;
        tx.commit().sql()?;
        Ok(voyage)
    }

    /// Replaces artifacts' payloads by a summary, all or none; works on
    /// ended voyages and changes no entry.
    pub fn reduce(
        &mut self,
        hashes: &[String],
        method: &str,
        text: &str,
        now: &str,
    ) -> Result<Vec<lifecycle::Reduced>> {
        let tx = super::write(&mut self.conn)?;
        let done = lifecycle::reduce(&tx, hashes, method, text, now)?;
        tx.commit().sql()?;
        Ok(done)
    }

    /// Drops artifacts' payloads, keeping their rows, all or none.
    pub fn jettison(&mut self, hashes: &[String]) -> Result<Vec<lifecycle::Jettisoned>> {
        let tx = super::write(&mut self.conn)?;
        let done = lifecycle::jettison(&tx, hashes)?;
        tx.commit().sql()?;
        Ok(done)
    }

    /// Every artifact with where it is referenced, largest first, from one
    /// snapshot.
    pub fn artifacts(&mut self) -> Result<Vec<lifecycle::ListedArtifact>> {
        let tx = super::read(&mut self.conn)?;
        let listed = lifecycle::list(&tx)?;
        tx.commit().sql()?;
        Ok(listed)
    }

    /// An artifact and, when it is reduced, its newest summary, from one
    /// snapshot.
    pub fn artifact_with_summary(
        &mut self,
        hash: &str,
    ) -> Result<(Stored, Option<(lifecycle::Derivation, Stored)>)> {
        let tx = super::read(&mut self.conn)?;
        let stored = artifact::load(&tx, hash)?;
        let summary = match stored.status {
            ArtifactStatus::Reduced => match lifecycle::summary_of(&tx, &stored.hash)? {
                Some(derivation) => {
                    let summary = artifact::load(&tx, &derivation.summary)?;
                    Some((derivation, summary))
                }
                None => None,
            },
            _ => None,
        };
        tx.commit().sql()?;
        Ok((stored, summary))
    }

    /// Reads the payloads of `hashes` in one snapshot, one at a time, and
    /// hands each to `each` decompressed: a reduced artifact's summary in
    /// its place, nothing for a jettisoned one, and nothing for a payload
    /// stored larger than `limit` bytes (the story shows its size instead).
    pub fn payloads(
        &mut self,
        hashes: &[&str],
        limit: u64,
        mut each: impl FnMut(&str, Payload),
    ) -> Result<()> {
        let tx = super::read(&mut self.conn)?;
        for hash in hashes {
            let row: Option<(ArtifactStatus, i64)> = tx
                .prepare_cached(concat!(
                    "SELECT ",
                    status_of_a!(),
                    ", length(data) FROM artifacts a WHERE hash = ?1"
                ))
                .sql()?
                .query_row([hash], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()
                .sql()?;
            let payload = match row {
                None => Payload::Missing,
                Some((ArtifactStatus::Jettisoned, _)) => Payload::Jettisoned,
                Some((ArtifactStatus::Reduced, _)) => match lifecycle::summary_of(&tx, hash)? {
                    Some(derivation) => {
                        let summary = artifact::load(&tx, &derivation.summary)?;
                        Payload::Reduced(decompress(&summary.data))
                    }
                    None => Payload::Missing,
                },
                Some((_, stored)) if stored as u64 > limit => Payload::TooLarge(stored as u64),
                Some(_) => {
                    let data: Vec<u8> = tx
                        .prepare_cached("SELECT data FROM artifacts WHERE hash = ?1")
                        .sql()?
                        .query_row([hash], |row| row.get(0))
                        .sql()?;
                    Payload::Stowed(decompress(&data))
                }
            };
            each(hash, payload);
        }
        tx.commit().sql()?;
        Ok(())
    }

    /// Gives the space of dropped payloads back to the file system (VACUUM
    /// under helm's usual locking), reporting the sizes before and after.
    pub fn compact(&mut self) -> Result<super::compact::Sizes> {
        super::compact::compact(&self.conn, &self.file.path)
    }
}
