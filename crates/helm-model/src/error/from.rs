//! Errors of the libraries helm builds on, as helm's: a kind, a message
//! and a hint, with the library's error kept as the cause.

use super::{Error, Kind, cmd};
use crate::words;

impl From<rusqlite::Error> for Error {
    fn from(err: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
        let error = match err.sqlite_error_code() {
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
}

impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Self {
        Error::new(Kind::Storage, format!("malformed JSON: {err}")).caused_by(err)
    }
}
