//! Errors as data: a kind (stable, for `--json`), a message saying what
//! happened, an optional hint saying what to do next, the facts a program
//! may want (which voyage, what the forge answered), and the cause. Message and
//! hint are [`Words`]: the arguments and commands they refer to are data
//! too ([`Segment::Arg`]), which each front end names its own way.
//!
//! Every fallible path in helm ends in [`Error`]; the front ends render it
//! and `main` turns its kind into an exit code. Nothing here prints.

mod from;
mod kind;
mod words;

use std::fmt;

use crate::ActionKind;

pub use kind::Kind;
pub use words::{CommandArg, CommandLine, Invocation, Piece, Segment, Speaker, Words, arg, cmd};

/// A failure worth telling the user about.
#[derive(Debug)]
pub struct Error {
    kind: Kind,
    message: Words,
    hint: Option<Words>,
    facts: Vec<Fact>,
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

/// Something an error is about, for a program rather than a reader: the
/// JSON error document carries each (`voyage`, `githubStatus`, `forge` and
/// `forgeStatus`, `forge`, `action` and `missing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The voyage it is about, as given (a prefix) or as its id.
    Voyage(String),
    /// What GitHub answered: its HTTP status, when it answered at all.
    GitHub { status: Option<u16> },
    /// What a forge other than GitHub answered: the forge's name (`gitlab`,
    /// `forgejo`) and its HTTP status, when it answered at all. GitHub's
    /// own stays [`Fact::GitHub`], the bytes scripts already read (ADR 0023).
    Forge { forge: String, status: Option<u16> },
    /// What a forge cannot do exactly: the forge's name, the action and the
    /// part it lacks (`reason`, `teams`, `reply`, `resolution`, `method`).
    Unsupported {
        forge: String,
        action: ActionKind,
        missing: String,
    },
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(kind: Kind, message: impl Piece) -> Self {
        Error {
            kind,
            message: Words::of(message),
            hint: None,
            facts: Vec::new(),
            source: None,
        }
    }

    pub fn usage(message: impl Piece) -> Self {
        Error::new(Kind::Usage, message)
    }

    pub fn io(what: impl fmt::Display, err: &std::io::Error) -> Self {
        let kind = if err.kind() == std::io::ErrorKind::NotFound {
            Kind::NotFound
        } else {
            Kind::Io
        };
        Error::new(kind, format!("{what}: {}", io_reason(err)))
            .caused_by(std::io::Error::new(err.kind(), err.to_string()))
    }

    /// Adds what the user can do about it.
    pub fn hint(mut self, hint: impl Piece) -> Self {
        self.hint = Some(Words::of(hint));
        self
    }

    /// Adds a fact the error is about.
    pub fn about(mut self, fact: Fact) -> Self {
        self.facts.push(fact);
        self
    }

    /// Keeps the error that caused this one, for [`std::error::Error::source`].
    pub fn caused_by(mut self, cause: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.source = Some(Box::new(cause));
        self
    }

    /// The facts it is about, in the order they were added.
    pub fn facts(&self) -> &[Fact] {
        &self.facts
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn message(&self) -> &Words {
        &self.message
    }

    pub fn hint_words(&self) -> Option<&Words> {
        self.hint.as_ref()
    }

    /// The message and hint as the command line words them.
    pub fn hint_text(&self) -> Option<String> {
        self.hint.as_ref().map(Words::to_string)
    }

    /// The same error with `before` put in front of its message (its
    /// hint, facts and cause kept): `voyage v.sqlite: ` and what failed.
    pub fn prefixed(mut self, before: impl Piece) -> Self {
        let mut message = Words::of(before);
        message.push(std::mem::take(&mut self.message));
        self.message = message;
        self
    }

    /// Whether it has a hint.
    pub fn has_hint(&self) -> bool {
        self.hint.is_some()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.message, f)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|cause| cause as &(dyn std::error::Error + 'static))
    }
}

/// The OS reason without Rust's "(os error N)" suffix, which helps nobody.
pub fn io_reason(err: &std::io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}
