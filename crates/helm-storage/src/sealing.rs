//! What a sealing closure sees and decides under the voyage's write lock:
//! whether the voyage is active, the bearing about to be sealed, and what
//! the logbook already records (an entry by its result in the world, or any
//! entry naming a comment, issue, pull request or merge). Settling an
//! interrupted steer decides here, so nothing it reads can change before
//! its entry is written (ADR 0012); a dry run reads the same through a read
//! snapshot ([`LogbookSnapshot`]), to say what settling would decide.

use rusqlite::{Connection, OptionalExtension, Transaction};

use super::logbook_read::{self as logbook, Entry};
use super::slate::Observation;
use crate::error::Result;
use crate::model::{EntryAction, Provenance, SteerRecord};
use crate::sql::Sql;

/// The voyage under the write lock, as a sealing closure sees it.
pub struct Sealing<'a> {
    pub(super) tx: &'a Transaction<'a>,
    /// The slate, about to become the entry's bearing.
    pub bearing: Vec<Observation>,
}

/// What a sealing closure decided.
#[derive(Debug)]
pub enum Decision {
    /// Record this action, by this provenance, sealing the slate.
    Record(Provenance, EntryAction),
    /// This entry already records it: write nothing, hand it back.
    Already(Box<Entry>),
    /// Write nothing.
    Nothing,
}

impl Sealing<'_> {
    /// Refuses when the voyage has ended.
    pub fn ensure_active(&self) -> Result<()> {
        super::voyage::ensure_active(self.tx).map(|_| ())
    }

    /// Every entry, as the lock holder reads it.
    pub fn entries(&self) -> Result<Vec<Entry>> {
        logbook::entries(self.tx)
    }

    /// The number the entry recorded now will get: AUTOINCREMENT's, one
    /// past both the highest number ever given and the highest held. A
    /// proposal names itself in the body it would post before it is
    /// recorded (issue 42).
    pub fn next_entry_id(&self) -> Result<i64> {
        self.tx
            .query_row(
                "SELECT max(
                   coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'logbook'), 0),
                   coalesce((SELECT max(id) FROM logbook), 0)) + 1",
                [],
                |row| row.get(0),
            )
            .sql()
    }
}

/// A read snapshot of the voyage: what a dry run sees of the logbook, so it
/// decides an interrupted attempt as a retry would under the lock, writing
/// nothing.
pub struct LogbookSnapshot<'a> {
    pub(super) tx: &'a Transaction<'a>,
}

impl LogbookSnapshot<'_> {
    /// Refuses when the voyage has ended, as [`Sealing::ensure_active`].
    pub fn ensure_active(&self) -> Result<()> {
        super::voyage::ensure_active(self.tx).map(|_| ())
    }
}

/// What the logbook already records of a result in the world. Settling
/// reads it through [`Sealing`] under the write lock and a dry run through
/// [`LogbookSnapshot`], so both come to the same decision by the same queries.
pub trait KnownResults {
    /// The entry, recorded at or after `since`, that records this result
    /// (`comment`: the comment it wrote, as its action reads it).
    fn entry_with_result(
        &self,
        result: &SteerRecord,
        comment: Option<u64>,
        since: &str,
    ) -> Result<Option<Entry>>;

    /// Whether an entry already names what `found` names in the world (the
    /// comment or reply, the created issue or pull request, the merge
    /// commit): an entry of the same action and repository whose action JSON
    /// holds `value` at `path` (the action says which, `actions::names`).
    fn names(&self, found: &SteerRecord, path: &str, value: serde_json::Value) -> Result<bool>;
}

impl KnownResults for Sealing<'_> {
    fn entry_with_result(
        &self,
        result: &SteerRecord,
        comment: Option<u64>,
        since: &str,
    ) -> Result<Option<Entry>> {
        find_by_result(self.tx, result, comment, since)
    }

    fn names(&self, found: &SteerRecord, path: &str, value: serde_json::Value) -> Result<bool> {
        names(self.tx, found, path, value)
    }
}

impl KnownResults for LogbookSnapshot<'_> {
    fn entry_with_result(
        &self,
        result: &SteerRecord,
        comment: Option<u64>,
        since: &str,
    ) -> Result<Option<Entry>> {
        find_by_result(self.tx, result, comment, since)
    }

    fn names(&self, found: &SteerRecord, path: &str, value: serde_json::Value) -> Result<bool> {
        names(self.tx, found, path, value)
    }
}

fn names(
    conn: &Connection,
    found: &SteerRecord,
    path: &str,
    value: serde_json::Value,
) -> Result<bool> {
    let value: rusqlite::types::Value = match value {
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(n) => n.into(),
            None => return Ok(false),
        },
        serde_json::Value::String(text) => text.into(),
        _ => return Ok(false),
    };
    let steer = serde_json::to_value(found.steer)?;
    let named: bool = conn
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM logbook WHERE json_valid(action)
               AND json_extract(action, '$.kind') = 'steer'
               AND json_extract(action, '$.steer') = ?1
               AND lower(json_extract(action, '$.repo')) = lower(?2)
               AND json_extract(action, ?3) = ?4)",
        )
        .sql()?
        .query_row(
            (steer.as_str().unwrap_or_default(), &found.repo, path, value),
            |row| row.get(0),
        )
        .sql()?;
    Ok(named)
}

/// The entry recorded with this request id, if any.
pub(crate) fn find_by_request_id(conn: &Connection, request_id: &str) -> Result<Option<Entry>> {
    let id: Option<i64> = conn
        .prepare_cached(
            "SELECT id FROM logbook WHERE json_valid(action)
             AND json_extract(action, '$.requestId') = ?1 ORDER BY id LIMIT 1",
        )
        .sql()?
        .query_row([request_id], |row| row.get(0))
        .optional()
        .sql()?;
    id.map(|id| logbook::get(conn, id)).transpose()
}

/// The entry, recorded at or after `since`, that records this result in the
/// world (the same steer and URL, and the id of the comment it wrote when
/// it wrote one, which only its action can read): how a pending record
/// left after its commit is recognised.
pub(crate) fn find_by_result(
    conn: &Connection,
    result: &SteerRecord,
    comment: Option<u64>,
    since: &str,
) -> Result<Option<Entry>> {
    let Some(url) = &result.url else {
        return Ok(None);
    };
    let steer = serde_json::to_value(result.steer)?;
    let id: Option<i64> = conn
        .prepare_cached(
            "SELECT id FROM logbook WHERE recorded_at >= ?1 AND json_valid(action)
             AND json_extract(action, '$.steer') = ?2 AND json_extract(action, '$.url') = ?3
             AND (?4 IS NULL OR json_extract(action, '$.commentId') = ?4)
             ORDER BY id LIMIT 1",
        )
        .sql()?
        .query_row(
            (
                since,
                steer.as_str().unwrap_or_default(),
                url,
                comment.map(|c| c as i64),
            ),
            |row| row.get(0),
        )
        .optional()
        .sql()?;
    id.map(|id| logbook::get(conn, id)).transpose()
}
