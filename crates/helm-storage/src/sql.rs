//! rusqlite's errors as helm's: a kind, a message and a hint, with SQLite's
//! error kept as the cause.
//!
//! This was a `From<rusqlite::Error>` in helm-model, which made every crate
//! above helm-model (helm-github among them) build SQLite. Only this crate
//! talks to the voyage files, and the orphan rule forbids the `From` here
//! (both types are foreign), so each rusqlite result is turned into helm's
//! with `.sql()?`.

use rusqlite::ErrorCode;

use crate::error::{Error, Kind, Result, cmd};
use crate::model::words;

/// A rusqlite result as helm's.
pub trait Sql<T> {
    fn sql(self) -> Result<T>;
}

impl<T> Sql<T> for rusqlite::Result<T> {
    fn sql(self) -> Result<T> {
        self.map_err(sql_error)
    }
}

/// What a SQLite failure means to someone using helm, and what to do about it.
pub fn sql_error(err: rusqlite::Error) -> Error {
    let error =
        match err.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Error::new(
                Kind::Busy,
                "the voyage stayed locked by another helm process for too long",
            )
            .hint("another helm command is still writing to this voyage; retry when it finishes"),
            Some(ErrorCode::NotADatabase) => {
                Error::new(Kind::NotAVoyage, "the voyage file is not a SQLite database")
            }
            Some(ErrorCode::DatabaseCorrupt) => {
                Error::new(Kind::Corrupt, format!("the voyage file is corrupt: {err}"))
                    .hint(words!["run ", cmd("voyage verify"), " for a report"])
            }
            Some(ErrorCode::ReadOnly) => Error::new(
                Kind::Io,
                format!("the voyage file cannot be written: {err}"),
            )
            .hint("check the permissions of the voyage file and of $HELM_HOME"),
            Some(ErrorCode::DiskFull) => Error::new(Kind::Io, "the disk is full")
                .hint("free some space; nothing was recorded"),
            Some(ErrorCode::CannotOpen) => {
                Error::new(Kind::Io, format!("cannot open the voyage file: {err}"))
                    .hint("check that $HELM_HOME exists and is readable")
            }
            _ => Error::new(Kind::Storage, format!("voyage database error: {err}")),
        };
    error.caused_by(err)
}
