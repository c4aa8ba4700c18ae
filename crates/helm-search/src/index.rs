//! The index file: its schema, opened with helm's settings, and made anew
//! when it is missing, damaged or of another version. Nothing in it is
//! known only here, so a file that is not exactly this index is removed
//! and rebuilt (with a note), never repaired or trusted.

use helm_storage::sql::Sql;
use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::model::error::{Error, Result};
use crate::model::tell;

/// `application_id`: "hels", so a SQLite file of anything else is told apart.
const APPLICATION_ID: i64 = 0x6865_6c73;
/// `user_version`: bumped whenever what is indexed or how changes, which
/// rebuilds every index on its first search.
const VERSION: i64 = 1;

/// Writers of voyages hold their lock for up to 240 s; the index's writers
/// (searches bringing it up to date) hold it for a few reads.
const BUSY_TIMEOUT: Duration = Duration::from_secs(300);

const SCHEMA: &str = "
CREATE TABLE voyages (
    id TEXT PRIMARY KEY,
    intent TEXT NOT NULL,
    counter INTEGER,
    size INTEGER NOT NULL
);
CREATE TABLE docs (
    id INTEGER PRIMARY KEY,
    voyage TEXT NOT NULL,
    kind TEXT NOT NULL,
    entry INTEGER,
    target TEXT,
    artifact TEXT,
    status TEXT,
    identity TEXT,
    recorded_at TEXT NOT NULL,
    author TEXT,
    untrusted INTEGER NOT NULL
);
CREATE INDEX docs_by_voyage ON docs (voyage, target, artifact);
CREATE VIRTUAL TABLE texts USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
";

/// Opens the index at `path`, making it when missing, and anew when
/// `rebuild` or when the file is not this index.
pub(crate) fn open(path: &Path, rebuild: bool) -> Result<Connection> {
    if rebuild {
        remove(path)?;
    } else if path.exists() {
        match connect(path).and_then(|conn| check(&conn).map(|state| (conn, state))) {
            Ok((conn, State::Made)) => return Ok(conn),
            // Another search is making it: wait for its lock, then use it.
            Ok((conn, State::Empty)) => return make(conn),
            Err(why) => {
                tell::note(&format!(
                    "the search index {} could not be used ({why}); rebuilding it from the voyages",
                    path.display()
                ));
                remove(path)?;
            }
        }
    }
    create(path)
}

fn connect(path: &Path) -> std::result::Result<Connection, String> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = crate::storage::connect(path, flags).map_err(|e| e.to_string())?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(|e| e.to_string())?;
    Ok(conn)
}

/// What an index file that may be used holds.
#[derive(Debug, PartialEq, Eq)]
enum State {
    /// This version of the index, with every table.
    Made,
    /// An empty database: one another search has just created and is
    /// making (its schema is written in one transaction).
    Empty,
}

/// Whether the file is this version of the index, or empty.
fn check(conn: &Connection) -> std::result::Result<State, String> {
    let read = |sql: &str| -> std::result::Result<i64, String> {
        conn.query_row(sql, [], |row| row.get(0))
            .map_err(|e| e.to_string())
    };
    let empty = "SELECT (SELECT count(*) FROM sqlite_master) + (SELECT application_id FROM pragma_application_id)";
    if read(empty)? == 0 {
        return Ok(State::Empty);
    }
    if read("PRAGMA application_id")? != APPLICATION_ID {
        return Err("not helm's search index".into());
    }
    let version = read("PRAGMA user_version")?;
    if version != VERSION {
        return Err(format!(
            "index version {version}, this helm writes {VERSION}"
        ));
    }
    for table in ["voyages", "docs", "texts"] {
        read(&format!("SELECT count(*) FROM {table} WHERE 0"))?;
    }
    Ok(State::Made)
}

/// Makes the index: schema and version in one transaction, so a file with
/// the version has the whole schema.
fn create(path: &Path) -> Result<Connection> {
    let conn = connect(path).map_err(|why| cannot(path, &why))?;
    make(conn)
}

/// Writes the schema into an empty index under its write lock, unless the
/// search that held the lock before wrote it.
fn make(mut conn: Connection) -> Result<Connection> {
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .sql()?;
    let made: i64 = tx
        .query_row("PRAGMA application_id", [], |row| row.get(0))
        .sql()?;
    // Another search made it while this one waited for the lock.
    if made != APPLICATION_ID {
        tx.execute_batch(SCHEMA).sql()?;
        tx.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {VERSION};"
        ))
        .sql()?;
    }
    tx.commit().sql()?;
    Ok(conn)
}

fn remove(path: &Path) -> Result<()> {
    let mut journal = path.as_os_str().to_owned();
    journal.push("-journal");
    for file in [path.as_os_str(), journal.as_os_str()] {
        match std::fs::remove_file(file) {
            Ok(()) => {}
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
            Err(err) => {
                return Err(Error::io(
                    format!("cannot remove the search index {}", path.display()),
                    &err,
                )
                .hint("check the permissions of $HELM_HOME; the index may be deleted by hand"));
            }
        }
    }
    Ok(())
}

fn cannot(path: &Path, why: &str) -> Error {
    Error::new(
        crate::model::error::Kind::Io,
        format!("cannot open the search index {}: {why}", path.display()),
    )
    .hint("check the permissions of $HELM_HOME; the index may be deleted by hand")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_sqlite_has_fts5_with_bm25_and_snippets() {
        let dir = tempfile::tempdir().unwrap();
        let conn = open(&dir.path().join("search.sqlite"), false).unwrap();
        conn.execute(
            "INSERT INTO texts (rowid, text) VALUES (1, 'the bounds check')",
            [],
        )
        .unwrap();
        let (snippet, score): (String, f64) = conn
            .query_row(
                "SELECT snippet(texts, 0, '[', ']', '…', 8), bm25(texts) FROM texts WHERE texts MATCH 'bounds'",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!(snippet, "the [bounds] check");
        assert!(score < 0.0);
    }

    #[test]
    fn a_file_that_is_not_the_index_is_made_anew() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("search.sqlite");
        std::fs::write(&path, vec![7u8; 4096]).unwrap();
        let conn = open(&path, false).unwrap();
        assert_eq!(check(&conn), Ok(State::Made));
        drop(conn);
        let other = Connection::open(&path).unwrap();
        other.execute_batch("PRAGMA user_version = 9").unwrap();
        drop(other);
        let conn = open(&path, false).unwrap();
        assert_eq!(check(&conn), Ok(State::Made));
        // An empty file is one being made: used, not removed.
        drop(conn);
        std::fs::write(&path, b"").unwrap();
        let conn = open(&path, false).unwrap();
        assert_eq!(check(&conn), Ok(State::Made));
    }
}
