//! Where voyages live and how their SQLite files are opened.
//!
//! One file per voyage, `<home>/voyages/<uuid>.sqlite`. Every connection turns
//! on foreign keys and waits (rather than fails) while another helm process
//! holds the write lock; every write transaction takes that lock up front
//! (`BEGIN IMMEDIATE`) so two writers can never deadlock on an upgrade.
//! It never prints and never reads the environment: callers hand it the
//! home directory. It depends on helm-model only: never on GitHub, sync, the
//! observation kinds or a front end (a target is a `SlateKey` here).

// Paths inside this crate name the layers as the crates above it do.
use crate as storage;
use helm_model as model;
use helm_model::error;

pub mod artifact;
pub mod audit;
pub mod compact;
pub mod export_import;
pub mod files;
pub mod lifecycle;
pub mod listing;
pub mod logbook;
mod logbook_read;
mod schema;
pub mod sealing;
pub mod slate;
pub mod sql;
pub mod stamp;
pub mod store;
pub mod sync;
pub mod verify;
mod vfs;
pub mod voyage;

pub use store::VoyageStore;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use uuid::Uuid;

use crate::error::cmd;
use crate::error::{Error, Fact, Kind, Result};
use crate::model::words;
use crate::sql::Sql;

/// How long a command waits for another process's write to finish. A steer
/// holds the lock while GitHub answers, so this outlasts GitHub's timeouts.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(300);

/// helm's home directory (`$HELM_HOME`, by default `~/.helm`).
#[derive(Clone, Debug)]
pub struct Home {
    root: PathBuf,
}

/// A voyage file found in the home, not yet opened.
#[derive(Clone, Debug)]
pub struct VoyageFile {
    pub id: Uuid,
    pub path: PathBuf,
}

impl Home {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Home { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub(crate) fn voyages_dir(&self) -> PathBuf {
        self.root.join("voyages")
    }

    pub fn voyage_path(&self, id: &Uuid) -> PathBuf {
        self.voyages_dir()
            .join(format!("{}.sqlite", id.hyphenated()))
    }

    /// Creates the home and its voyages folder, private to the user.
    pub(crate) fn ensure(&self) -> Result<PathBuf> {
        let dir = self.voyages_dir();
        if dir.is_dir() {
            return Ok(dir);
        }
        create_private_dir(&self.root)?;
        create_private_dir(&dir)?;
        Ok(dir)
    }

    /// Every voyage file, newest first (v7 ids sort by creation time).
    /// A missing home simply has no voyages.
    pub fn voyage_files(&self) -> Result<Vec<VoyageFile>> {
        let dir = self.voyages_dir();
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(err) => {
                return Err(Error::io(format!("cannot read {}", dir.display()), &err)
                    .hint("check the permissions of $HELM_HOME"));
            }
        };
        let mut files: Vec<VoyageFile> = entries
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let name = entry.file_name();
                let id = Uuid::try_parse(name.to_str()?.strip_suffix(".sqlite")?).ok()?;
                Some(VoyageFile {
                    id,
                    path: entry.path(),
                })
            })
            .collect();
        files.sort_by_key(|file| std::cmp::Reverse(file.id));
        Ok(files)
    }

    /// Finds the voyage named by a full id or any unambiguous prefix of it.
    pub fn resolve(&self, prefix: &str) -> Result<VoyageFile> {
        let wanted = normalise_prefix(prefix)?;
        if let Ok(id) = Uuid::try_parse(prefix.trim()) {
            let path = self.voyage_path(&id);
            if path.exists() {
                return Ok(VoyageFile { id, path });
            }
        }
        let mut matches: Vec<VoyageFile> = self
            .voyage_files()?
            .into_iter()
            .filter(|file| file.id.simple().to_string().starts_with(&wanted))
            .collect();
        match matches.len() {
            1 => Ok(matches.remove(0)),
            0 => Err(Error::new(
                Kind::NotFound,
                format!("no voyage matches '{}'", prefix.trim()),
            )
            .about(Fact::Voyage(prefix.trim().to_string()))
            .hint(words![
                "run ",
                cmd("voyage list").switch("all"),
                " to see every voyage",
            ])),
            _ => {
                let shown: Vec<String> = matches
                    .iter()
                    .take(8)
                    .map(|file| {
                        format!(
                            "{}…",
                            &file.id.simple().to_string()[..(wanted.len() + 4).clamp(12, 32)]
                        )
                    })
                    .collect();
                let more = if matches.len() > 8 {
                    format!(" and {} more", matches.len() - 8)
                } else {
                    String::new()
                };
                Err(Error::new(
                    Kind::Ambiguous,
                    format!(
                        "voyage prefix '{}' is ambiguous: {}{more}",
                        prefix.trim(),
                        shown.join(", ")
                    ),
                )
                .about(Fact::Voyage(prefix.trim().to_string()))
                .hint("type more of the id"))
            }
        }
    }
}

/// Whether `path` (its links resolved) names a voyage file or one being
/// made: `<uuid>.sqlite`, or a hidden `….sqlite.new`, in a folder named
/// `voyages`. Code that opens a file the user names refuses these, because a
/// voyage file is opened only by SQLite or through its VFS ([`vfs`]): a
/// descriptor of its own, once closed, would drop every lock this process's
/// connections hold on it (ADR 0011).
pub fn names_a_voyage(path: &Path) -> bool {
    let in_voyages = path
        .parent()
        .and_then(Path::file_name)
        .is_some_and(|dir| dir == "voyages");
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let voyage = name
        .strip_suffix(".sqlite")
        .is_some_and(|stem| Uuid::try_parse(stem).is_ok());
    let in_the_making = name.starts_with('.') && name.ends_with(".sqlite.new");
    in_voyages && (voyage || in_the_making)
}

/// Lowercases a prefix and drops hyphens, refusing anything that cannot be
/// part of a UUID.
fn normalise_prefix(prefix: &str) -> Result<String> {
    let trimmed = prefix.trim();
    if trimmed.is_empty() {
        return Err(Error::usage("the voyage id is empty")
            .hint("pass a voyage id or prefix, or set HELM_VOYAGE"));
    }
    let wanted: String = trimmed
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if wanted.is_empty() || wanted.len() > 32 || !wanted.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Error::usage(format!(
            "'{trimmed}' is not a voyage id: ids are hexadecimal UUIDs"
        ))
        .hint(words![
            "run ",
            cmd("voyage list").switch("all"),
            " to see every voyage",
        ]));
    }
    Ok(wanted)
}

fn create_private_dir(path: &Path) -> Result<()> {
    files::create_private_dir(path)
}

/// Opens an existing voyage file with helm's connection settings and checks
/// that it is a voyage this binary understands. Never creates and never writes.
pub(crate) fn open(path: &Path) -> Result<Connection> {
    let conn = open_unchecked(path)?;
    schema::check(&conn)?;
    Ok(conn)
}

/// Like [`open`], leaving the schema check to the caller (who must make it
/// before trusting what it reads).
pub(crate) fn open_unchecked(path: &Path) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = connect(path, flags).map_err(|err| match path.exists() {
        false => Error::new(
            Kind::NotFound,
            format!("voyage file {} does not exist", path.display()),
        ),
        true => sql::sql_error(err),
    })?;
    configure(&conn)?;
    Ok(conn)
}

/// Opens a SQLite connection, the only way helm does: SQLite's process-wide
/// settings must be made before its first connection. (`pub` for the search
/// index beside the voyages, helm-search, which is not a voyage file.)
pub fn connect(path: &Path, flags: OpenFlags) -> rusqlite::Result<Connection> {
    sqlite_settings();
    Connection::open_with_flags(path, flags)
}

/// Makes SQLite's process-wide settings once, before anything initialises
/// SQLite: a connection, or a file opened through its VFS (`vfs`).
fn sqlite_settings() {
    static SETTINGS: std::sync::Once = std::sync::Once::new();
    SETTINGS.call_once(process_settings);
}

/// SQLite sets memory up ahead for a process that keeps many connections
/// busy: 120 KB of lookaside slots for every connection and 20 cache pages
/// in bulk, each slot and page written (so faulted in) when it is made.
/// A helm command opens one voyage for a few statements, and these page
/// faults were a tenth of a small observe's (docs/performance.md). Without
/// them SQLite takes small allocations from malloc and pages one by one.
fn process_settings() {
    use std::ffi::{c_int, c_void};
    // SAFETY: sqlite3_config takes these arguments for these options, and
    // runs before any connection (the Once in `sqlite_settings`). If SQLite was
    // initialised already (a test opening a connection by itself), it
    // refuses with SQLITE_MISUSE and keeps its defaults, which are correct.
    unsafe {
        rusqlite::ffi::sqlite3_config(
            rusqlite::ffi::SQLITE_CONFIG_LOOKASIDE,
            0 as c_int,
            0 as c_int,
        );
        rusqlite::ffi::sqlite3_config(
            rusqlite::ffi::SQLITE_CONFIG_PAGECACHE,
            std::ptr::null_mut::<c_void>(),
            0 as c_int,
            0 as c_int,
        );
    }
}

/// Settings every connection gets.
pub(crate) fn configure(conn: &Connection) -> Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT).sql()?;
    // The same switch as `PRAGMA foreign_keys = ON`, set without running a
    // statement (a statement would take a read lock: measurable in `voyage list`).
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_FKEY, true)
        .sql()?;
    Ok(())
}

/// Starts a write transaction holding the write lock from its first
/// statement, and checks the schema under that lock: a file this binary must
/// not write is refused before anything is written, with no extra round of
/// locking for the check.
fn write(conn: &mut Connection) -> Result<Transaction<'_>> {
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .sql()?;
    schema::check_for_write(&tx)?;
    Ok(tx)
}

/// Starts a read transaction: one consistent snapshot for a multi-query read.
fn read(conn: &mut Connection) -> Result<Transaction<'_>> {
    conn.transaction_with_behavior(TransactionBehavior::Deferred)
        .sql()
}

/// Prefixes an error about a voyage file with which file it was.
pub fn name_file(err: Error, file: &VoyageFile) -> Error {
    err.prefixed(format!("voyage {}: ", file.path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_are_hex_and_may_carry_hyphens() {
        assert_eq!(normalise_prefix(" 0195-AB ").unwrap(), "0195ab");
        assert_eq!(normalise_prefix("xyz").unwrap_err().kind(), Kind::Usage);
        assert_eq!(normalise_prefix("").unwrap_err().kind(), Kind::Usage);
        assert_eq!(normalise_prefix("-").unwrap_err().kind(), Kind::Usage);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text is either refused as a usage error or resolves without
        /// panicking; prefixes of a real id always find it.
        #[test]
        fn prefixes_never_panic(text in "\\PC{0,40}") {
            match normalise_prefix(&text) {
                Ok(wanted) => prop_assert!(wanted.len() <= 32 && wanted.chars().all(|c| c.is_ascii_hexdigit())),
                Err(err) => prop_assert_eq!(err.kind(), Kind::Usage),
            }
        }

        #[test]
        fn every_prefix_of_an_id_resolves(cut in 1usize..36, upper in any::<bool>()) {
            let dir = tempfile::tempdir().unwrap();
            let home = Home::new(dir.path());
            home.ensure().unwrap();
            let id = Uuid::now_v7();
            fs::write(home.voyage_path(&id), b"").unwrap();
            let text = id.hyphenated().to_string();
            let prefix = &text[..cut];
            let prefix = if upper { prefix.to_uppercase() } else { prefix.to_string() };
            prop_assume!(prefix != "-" && !prefix.trim_matches('-').is_empty());
            prop_assert_eq!(home.resolve(&prefix).unwrap().id, id);
        }
    }
}
