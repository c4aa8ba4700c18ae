//! Reading the logbook back: an [`Entry`] with its bearing, one by its id
//! (`get`) or all of them ([`entries`]). Both the writer (`logbook.rs`) and
//! what a sealing closure reads (`sealing.rs`) use these, so they live apart
//! from either and neither imports the other for them.

use rusqlite::{Connection, Row};
use serde::Deserialize;
use serde_json::Value;

use super::slate::{OBSERVATION_COLUMNS, Observation};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;
use crate::model::{EntryAction, Provenance};
use crate::sql::Sql;

/// A recorded logbook entry with its bearing.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: i64,
    pub recorded_at: String,
    pub provenance: Provenance,
    /// The stored action JSON text, kept as recorded so entries written by
    /// a newer helm still show, and printed as it is.
    pub action: String,
    /// The action read as helm's own type, as this helm writes it or as the
    /// original helm wrote it; `None` when neither reads it.
    parsed: Option<EntryAction>,
    pub bearing: Vec<Observation>,
}

impl Entry {
    pub fn new(
        id: i64,
        recorded_at: String,
        provenance: Provenance,
        action: String,
        bearing: Vec<Observation>,
    ) -> Entry {
        let parsed = serde_json::from_str::<EntryAction>(&action)
            .ok()
            .or_else(|| {
                let value: Value = serde_json::from_str(&action).ok()?;
                crate::model::original_helm::action(&value)
            });
        Entry {
            id,
            recorded_at,
            provenance,
            action,
            parsed,
            bearing,
        }
    }

    /// The entry `logbook::seal` just wrote, whose action it
    /// already holds as helm's own type.
    pub(super) fn sealed(
        id: i64,
        recorded_at: String,
        provenance: Provenance,
        action: String,
        parsed: EntryAction,
        bearing: Vec<Observation>,
    ) -> Entry {
        Entry {
            id,
            recorded_at,
            provenance,
            action,
            parsed: Some(parsed),
            bearing,
        }
    }

    /// The action as helm's own type (see [`Entry::parsed`]).
    pub fn parsed_action(&self) -> Option<&EntryAction> {
        self.parsed.as_ref()
    }

    /// The stored action's `kind`, whatever helm wrote it.
    pub fn stored_kind(&self) -> Option<String> {
        #[derive(Deserialize)]
        struct KindField {
            kind: String,
        }
        serde_json::from_str::<KindField>(&self.action)
            .ok()
            .map(|k| k.kind)
    }

    pub fn is_steer(&self) -> bool {
        match &self.parsed {
            Some(action) => action.is_steer(),
            None => self.stored_kind().as_deref() == Some("steer"),
        }
    }

    /// `steer`, `log`, `proposal` or `rejection`: an entry of a kind this
    /// helm does not know reads as the kind it is closest to, a steer when
    /// its stored kind says so, else a log.
    pub fn kind_name(&self) -> &'static str {
        match &self.parsed {
            Some(EntryAction::Steer(_)) => "steer",
            Some(EntryAction::Log { .. }) => "log",
            Some(EntryAction::Proposal(_)) => "proposal",
            Some(EntryAction::Rejection { .. }) => "rejection",
            None if self.is_steer() => "steer",
            None => "log",
        }
    }

    /// The web page of what a steer created or changed.
    /// The GitHub login whose token performed a steer, when recorded.
    pub fn actor(&self) -> Option<&str> {
        match &self.parsed {
            Some(EntryAction::Steer(record)) => record.actor.as_deref(),
            _ => None,
        }
    }

    pub fn url(&self) -> Option<&str> {
        match &self.parsed {
            Some(EntryAction::Steer(record)) => record.url.as_deref(),
            _ => None,
        }
    }
}

fn entry_from_row(row: &Row<'_>) -> rusqlite::Result<Entry> {
    // By position, in ENTRY_COLUMNS' order.
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
}

const ENTRY_COLUMNS: &str = "id, recorded_at, identity, action, summary, role, method";

pub(super) fn get(conn: &Connection, id: i64) -> Result<Entry> {
    let mut entry = conn
        .prepare_cached(&format!(
            "SELECT {ENTRY_COLUMNS} FROM logbook WHERE id = ?1"
        ))
        .sql()?
        .query_row([id], entry_from_row)
        .sql()?;
    entry.bearing = bearing(conn, id)?;
    Ok(entry)
}

fn bearing(conn: &Connection, id: i64) -> Result<Vec<Observation>> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {OBSERVATION_COLUMNS}
         FROM bearing_observations o LEFT JOIN artifacts a ON a.hash = o.artifact_hash
         WHERE o.logbook_id = ?1 ORDER BY o.rowid"
        ))
        .sql()?;
    let rows = stmt
        .query_map([id], Observation::from_row)
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    Ok(rows)
}

/// Every entry with its bearing, oldest first.
pub fn entries(conn: &Connection) -> Result<Vec<Entry>> {
    let mut entries: Vec<Entry> = conn
        .prepare_cached(&format!("SELECT {ENTRY_COLUMNS} FROM logbook ORDER BY id"))
        .sql()?
        .query_map([], entry_from_row)
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT o.logbook_id, {OBSERVATION_COLUMNS}
         FROM bearing_observations o LEFT JOIN artifacts a ON a.hash = o.artifact_hash
         ORDER BY o.logbook_id, o.rowid"
        ))
        .sql()?;
    let mut rows = stmt.query([]).sql()?;
    let mut index = 0;
    while let Some(row) = rows.next().sql()? {
        let logbook_id: i64 = row.get(0).sql()?;
        while index < entries.len() && entries[index].id < logbook_id {
            index += 1;
        }
        let Some(entry) = entries.get_mut(index).filter(|e| e.id == logbook_id) else {
            return Err(Error::new(
                Kind::Corrupt,
                format!("a bearing observation refers to missing entry {logbook_id}"),
            )
            .hint(words!["run ", cmd("voyage verify"), " for a report"]));
        };
        entry.bearing.push(Observation::from_row_at(row, 1).sql()?);
    }
    Ok(entries)
}
