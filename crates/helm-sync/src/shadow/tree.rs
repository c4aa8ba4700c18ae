//! The snapshot's values, and the changes that move it: the last sync
//! (`Base`), one change to a file (`FileChange`, its content a `Blob`), the
//! changes an artifact's new state makes, and how a snapshot commit is
//! written in a `git fast-import` stream. Both writers (`direct`,
//! `fast_import`) and the arrival of a pull take them from here, beneath
//! the snapshot's reading and recording (`shadow`), which call those.

use std::io::{self, Write};

use crate::sync::layout::{self, EntryId, Status, VoyageDoc};
use crate::sync::names::File;
use crate::sync::rules::ArtifactLifecycle;

/// The last sync, as the snapshot records it.
#[derive(Clone, Debug)]
pub(crate) struct Base {
    /// The snapshot commit.
    pub(crate) shadow: String,
    /// Its tree.
    pub(crate) tree: String,
    /// The remote commit it is the snapshot of.
    pub(crate) remote: String,
    pub(crate) doc: VoyageDoc,
    /// The identity of the last entry, which the voyage here must hold
    /// under the same number for the snapshot to be its base.
    pub(crate) last: Option<EntryId>,
}

/// Where a file's content comes from.
#[derive(Clone, Debug)]
pub(crate) enum Blob {
    /// An object the repository has.
    Oid(String),
    /// A blob the same fast-import stream wrote (`:<mark>`).
    Mark(usize),
    Bytes(Vec<u8>),
}

/// One change to the snapshot.
#[derive(Clone, Debug)]
pub(crate) enum FileChange {
    Put(File, Blob),
    Delete(File),
}

/// Writes, in a fast-import stream, the snapshot commit on `branch` of the
/// remote commit `remote` (an id or `:<mark>`): the `base` snapshot with
/// `changes`, or, without a base, `changes` alone.
pub(crate) fn commit(
    out: &mut impl Write,
    branch: &str,
    mark: usize,
    base: Option<&Base>,
    remote: &str,
    changes: &[FileChange],
) -> io::Result<()> {
    let now = jiff::Timestamp::now().as_second();
    writeln!(out, "commit {branch}\nmark :{mark}")?;
    writeln!(out, "committer helm <helm@localhost> {now} +0000")?;
    writeln!(out, "data 20\nhelm: remote voyage")?;
    match base {
        Some(base) => writeln!(out, "from {}\nmerge {remote}", base.shadow)?,
        None => writeln!(out, "from {remote}\ndeleteall")?,
    }
    for change in changes {
        match change {
            FileChange::Put(file, Blob::Oid(oid)) => {
                writeln!(out, "M 100644 {oid} {}", file.path())?
            }
            FileChange::Put(file, Blob::Mark(mark)) => {
                writeln!(out, "M 100644 :{mark} {}", file.path())?
            }
            FileChange::Put(file, Blob::Bytes(bytes)) => {
                writeln!(out, "M 100644 inline {}\ndata {}", file.path(), bytes.len())?;
                out.write_all(bytes)?;
                writeln!(out)?;
            }
            FileChange::Delete(file) => writeln!(out, "D {}", file.path())?,
        }
    }
    writeln!(out)
}

/// The snapshot changes that bring an artifact from `before` to `after`
/// (the payload's blob given when it arrived or leaves with this change).
pub(crate) fn artifact_changes(
    hash: &str,
    before: Option<&ArtifactLifecycle>,
    after: &ArtifactLifecycle,
    payload: Option<Blob>,
) -> Vec<FileChange> {
    let mut changes = Vec::new();
    let was_stowed = before.is_some_and(|s| s.status == Status::Stowed);
    match (after.status == Status::Stowed, payload) {
        (true, Some(blob)) => changes.push(FileChange::Put(File::Artifact(hash.to_string()), blob)),
        (false, _) if was_stowed => {
            changes.push(FileChange::Delete(File::Artifact(hash.to_string())))
        }
        _ => {}
    }
    match (after.record(), before.and_then(ArtifactLifecycle::record)) {
        (Some(record), _) => changes.push(FileChange::Put(
            File::Lifecycle(hash.to_string()),
            Blob::Bytes(layout::encode(&record)),
        )),
        (None, Some(_)) => changes.push(FileChange::Delete(File::Lifecycle(hash.to_string()))),
        (None, None) => {}
    }
    changes
}
