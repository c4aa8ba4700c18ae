//! What a fetch brought, read from helm's private repository and checked
//! before anything is written: every remote commit since the last sync, in
//! order, one parent each (so nothing synced before was rewritten), each
//! holding only files the layout has a place for; the entries they add,
//! canonical and well formed, numbered on from the last one; every payload
//! hashing to its name; every lifecycle file canonical; every artifact an
//! entry names held, and every summary a summary of its source. A failure
//! is `bad-remote` and names what was wrong.
//!
//! `history`: the chain of commits; `steps`: each commit's voyage.json,
//! checked as if it were the tip; `artifacts`: what they do to each
//! artifact; `files`: each file read and checked; `limits`: how large each
//! object may be before it is read.

mod artifacts;
mod files;
mod history;
mod limits;
mod steps;

use std::collections::BTreeMap;

use uuid::Uuid;

use super::Sync;
use super::batch::{self, Batch};
use super::layout::{EntryDoc, EntryId};
use super::names::File;
use super::object::parse_tree;
use super::rules::ArtifactLifecycle;
use super::shadow::tree::{Base, Blob, FileChange};
use crate::error::{Error, Kind, Result};
use crate::model::{Voyage, VoyageStatus};
use crate::storage::artifact::Packed;

use files::{decode_entries, shown};
pub(crate) use files::{status_of, voyage_doc};
use steps::Step;

/// An artifact a pull needs: its state on the remote (and payload, when it
/// arrived), and at the last sync.
pub(crate) struct Incoming {
    pub(crate) remote: ArtifactLifecycle,
    pub(crate) base: Option<ArtifactLifecycle>,
    pub(crate) packed: Option<Packed>,
}

/// Everything a pull will merge, checked.
pub(crate) struct Arrival {
    pub(crate) voyage: Voyage,
    pub(crate) base: Option<Base>,
    /// The number of the first new entry.
    pub(crate) from: u64,
    pub(crate) entries: Vec<(EntryId, EntryDoc)>,
    pub(crate) artifacts: BTreeMap<String, Incoming>,
    /// What the snapshot of the remote becomes with these commits.
    pub(crate) changes: Vec<FileChange>,
}

impl Arrival {
    /// The base's voyage status, for the three-way merge of the end.
    pub(crate) fn base_status(&self) -> Option<VoyageStatus> {
        self.base.as_ref().map(|b| status_of(&b.doc))
    }
}

/// What the commits since the last sync do to one artifact, in order.
pub(super) enum ArtifactEvent {
    Payload(String),
    Record(String),
}

/// Reads and checks what the remote commit `tip` adds to `base`.
pub(crate) fn read(
    sync: &Sync<'_>,
    batch: &mut Batch,
    id: &Uuid,
    base: Option<Base>,
    tip: &str,
) -> Result<Arrival> {
    let bad = |what: String| bad_remote(id, what);
    let base_remote = base.as_ref().map(|b| b.remote.as_str());
    let commits = history::history(sync, batch, base_remote, tip).map_err(&bad)?;

    // Every commit's files, each in its place, a part of the trees at a time.
    let mut count = base.as_ref().map_or(0, |b| b.doc.entries);
    let from = count + 1;
    let mut added: Vec<String> = Vec::new();
    let mut events: BTreeMap<String, Vec<ArtifactEvent>> = BTreeMap::new();
    // Each commit's voyage.json, and how many entries the chain holds there.
    let mut steps: Vec<Step> = Vec::new();
    let mut next = commits.iter();
    batch::bounded(
        &sync.repo,
        batch,
        commits.iter().map(|(_, tree)| tree.clone()).collect(),
        limits::TREE,
        limits::BUDGET,
        |err| bad(format!("a commit's tree: {}", err.message())),
        |trees| {
            for tree in trees {
                let Some((commit, _)) = next.next() else {
                    return Err(bad("its history cannot be read".into()));
                };
                let short = &commit[..12];
                let (info, bytes) =
                    tree.ok_or_else(|| bad(format!("commit {short} lacks its tree")))?;
                if info.kind != "tree" {
                    return Err(bad(format!("commit {short} lacks its tree")));
                }
                let mut voyage_blob = None;
                for entry in parse_tree(&bytes).map_err(&bad)? {
                    let name = entry.name.unwrap_or_default();
                    let file = File::named(&name).ok_or_else(|| {
                        bad(format!(
                            "commit {short} holds {:?}, which is no part of a voyage",
                            shown(&name)
                        ))
                    })?;
                    if entry.mode != "100644" {
                        return Err(bad(format!("{name} in commit {short} is not a plain file")));
                    }
                    match file {
                        File::Voyage => voyage_blob = Some(entry.oid),
                        File::Entry(n) if n == count + 1 => {
                            count = n;
                            added.push(entry.oid);
                        }
                        File::Entry(n) => {
                            return Err(bad(format!(
                                "commit {short} records entry {n} where entry {} comes next: pushed entries never change",
                                count + 1
                            )));
                        }
                        File::Artifact(hash) => events
                            .entry(hash)
                            .or_default()
                            .push(ArtifactEvent::Payload(entry.oid)),
                        File::Lifecycle(hash) => events
                            .entry(hash)
                            .or_default()
                            .push(ArtifactEvent::Record(entry.oid)),
                    }
                }
                let Some(oid) = voyage_blob else {
                    return Err(bad(format!("commit {short} has no voyage.json")));
                };
                steps.push(Step {
                    commit: short.to_string(),
                    voyage: oid,
                    entries: count,
                });
            }
            Ok(())
        },
    )?;
    let doc = steps::check(sync, batch, id, base.as_ref(), &steps)?;
    let voyage_blob = steps.last().map(|step| step.voyage.clone());

    // The new entries, canonical and well formed.
    let mut changes = vec![FileChange::Put(
        File::Voyage,
        Blob::Oid(voyage_blob.unwrap_or_default()),
    )];
    let mut entries = Vec::with_capacity(added.len());
    batch::bounded(
        &sync.repo,
        batch,
        added.clone(),
        limits::FILE,
        limits::BUDGET,
        |err| bad(format!("an entry file: {}", err.message())),
        |objects| {
            let first = from + entries.len() as u64;
            entries.extend(decode_entries(objects, first).map_err(&bad)?);
            Ok(())
        },
    )?;
    if let Some(last) = added.last() {
        changes.push(FileChange::Put(File::Entry(count), Blob::Oid(last.clone())));
    }
    let artifacts = artifacts::fold(
        batch,
        id,
        base.as_ref(),
        &entries,
        from,
        &events,
        &mut changes,
    )?;

    let voyage = Voyage {
        id: *id,
        intent: doc.intent.clone(),
        created_at: doc.created_at.clone(),
        status: status_of(&doc),
    };
    Ok(Arrival {
        voyage,
        base,
        from,
        entries,
        artifacts,
        changes,
    })
}

/// The refusal every check makes.
pub(crate) fn bad_remote(id: &Uuid, what: String) -> Error {
    Error::new(
        Kind::BadRemote,
        format!("the remote's copy of voyage {id} fails helm's checks: {what}"),
    )
    .hint("nothing was written here; ask whoever pushed it last, or push this machine's copy to another remote")
}
