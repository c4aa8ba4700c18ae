//! Errors as users see them: a kind (stable, for `--json`), a one-line message
//! saying what happened, and an optional hint saying what to do next.
//!
//! Every fallible path in helm ends in [`Error`]; the renderer in `output`
//! prints it and `main` turns its kind into an exit code. Nothing here prints.

use std::fmt;

/// What went wrong, as a stable machine-readable category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Bad flags or arguments: exit code 2.
    Usage,
    /// A voyage, artifact, file or GitHub object that does not exist.
    NotFound,
    /// A voyage prefix that names more than one voyage.
    Ambiguous,
    /// The voyage has ended; it takes no more observations or entries.
    Ended,
    /// A file that is not a helm voyage (not SQLite, or SQLite without helm's schema).
    NotAVoyage,
    /// A voyage written by a newer helm; refused and left untouched.
    FutureSchema,
    /// The voyage stayed locked by another process for longer than helm waits.
    Busy,
    /// Reading or writing local files failed.
    Io,
    /// SQLite reported something unexpected.
    Storage,
    /// A voyage whose content fails verification.
    Corrupt,
    /// The configuration needed for GitHub (repository, token, URL) is missing or malformed.
    Config,
    /// GitHub refused or could not be reached.
    GitHub,
    /// The request conflicts with what is already recorded.
    Conflict,
    /// GitHub may have acted, or acted in part, and does not show what: an
    /// interrupted steer's retry or settle cannot tell whether the earlier
    /// attempt acted, or a multi-request steer failed after one request went
    /// through. Nothing more was acted on; the attempt's record is kept for
    /// the retry or `helm interrupted settle` (ADR 0012).
    UnknownOutcome,
    /// The target changed on GitHub since it was observed (ADR 0008).
    Stale,
    /// The voyage moved on the git remote since this machine last synced it:
    /// push refused, pull first (ADR 0015).
    Diverged,
    /// What a git remote holds fails helm's checks; nothing was written.
    BadRemote,
    /// A merge the slate's observation of the PR's checks and reviews does
    /// not show ready; nothing was acted on or recorded.
    NotReady,
    /// GitHub's rate limit asked for a longer wait than `HELM_GITHUB_TIMEOUT`
    /// allows; nothing was acted on or recorded.
    RateLimited,
    /// The MCP client cancelled the call before it wrote anything; nothing
    /// was done.
    Cancelled,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::NotFound => "not-found",
            Kind::Ambiguous => "ambiguous",
            Kind::Ended => "voyage-ended",
            Kind::NotAVoyage => "not-a-voyage",
            Kind::FutureSchema => "future-schema",
            Kind::Busy => "busy",
            Kind::Io => "io",
            Kind::Storage => "storage",
            Kind::Corrupt => "corrupt",
            Kind::Config => "config",
            Kind::GitHub => "github",
            Kind::Conflict => "conflict",
            Kind::UnknownOutcome => "unknown-outcome",
            Kind::Stale => "stale",
            Kind::Diverged => "diverged",
            Kind::BadRemote => "bad-remote",
            Kind::NotReady => "not-ready",
            Kind::RateLimited => "rate-limited",
            Kind::Cancelled => "cancelled",
        }
    }

    /// The process exit code for this kind: 2 for usage errors, 1 for the rest.
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::Usage => 2,
            _ => 1,
        }
    }
}

/// A failure worth telling the user about.
#[derive(Debug)]
pub struct Error {
    kind: Kind,
    message: String,
    hint: Option<String>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            hint: None,
        }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Error::new(Kind::Usage, message)
    }

    pub fn io(what: impl fmt::Display, err: &std::io::Error) -> Self {
        let kind = if err.kind() == std::io::ErrorKind::NotFound {
            Kind::NotFound
        } else {
            Kind::Io
        };
        Error::new(kind, format!("{what}: {}", io_reason(err)))
    }

    /// Adds what the user can do about it.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn hint_text(&self) -> Option<&str> {
        self.hint.as_deref()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The OS reason without Rust's "(os error N)" suffix, which helps nobody.
pub fn io_reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

impl From<rusqlite::Error> for Error {
    fn from(err: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode;
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
                    .hint("run `helm voyage verify` for a report")
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
        }
    }
}

impl From<serde_json::Error> for Error {
    fn from(err: serde_json::Error) -> Self {
        Error::new(Kind::Storage, format!("malformed JSON: {err}"))
    }
}
