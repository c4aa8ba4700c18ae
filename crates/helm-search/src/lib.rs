//! Search across voyages: a full-text index (SQLite FTS5, ranked by BM25)
//! of what every voyage in a home says, in `$HELM_HOME/search.sqlite`,
//! beside the voyages and never inside one.
//!
//! The index is never the source of truth. Before each search it is brought
//! up to date by each voyage file's change stamp (`refresh.rs`): only a
//! voyage whose stamp changed is read again, so an entry written a moment
//! ago is found and deleting the index loses nothing. A missing or damaged
//! index is made anew (`index.rs`). What a voyage holds worth finding is not
//! known here: the core hands it over through [`Texts`] (the observation
//! kinds know their payloads, the actions their records), so this crate
//! needs no kind and no action.

use helm_model as model;
use helm_storage as storage;

mod index;
mod query;
mod refresh;

use std::path::PathBuf;

use crate::model::error::Result;
use crate::storage::Home;
use crate::storage::logbook::Entry;

pub use query::{Query, SearchHit, Span};

/// One piece of text worth finding, and who wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextPiece {
    pub text: String,
    /// The author's login, for text written on GitHub.
    pub author: Option<String>,
    /// Written by someone who cannot push to the repository: marked in
    /// results, withheld under lockdown.
    pub untrusted: bool,
}

/// A stored payload as the index reads it.
#[derive(Clone, Copy, Debug)]
pub enum StoredText<'a> {
    /// The payload itself.
    Payload(&'a [u8]),
    /// A reduced payload's summary, in its place.
    Summary(&'a [u8]),
}

/// What the core knows of a voyage's contents: the text of an entry and of
/// an observation's payload, as stored (redacted as stored, since only
/// stored payloads are handed over).
pub trait Texts {
    /// The pieces of an entry: its summary, its logged state, what a steer
    /// posted.
    fn entry(&self, entry: &Entry) -> Vec<TextPiece>;
    /// The pieces of an observation of `target` (its canonical JSON).
    fn observation(&self, target: &str, stored: StoredText<'_>) -> Vec<TextPiece>;
}

/// Where a home keeps its index.
pub(crate) fn index_path(home: &Home) -> PathBuf {
    home.root().join("search.sqlite")
}

/// Brings the index of `home` up to date (from scratch when `reindex`),
/// then answers `query`.
pub fn search(
    home: &Home,
    texts: &dyn Texts,
    query: &Query,
    reindex: bool,
) -> Result<Vec<SearchHit>> {
    query.check()?;
    // A home with no voyages yet still answers (with nothing).
    storage::files::create_private_dir(home.root())?;
    let mut conn = index::open(&index_path(home), reindex)?;
    refresh::refresh(&mut conn, home, texts)?;
    query::run(&conn, query)
}
