//! The voyage schema of seed 002 (ADR 004), verbatim, and the checks that decide
//! whether a file is a voyage this binary may touch.

use rusqlite::Connection;

use crate::error::{Error, Kind, Result};
use crate::sql::{Sql, sql_error};

/// The `user_version` this binary writes and understands.
pub(crate) const VERSION: i64 = 1;

/// The six tables, exactly as the storage ADR gives them.
pub(crate) const TABLES: [&str; 6] = [
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

/// The indexes helm adds within seed 002's tables (ADR 0007): without them a
/// request-id lookup and reading one entry's bearing scan the whole voyage.
/// Voyages may have both, one or neither (older files and the original
/// helm's have none); [`ensure_indexes`] adds the missing ones on a write.
pub(crate) const INDEXES: [(&str, &str); 2] = [
    (
        "bearing_observations_by_entry",
        "CREATE INDEX bearing_observations_by_entry ON bearing_observations (logbook_id)",
    ),
    (
        "logbook_by_request_id",
        "CREATE INDEX logbook_by_request_id ON logbook (json_extract(action, '$.requestId')) WHERE json_valid(action)",
    ),
];

/// Creates the schema and its indexes and stamps the version, in one
/// transaction so a file is either a complete voyage or nothing.
pub(crate) fn create(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction().sql()?;
    tx.execute_batch(SCHEMA).sql()?;
    ensure_indexes(&tx)?;
    tx.pragma_update(None, "user_version", VERSION).sql()?;
    tx.commit().sql()?;
    Ok(())
}

/// Creates whichever of [`INDEXES`] the voyage lacks. Call it inside a write
/// transaction, after [`check`] (which refused any index of the same name
/// with other SQL).
pub(crate) fn ensure_indexes(tx: &Connection) -> Result<()> {
    for (_, sql) in INDEXES {
        tx.execute_batch(&sql.replacen("CREATE INDEX", "CREATE INDEX IF NOT EXISTS", 1))
            .sql()?;
    }
    Ok(())
}

/// Decides whether `conn` holds a voyage this binary understands, without
/// writing anything: a newer version is refused, a foreign file is named as
/// such, and so is any schema object helm did not create (a trigger or view
/// would run or answer in helm's name). One read of `sqlite_schema`, as it
/// runs on every command.
pub(crate) fn check(conn: &Connection) -> Result<()> {
    check_objects(conn).map(drop)
}

/// [`check`] for a write transaction: also adds whichever of helm's indexes
/// the voyage lacks, from the same read of the schema (so the common case,
/// both present, costs no statement more).
pub(crate) fn check_for_write(tx: &Connection) -> Result<()> {
    let objects = check_objects(tx)?;
    for (name, sql) in INDEXES {
        if !objects.iter().any(|o| o.kind == "index" && o.name == name) {
            tx.execute_batch(sql).sql()?;
        }
    }
    Ok(())
}

fn check_objects(conn: &Connection) -> Result<Vec<Object>> {
    let (version, objects) = read_schema(conn)?;
    shape(version, &objects)?;
    if let Some(first) = objects.iter().find_map(foreign) {
        let more = objects.iter().filter_map(foreign).count() - 1;
        return Err(Error::new(
            Kind::NotAVoyage,
            format!(
                "the voyage holds a {first}, which helm did not create{}",
                match more {
                    0 => String::new(),
                    n => format!(" (and {n} more foreign schema objects)"),
                }
            ),
        )
        .hint("helm will not open it and left it untouched; use a voyage written by helm"));
    }
    Ok(objects)
}

/// The part of [`check`] that `voyage verify` needs before it may read on:
/// the version and the six tables. Returns the foreign objects, which make a
/// finding there rather than a refusal (reading never runs a trigger).
pub(crate) fn check_readable(conn: &Connection) -> Result<Vec<String>> {
    let (version, objects) = read_schema(conn)?;
    shape(version, &objects)?;
    Ok(objects.iter().filter_map(foreign).collect())
}

fn shape(version: i64, objects: &[Object]) -> Result<()> {
    if version > VERSION {
        return Err(Error::new(
            Kind::FutureSchema,
            format!(
                "the voyage uses schema version {version}, newer than this helm understands ({VERSION})"
            ),
        )
        .hint("upgrade helm to open it; the file was left untouched"));
    }
    let tables = objects
        .iter()
        .filter(|o| o.kind == "table" && TABLES.contains(&o.name.as_str()))
        .count();
    if version != VERSION || tables != TABLES.len() {
        return Err(Error::new(
            Kind::NotAVoyage,
            "the file is a SQLite database but not a helm voyage",
        ));
    }
    Ok(())
}

/// One row of `sqlite_schema`.
struct Object {
    kind: String,
    name: String,
    sql: Option<String>,
}

/// The `user_version` and every schema object: two small reads.
fn read_schema(conn: &Connection) -> Result<(i64, Vec<Object>)> {
    let version: i64 = conn
        .prepare_cached("SELECT user_version FROM pragma_user_version")
        .and_then(|mut stmt| stmt.query_row([], |row| row.get(0)))
        .map_err(not_a_voyage)?;
    let mut stmt = conn
        .prepare_cached("SELECT type, name, sql FROM sqlite_schema")
        .map_err(not_a_voyage)?;
    let objects = stmt
        .query_map([], |row| {
            Ok(Object {
                kind: row.get(0)?,
                name: row.get(1)?,
                sql: row.get(2)?,
            })
        })
        .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
        .map_err(not_a_voyage)?;
    Ok((version, objects))
}

/// Describes `object` if helm did not create it: helm's objects are the six
/// tables, SQLite's own bookkeeping (`sqlite_sequence`, statistics, the
/// automatic indexes of primary keys) and [`INDEXES`] with helm's exact SQL.
fn foreign(object: &Object) -> Option<String> {
    let name = object.name.as_str();
    let ours = match object.kind.as_str() {
        "table" => {
            TABLES.contains(&name) || name == "sqlite_sequence" || name.starts_with("sqlite_stat")
        }
        "index" => match (INDEXES.iter().find(|(n, _)| *n == name), &object.sql) {
            (Some((_, sql)), Some(stored)) => normalise(sql) == normalise(stored),
            (None, None) => name.starts_with("sqlite_autoindex_"),
            _ => false,
        },
        _ => false,
    };
    // Debug formatting escapes control characters: names come from the file.
    let shown: String = name.chars().take(60).collect();
    (!ours).then(|| format!("{} {shown:?}", object.kind))
}

/// SQL text with runs of whitespace made one space and no trailing `;`.
fn normalise(sql: &str) -> String {
    sql.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(';')
        .trim_end()
        .to_string()
}

fn not_a_voyage(err: rusqlite::Error) -> Error {
    match err.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => {
            Error::new(Kind::NotAVoyage, "the file is not a SQLite database")
        }
        _ => sql_error(err),
    }
}
