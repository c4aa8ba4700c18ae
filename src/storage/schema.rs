//! The voyage schema of seed 002 (ADR 004), verbatim, and the checks that decide
//! whether a file is a voyage this binary may touch.

use rusqlite::Connection;

use crate::error::{Error, Kind, Result};

/// The `user_version` this binary writes and understands.
pub const VERSION: i64 = 1;

/// The six tables, exactly as the storage ADR gives them.
pub const TABLES: [&str; 6] = [
    "voyage",
    "artifacts",
    "artifact_derivations",
    "slate",
    "logbook",
    "bearing_observations",
];

const SCHEMA: &str = "
CREATE TABLE voyage (
    id           TEXT PRIMARY KEY,
    intent       TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK(status IN ('active', 'ended')),
    ended_at     TEXT,
    ended_status TEXT
);

CREATE TABLE artifacts (
    hash   TEXT PRIMARY KEY,
    data   BLOB NOT NULL,  -- zstd-compressed payload JSON
    status TEXT NOT NULL DEFAULT 'stowed' CHECK(status IN ('stowed', 'reduced', 'jettisoned'))
);

CREATE TABLE artifact_derivations (
    source_hash  TEXT NOT NULL REFERENCES artifacts(hash),
    derived_hash TEXT NOT NULL REFERENCES artifacts(hash),
    method       TEXT NOT NULL,   -- how the derivation was produced: 'human', 'llm', etc.
    created_at   TEXT NOT NULL,
    PRIMARY KEY (source_hash, derived_hash)
);

CREATE TABLE slate (
    target        TEXT PRIMARY KEY,  -- JSON-serialized Observe variant
    artifact_hash TEXT NOT NULL REFERENCES artifacts(hash),
    observed_at   TEXT NOT NULL
);

CREATE TABLE logbook (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    recorded_at TEXT NOT NULL,
    identity    TEXT NOT NULL,
    action      TEXT NOT NULL,  -- JSON-serialized EntryKind
    summary     TEXT NOT NULL,
    role        TEXT NOT NULL,   -- cognitive framing: 'reviewer', 'coder', 'planner', etc.
    method      TEXT NOT NULL   -- how thinking was done: 'sonnet 4-6, thinking high', 'human', 'pair session', etc.
);

CREATE TABLE bearing_observations (
    logbook_id    INTEGER NOT NULL REFERENCES logbook(id),
    target        TEXT NOT NULL,
    artifact_hash TEXT NOT NULL REFERENCES artifacts(hash),
    observed_at   TEXT NOT NULL
);
";

/// Creates the schema and stamps the version, in one transaction so a file is
/// either a complete voyage or nothing.
pub fn create(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction()?;
    tx.execute_batch(SCHEMA)?;
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()?;
    Ok(())
}

/// Decides whether `conn` holds a voyage this binary understands, without
/// writing anything: a newer version is refused, a foreign file is named as such.
pub fn check(conn: &Connection) -> Result<()> {
    let (version, tables): (i64, i64) = conn
        .query_row(
            "SELECT (SELECT user_version FROM pragma_user_version),
                    (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN
                        ('voyage', 'artifacts', 'artifact_derivations', 'slate', 'logbook', 'bearing_observations'))",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .map_err(not_a_voyage)?;
    if version > VERSION {
        return Err(Error::new(
            Kind::FutureSchema,
            format!(
                "the voyage uses schema version {version}, newer than this helm understands ({VERSION})"
            ),
        )
        .hint("upgrade helm to open it; the file was left untouched"));
    }
    if version != VERSION || tables != TABLES.len() as i64 {
        return Err(Error::new(
            Kind::NotAVoyage,
            "the file is a SQLite database but not a helm voyage",
        ));
    }
    Ok(())
}

fn not_a_voyage(err: rusqlite::Error) -> Error {
    match err.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => {
            Error::new(Kind::NotAVoyage, "the file is not a SQLite database")
        }
        _ => err.into(),
    }
}
