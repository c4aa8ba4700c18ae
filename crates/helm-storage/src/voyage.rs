//! The `voyage` row: creating a voyage file, reading it, ending it.

use std::fs;
use std::path::Path;

use rusqlite::{Connection, OpenFlags, OptionalExtension, Row, Transaction};
use uuid::Uuid;

use super::{Home, VoyageFile, schema};
use crate::error::cmd;
use crate::error::{Error, Fact, Kind, Result};
use crate::model::words;
use crate::model::{Voyage, VoyageStatus};
use crate::sql::{Sql, sql_error};

/// A voyage as `voyage list` shows it.
#[derive(Clone, Debug)]
pub struct Summary {
    pub voyage: Voyage,
    pub entries: u64,
}

/// Creates a voyage file atomically: the schema is written to a hidden temporary
/// file which is renamed into place, so no reader ever sees half a voyage.
pub fn create(home: &Home, intent: &str, now: &str) -> Result<Voyage> {
    let dir = home.ensure()?;
    let id = Uuid::now_v7();
    let final_path = home.voyage_path(&id);
    let temp_path = dir.join(format!(".{}.sqlite.new", id.hyphenated()));
    let result = write_new(&temp_path, &id, intent, now).and_then(|voyage| {
        fs::rename(&temp_path, &final_path)
            .map_err(|err| Error::io(format!("cannot create {}", final_path.display()), &err))?;
        super::files::sync_dir(&dir);
        Ok(voyage)
    });
    if result.is_err() {
        let _ = fs::remove_file(&temp_path);
    }
    result
}

fn write_new(path: &Path, id: &Uuid, intent: &str, now: &str) -> Result<Voyage> {
    create_private_file(path)?;
    let mut conn = super::connect(path, OpenFlags::default()).sql()?;
    super::configure(&conn)?;
    // Rollback journal, so a voyage at rest is exactly one file (ADR 0001).
    conn.pragma_update(None, "journal_mode", "DELETE").sql()?;
    schema::create(&mut conn)?;
    conn.execute(
        "INSERT INTO voyage (id, intent, created_at, status) VALUES (?1, ?2, ?3, 'active')",
        (id.hyphenated().to_string(), intent, now),
    )
    .sql()?;
    conn.close().map_err(|(_, err)| sql_error(err))?;
    Ok(Voyage {
        id: *id,
        intent: intent.to_string(),
        created_at: now.to_string(),
        status: VoyageStatus::Active,
    })
}

fn create_private_file(path: &Path) -> Result<()> {
    super::files::create_private_new(path)
        .map(drop)
        .map_err(|err| {
            Error::io(format!("cannot create {}", path.display()), &err)
                .hint("check that $HELM_HOME/voyages is writable")
        })
}

fn from_row(row: &Row<'_>) -> rusqlite::Result<Voyage> {
    let id: String = row.get("id")?;
    let status: String = row.get("status")?;
    let status = match status.as_str() {
        "ended" => VoyageStatus::Ended {
            ended_at: row
                .get::<_, Option<String>>("ended_at")?
                .unwrap_or_default(),
            ended_status: row.get("ended_status")?,
        },
        _ => VoyageStatus::Active,
    };
    Ok(Voyage {
        id: Uuid::try_parse(&id).unwrap_or_default(),
        intent: row.get("intent")?,
        created_at: row.get("created_at")?,
        status,
    })
}

/// Reads the voyage row; a voyage file always has exactly one.
pub(crate) fn get(conn: &Connection) -> Result<Voyage> {
    conn.query_row(
        "SELECT id, intent, created_at, status, ended_at, ended_status FROM voyage LIMIT 1",
        [],
        from_row,
    )
    .optional()
    .sql()?
    .ok_or_else(|| Error::new(Kind::Corrupt, "the voyage file has no voyage row"))
}

/// Reads what `voyage list` needs in one statement: the row and the entry count.
pub(crate) fn summary(conn: &Connection) -> Result<Summary> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT id, intent, created_at, status, ended_at, ended_status,
                (SELECT count(*) FROM logbook) AS entries
         FROM voyage LIMIT 1",
        )
        .sql()?;
    let summary = stmt
        .query_row([], |row| {
            Ok(Summary {
                voyage: from_row(row)?,
                entries: row.get::<_, i64>("entries")? as u64,
            })
        })
        .optional()
        .sql()?;
    summary.ok_or_else(|| Error::new(Kind::Corrupt, "the voyage file has no voyage row"))
}

/// Refuses to go on when the voyage has ended. Writers call it inside their
/// transaction, so a concurrent `voyage end` cannot slip in between; it is
/// also a cheap early check before slow work.
pub(crate) fn ensure_active(conn: &Connection) -> Result<Voyage> {
    let voyage = get(conn)?;
    if let VoyageStatus::Ended { ended_at, .. } = &voyage.status {
        return Err(Error::new(
            Kind::Ended,
            // Said as every human line says a time; --json carries the
            // RFC 3339 form in the voyage's own fields.
            format!(
                "voyage {} ended at {}",
                voyage.id,
                crate::model::text::when(ended_at)
            ),
        )
        .about(Fact::Voyage(voyage.id.to_string()))
        .hint(words![
            "start a new voyage with ",
            cmd("voyage new").word("<INTENT>"),
        ]));
    }
    Ok(voyage)
}

/// Ends the voyage with an optional freeform status.
pub(crate) fn end(tx: &Transaction<'_>, status: Option<&str>, now: &str) -> Result<Voyage> {
    ensure_active(tx)?;
    tx.execute(
        "UPDATE voyage SET status = 'ended', ended_at = ?1, ended_status = ?2",
        (now, status),
    )
    .sql()?;
    get(tx)
}

/// Opens a voyage and reads its summary: the unit of work of `voyage list`,
/// run thousands of times, so the common case is one statement — one read
/// transaction, one round of file locks. Anything unexpected falls back to
/// the full schema check, which names the problem.
pub(crate) fn load_summary(file: &VoyageFile) -> Result<Summary> {
    let conn = super::open_unchecked(&file.path)?;
    // Inside one deferred transaction, `PRAGMA user_version` (which needs no
    // schema) takes the read lock and keeps it, so loading the schema and
    // reading the row happen under that same lock: one round of locking.
    let tx = conn.unchecked_transaction().sql()?;
    let version: i64 = tx
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .sql()?;
    let fast = (version == schema::VERSION)
        .then(|| {
            tx.query_row(
                "SELECT id, intent, created_at, status, ended_at, ended_status,
                        (SELECT count(*) FROM logbook) AS entries
                 FROM voyage LIMIT 1",
                [],
                |row| {
                    Ok(Summary {
                        voyage: from_row(row)?,
                        entries: row.get::<_, i64>("entries")? as u64,
                    })
                },
            )
            .ok()
        })
        .flatten();
    drop(tx);
    match fast {
        Some(summary) => Ok(summary),
        None => {
            schema::check(&conn)?;
            summary(&conn)
        }
    }
}
