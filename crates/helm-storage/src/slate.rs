//! The slate: observations gathered since the last entry, one row per target.
//! Set semantics come from the primary key; of two observations of the same
//! target the one with the later `observed_at` stays, whichever commits last.
//! A GitHub target's key matches its other spellings too (the repository
//! differing in case, [`SlateKey::folds_case`]): one row, keyed as the
//! newest observation spelled it.

use rusqlite::{Connection, OptionalExtension, Row, Transaction};

use super::artifact::{self, ArtifactStatus, Packed, status_of_a};
use crate::error::Result;
use crate::model::SlateKey;
use crate::sql::Sql;

/// The SQL condition "row `target` is `?1`": exactly, or for a key that folds
/// case (`?2`), in any ASCII case. `COLLATE NOCASE` folds ASCII only, which
/// is exactly GitHub's rule for owner and repository names.
pub(super) const SAME_TARGET: &str = "(target = ?1 OR (?2 AND target = ?1 COLLATE NOCASE))";

/// One observation on the slate or in a sealed bearing.
#[derive(Clone, Debug)]
pub struct Observation {
    /// The canonical target JSON (the slate key).
    pub target: String,
    pub artifact: String,
    pub observed_at: String,
    /// Size of the stored (compressed) payload in bytes.
    pub stored_bytes: u64,
    /// The artifact's state; `None` when its row is missing (which
    /// `voyage verify` reports).
    pub status: Option<ArtifactStatus>,
}

/// The columns [`Observation::from_row`] reads, for a row source aliased `o`
/// left-joined to `artifacts a`.
pub(crate) const OBSERVATION_COLUMNS: &str = concat!(
    "o.target, o.artifact_hash, o.observed_at, length(a.data) AS stored_bytes, ",
    status_of_a!(),
    " AS artifact_status"
);

impl Observation {
    /// Whether the whole payload is still there to read.
    pub fn is_stowed(&self) -> bool {
        self.status.is_some_and(ArtifactStatus::is_stowed)
    }

    /// The state as the story and `--json` name it (`missing` without a row).
    pub fn status_text(&self) -> &'static str {
        self.status.map_or("missing", ArtifactStatus::as_str)
    }

    /// One row selected with [`OBSERVATION_COLUMNS`] starting at column
    /// `at`: the single mapping from slate and bearing rows alike. Columns
    /// are read by position: by name, SQLite compares every column name on
    /// every read, which shows in `voyage show` of a long voyage.
    pub(crate) fn from_row_at(row: &Row<'_>, at: usize) -> rusqlite::Result<Observation> {
        Ok(Observation {
            target: row.get(at)?,
            artifact: row.get(at + 1)?,
            observed_at: row.get(at + 2)?,
            stored_bytes: row.get::<_, Option<i64>>(at + 3)?.unwrap_or(0) as u64,
            status: row.get(at + 4)?,
        })
    }

    /// [`Observation::from_row_at`] for rows that start with the observation.
    pub(crate) fn from_row(row: &Row<'_>) -> rusqlite::Result<Observation> {
        Observation::from_row_at(row, 0)
    }
}

/// What putting an observation on the slate did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Put {
    /// It is on the slate now.
    Stored,
    /// A newer observation of the same target was already there and stays.
    Superseded,
}

/// Stows the payload and puts the observation on the slate, unless a newer
/// observation of the same target is there already (a slower look that
/// finishes last must not overwrite a newer one).
pub(crate) fn put(
    tx: &Transaction<'_>,
    key: &SlateKey,
    packed: &Packed,
    observed_at: &str,
) -> Result<Put> {
    let (target, folds) = (&key.text, key.folds_case);
    let newer: Option<String> = tx
        .prepare_cached(&format!(
            "SELECT observed_at FROM slate WHERE {SAME_TARGET} AND observed_at > ?3"
        ))
        .sql()?
        .query_row((target, folds, observed_at), |row| row.get(0))
        .optional()
        .sql()?;
    if newer.is_some() {
        return Ok(Put::Superseded);
    }
    artifact::stow(tx, packed)?;
    // The same target spelled otherwise gives way: one row per target.
    tx.prepare_cached(&format!(
        "DELETE FROM slate WHERE {SAME_TARGET} AND target <> ?1"
    ))
    .sql()?
    .execute((target, folds))
    .sql()?;
    tx.prepare_cached(
        "INSERT INTO slate (target, artifact_hash, observed_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (target) DO UPDATE
         SET artifact_hash = excluded.artifact_hash, observed_at = excluded.observed_at",
    )
    .sql()?
    .execute((target, &packed.hash, observed_at))
    .sql()?;
    Ok(Put::Stored)
}

/// Removes one target; returns whether it was there.
pub(crate) fn erase(tx: &Transaction<'_>, key: &SlateKey) -> Result<bool> {
    let removed = tx
        .prepare_cached(&format!("DELETE FROM slate WHERE {SAME_TARGET}"))
        .sql()?
        .execute((&key.text, key.folds_case))
        .sql()?;
    Ok(removed > 0)
}

/// Removes everything; returns how many observations were removed.
pub(crate) fn clear(tx: &Transaction<'_>) -> Result<usize> {
    tx.execute("DELETE FROM slate", []).sql()
}

/// The slate, oldest observation first.
pub(crate) fn list(conn: &Connection) -> Result<Vec<Observation>> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {OBSERVATION_COLUMNS}
         FROM slate o LEFT JOIN artifacts a ON a.hash = o.artifact_hash
         ORDER BY o.observed_at, o.target"
        ))
        .sql()?;
    let rows = stmt
        .query_map([], Observation::from_row)
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::artifact::Packer;
    use crate::storage::{Home, VoyageStore, voyage};

    #[test]
    fn an_older_observation_that_commits_last_does_not_replace_a_newer_one() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        let created = voyage::create(&home, "slate", "2026-01-01T00:00:00.000000Z").unwrap();
        let mut store = VoyageStore::open(home.resolve(&created.id.to_string()).unwrap()).unwrap();
        let newer = Packer::pack(&"newer").unwrap();
        let older = Packer::pack(&"older").unwrap();
        let at = |s: u32| format!("2026-01-01T00:00:{s:02}.000000Z");
        assert_eq!(
            store
                .put_observation(&SlateKey::exact("t"), &newer, &at(5))
                .unwrap(),
            Put::Stored
        );
        // A slower look that began earlier commits after it.
        assert_eq!(
            store
                .put_observation(&SlateKey::exact("t"), &older, &at(3))
                .unwrap(),
            Put::Superseded
        );
        let slate = store.slate().unwrap();
        assert_eq!(
            (slate.len(), slate[0].artifact.as_str()),
            (1, newer.hash.as_str())
        );
        assert_eq!(slate[0].observed_at, at(5));
        // A newer one still replaces it, as observing again always has.
        assert_eq!(
            store
                .put_observation(&SlateKey::exact("t"), &older, &at(7))
                .unwrap(),
            Put::Stored
        );
        assert_eq!(store.slate().unwrap()[0].artifact, older.hash);
    }

    #[test]
    fn a_github_target_is_one_row_in_any_spelling_and_a_path_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::new(dir.path());
        let created = voyage::create(&home, "slate", "2026-01-01T00:00:00.000000Z").unwrap();
        let mut store = VoyageStore::open(home.resolve(&created.id.to_string()).unwrap()).unwrap();
        let packed = Packer::pack(&"seen").unwrap();
        let at = |s: u32| format!("2026-01-01T00:00:{s:02}.000000Z");
        let pr = |repo: &str| SlateKey {
            text: format!(
                r#"{{"kind":"github-pr","repo":"{repo}","number":7,"focus":["summary"]}}"#
            ),
            folds_case: true,
        };
        store
            .put_observation(&pr("Octo/Widget"), &packed, &at(1))
            .unwrap();
        // An older look in another spelling does not replace the newer one.
        let put = store.put_observation(&pr("octo/widget"), &packed, &at(0));
        assert_eq!(put.unwrap(), Put::Superseded);
        store
            .put_observation(&pr("octo/widget"), &packed, &at(2))
            .unwrap();
        let slate = store.slate().unwrap();
        assert_eq!(slate.len(), 1);
        assert_eq!(
            slate[0].target,
            pr("octo/widget").text,
            "the newest spelling"
        );
        assert!(
            store
                .latest_artifact_of(&pr("OCTO/WIDGET"))
                .unwrap()
                .is_some()
        );
        assert!(store.erase(&pr("OCTO/widget")).unwrap());
        assert!(store.slate().unwrap().is_empty());

        let file = |name: &str| {
            SlateKey::exact(format!(
                r#"{{"kind":"file-contents","paths":["/w/{name}"]}}"#
            ))
        };
        store
            .put_observation(&file("A.txt"), &packed, &at(3))
            .unwrap();
        store
            .put_observation(&file("a.txt"), &packed, &at(4))
            .unwrap();
        assert_eq!(store.slate().unwrap().len(), 2, "paths keep their case");
        assert!(!store.erase(&file("A.TXT")).unwrap());
    }
}
