//! What a fetch brought, read from helm's private repository and checked
//! before anything is written: the remote's voyage file, every entry added
//! since the last sync (canonical, well formed, numbered on from the last
//! one, none changed or removed), and every artifact they or a lifecycle
//! change need (its blob hashing to its name, its lifecycle consistent, its
//! summaries present). Any path the layout has no place for is refused. A
//! failure is `bad-remote` and names what was wrong.

use std::collections::{BTreeMap, BTreeSet};

use uuid::Uuid;

use super::Sync;
use super::batch::{self, Batch};
use super::layout::{
    self, EntryDoc, EntryId, LAYOUT, LifecycleDoc, MAX_ENTRIES, Place, Status, VoyageDoc,
};
use super::rules::State;
use super::transport;
use crate::error::{Error, Kind, Result};
use crate::model::{Voyage, VoyageStatus};
use crate::storage::artifact::{Packed, Packer};

/// The largest entry file helm reads (an entry is text, not a payload).
const MAX_ENTRY_BYTES: u64 = 16 << 20;

/// Blobs up to this size are read whole (and a summary's JSON kept).
const WHOLE_BLOB: u64 = 1 << 20;

/// The last synced remote commit, as the voyage here should hold it.
pub struct Base {
    pub commit: String,
    pub doc: VoyageDoc,
    /// The identity of its last entry, which the voyage here must hold at
    /// the same number.
    pub last: Option<EntryId>,
}

/// An artifact a pull needs: its state on the remote (and payload, when
/// stowed there) and at the last sync.
pub struct Incoming {
    pub remote: State,
    pub base: Option<State>,
    pub packed: Option<Packed>,
}

/// Everything a pull will merge, checked.
pub struct Arrival {
    pub voyage: Voyage,
    pub base: Option<Base>,
    /// The number of the first new entry.
    pub from: u64,
    pub entries: Vec<(EntryId, EntryDoc)>,
    pub artifacts: BTreeMap<String, Incoming>,
}

impl Arrival {
    /// The base's voyage status, for the three-way merge of the end.
    pub fn base_status(&self) -> Option<VoyageStatus> {
        self.base.as_ref().map(|b| status_of(&b.doc))
    }
}

/// Reads and checks what `tip` adds to `base` for voyage `id`.
pub fn read(sync: &Sync<'_>, id: &Uuid, base: Option<&str>, tip: &str) -> Result<Arrival> {
    let bad = |what: String| bad_remote(id, what);
    let mut batch = Batch::start(&sync.repo)?;
    let doc = voyage_doc(&mut batch, tip, id).map_err(&bad)?;
    let base = match base {
        None => None,
        Some(commit) => {
            let doc = voyage_doc(&mut batch, commit, id).map_err(|what| {
                Error::new(
                    Kind::Storage,
                    format!("the last synced copy of voyage {id}: {what}"),
                )
            })?;
            let last = match doc.entries {
                0 => None,
                n => Some(entry_identity(&mut batch, commit, n)?),
            };
            Some(Base {
                commit: commit.to_string(),
                doc,
                last,
            })
        }
    };
    let from = base.as_ref().map_or(0, |b| b.doc.entries) + 1;
    if let Some(base) = &base {
        if (&base.doc.intent, &base.doc.created_at) != (&doc.intent, &doc.created_at) {
            return Err(bad(
                "its intent or creation time differs from what was synced before".into(),
            ));
        }
        if doc.entries < base.doc.entries {
            return Err(bad(format!(
                "it holds {} entries where {} were synced before",
                doc.entries, base.doc.entries
            )));
        }
    }

    // Every path that changed, each in its place.
    let mut added: BTreeMap<u64, String> = BTreeMap::new();
    let mut touched: BTreeSet<String> = BTreeSet::new();
    for change in transport::diff(&sync.repo, base.as_ref().map(|b| b.commit.as_str()), tip)? {
        let place = layout::place(&change.path).ok_or_else(|| {
            bad(format!(
                "it holds {:?}, which is no part of a voyage",
                shown(&change.path)
            ))
        })?;
        if let Some((mode, _)) = &change.new
            && mode != "100644"
        {
            return Err(bad(format!(
                "{} is not a plain file (mode {mode})",
                change.path
            )));
        }
        match (place, &change.new) {
            (Place::Voyage, Some(_)) => {}
            (Place::Voyage, None) => return Err(bad("it has no voyage.json".into())),
            (Place::Entry(n), Some((_, oid))) if !change.existed => {
                added.insert(n, oid.clone());
            }
            (Place::Entry(n), _) => {
                return Err(bad(format!(
                    "entry {n}, synced before, was changed or removed: pushed entries never change"
                )));
            }
            (Place::Artifact(hash) | Place::Lifecycle(hash), _) => {
                touched.insert(hash);
            }
        }
    }
    let expected: Vec<u64> = (from..=doc.entries).collect();
    if added.keys().copied().collect::<Vec<_>>() != expected {
        return Err(bad(format!(
            "its voyage.json counts {} entries, but the entries added since the last sync are not numbered {from} to {}",
            doc.entries, doc.entries
        )));
    }

    // The new entries, canonical and well formed.
    let oids: Vec<String> = added.values().cloned().collect();
    let mut entries: Vec<(EntryId, EntryDoc)> = Vec::with_capacity(oids.len());
    batch::read_many(&sync.repo, oids, |i, object| {
        let number = from + i as u64;
        let Some((info, reader)) = object else {
            return Err(bad(format!("entry {number} is missing")));
        };
        if info.kind != "blob" || info.size > MAX_ENTRY_BYTES {
            return Err(bad(format!("entry {number} is not an entry file")));
        }
        let mut bytes = Vec::with_capacity(info.size as usize);
        reader
            .read_to_end(&mut bytes)
            .map_err(|err| Error::io("reading helm's private git repository failed", &err))?;
        let entry: EntryDoc =
            layout::decode(&bytes).map_err(|why| bad(format!("entry {number}: {why}")))?;
        entry
            .check()
            .map_err(|why| bad(format!("entry {number}: {why}")))?;
        entries.push((layout::identity(&bytes), entry));
        Ok(())
    })?;

    // The artifacts those entries and the lifecycle changes need.
    let mut wanted: BTreeMap<String, Option<u64>> = BTreeMap::new();
    for hash in touched {
        wanted.insert(hash, None);
    }
    for (i, (_, entry)) in entries.iter().enumerate() {
        for observation in &entry.bearing {
            wanted
                .entry(observation.artifact.clone())
                .or_insert(Some(from + i as u64));
        }
    }
    let mut artifacts = BTreeMap::new();
    let mut summaries: BTreeMap<String, String> = BTreeMap::new();
    while let Some((hash, needed_by)) = wanted.pop_first() {
        if artifacts.contains_key(&hash) {
            continue;
        }
        let remote = match tree_state(&mut batch, tip, &hash).map_err(&bad)? {
            Some(state) => state,
            None => {
                return Err(bad(match (needed_by, summaries.get(&hash)) {
                    (Some(n), _) => {
                        format!("entry {n} names artifact {hash}, which it does not hold")
                    }
                    (None, Some(source)) => {
                        format!("the summary {hash} of artifact {source} is missing")
                    }
                    (None, None) => format!("artifact {hash} was removed"),
                }));
            }
        };
        for derivation in &remote.derivations {
            summaries.insert(derivation.summary.clone(), hash.clone());
            wanted.entry(derivation.summary.clone()).or_insert(None);
        }
        let packed = match remote.status {
            Status::Stowed => Some(payload(&mut batch, tip, &hash).map_err(&bad)?),
            _ => None,
        };
        let base_state = match &base {
            Some(base) => tree_state(&mut batch, &base.commit, &hash).map_err(|what| {
                Error::new(
                    Kind::Storage,
                    format!("the last synced copy of voyage {id}: {what}"),
                )
            })?,
            None => None,
        };
        artifacts.insert(
            hash,
            Incoming {
                remote,
                base: base_state,
                packed,
            },
        );
    }
    for (summary, source) in &summaries {
        let incoming = &artifacts[summary];
        let of = incoming
            .packed
            .as_ref()
            .and_then(|p| p.json.as_deref())
            .and_then(|json| serde_json::from_slice::<serde_json::Value>(json).ok())
            .filter(|v| v["kind"] == "summary")
            .and_then(|v| v["of"].as_str().map(str::to_string));
        if incoming.remote.status != Status::Stowed || of.as_deref() != Some(source.as_str()) {
            return Err(bad(format!(
                "artifact {summary} is named as the summary of {source} but is not one"
            )));
        }
    }

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
    })
}

/// The refusal every check makes.
pub fn bad_remote(id: &Uuid, what: String) -> Error {
    Error::new(
        Kind::BadRemote,
        format!("the remote's copy of voyage {id} fails helm's checks: {what}"),
    )
    .hint("nothing was written here; ask whoever pushed it last, or push this machine's copy to another remote")
}

/// The voyage file at `commit`, checked.
pub fn voyage_doc(
    batch: &mut Batch,
    commit: &str,
    id: &Uuid,
) -> std::result::Result<VoyageDoc, String> {
    let (info, bytes) = batch
        .contents(&format!("{commit}:voyage.json"))
        .map_err(|err| err.message().to_string())?
        .ok_or("it has no voyage.json")?;
    if info.kind != "blob" || info.size > MAX_ENTRY_BYTES {
        return Err("its voyage.json is not a file".into());
    }
    #[derive(serde::Deserialize)]
    struct Version {
        layout: u64,
    }
    match serde_json::from_slice::<Version>(&bytes) {
        Ok(v) if v.layout > LAYOUT => {
            return Err(format!(
                "it was written in layout {} by a newer helm (this helm reads layout {LAYOUT}); upgrade helm",
                v.layout
            ));
        }
        _ => {}
    }
    let doc: VoyageDoc = layout::decode(&bytes).map_err(|why| format!("voyage.json: {why}"))?;
    if doc.layout != LAYOUT || doc.id != id.hyphenated().to_string() {
        return Err("its voyage.json names another voyage or layout".into());
    }
    layout::timestamp(&doc.created_at, "createdAt")?;
    match (doc.status.as_str(), &doc.ended_at) {
        ("active", None) => {}
        ("ended", Some(at)) => layout::timestamp(at, "endedAt")?,
        _ => return Err("its voyage.json gives a status that is neither active nor ended".into()),
    }
    if doc.entries > MAX_ENTRIES {
        return Err("its voyage.json counts more entries than helm allows".into());
    }
    Ok(doc)
}

pub fn status_of(doc: &VoyageDoc) -> VoyageStatus {
    match &doc.ended_at {
        Some(at) => VoyageStatus::Ended {
            ended_at: at.clone(),
            ended_status: doc.ended_status.clone(),
        },
        None => VoyageStatus::Active,
    }
}

/// The identity of entry `number` at `commit` (a commit helm checked before).
pub fn entry_identity(batch: &mut Batch, commit: &str, number: u64) -> Result<EntryId> {
    let (_, bytes) = batch
        .contents(&format!("{commit}:{}", layout::entry_path(number)))?
        .ok_or_else(|| {
            Error::new(
                Kind::Storage,
                format!("helm's private repository lacks entry {number} of commit {commit}"),
            )
        })?;
    Ok(layout::identity(&bytes))
}

/// An artifact's lifecycle in the tree at `commit`: `None` when the tree
/// does not hold it.
pub fn tree_state(
    batch: &mut Batch,
    commit: &str,
    hash: &str,
) -> std::result::Result<Option<State>, String> {
    let io = |err: Error| err.message().to_string();
    let record = batch
        .contents(&format!("{commit}:{}", layout::lifecycle_path(hash)))
        .map_err(io)?;
    let blob = batch
        .info(&format!("{commit}:{}", layout::artifact_path(hash)))
        .map_err(io)?;
    let record = match record {
        None => None,
        Some((info, bytes)) if info.kind == "blob" && info.size <= MAX_ENTRY_BYTES => {
            let doc: LifecycleDoc =
                layout::decode(&bytes).map_err(|why| format!("the lifecycle of {hash}: {why}"))?;
            doc.check(hash)?;
            Some(doc)
        }
        Some(_) => return Err(format!("the lifecycle of {hash} is not a file")),
    };
    match (record, blob) {
        (Some(doc), blob) => {
            if (doc.status == Status::Stowed) != blob.is_some() {
                return Err(format!(
                    "artifact {hash} is recorded as {} but its payload is {}",
                    doc.status.as_str(),
                    if blob.is_some() { "there" } else { "missing" }
                ));
            }
            Ok(Some(State {
                status: doc.status,
                derivations: doc.derivations,
            }))
        }
        (None, Some(_)) => Ok(Some(State::stowed())),
        (None, None) => Ok(None),
    }
}

/// A stowed payload, packed as the voyage stores it, its hash checked.
fn payload(batch: &mut Batch, commit: &str, hash: &str) -> std::result::Result<Packed, String> {
    let name = format!("{commit}:{}", layout::artifact_path(hash));
    let io = |err: Error| err.message().to_string();
    let info = batch
        .info(&name)
        .map_err(io)?
        .ok_or(format!("artifact {hash} is missing"))?;
    if info.kind != "blob" {
        return Err(format!("artifact {hash} is not a file"));
    }
    let packed = if info.size <= WHOLE_BLOB {
        let (_, bytes) = batch
            .contents(&name)
            .map_err(io)?
            .ok_or(format!("artifact {hash} is missing"))?;
        Packer::pack_json(bytes).map_err(io)?
    } else {
        batch
            .stream(&name, |info, reader| {
                let mut packer = Packer::new(info.size)?;
                std::io::copy(reader, &mut packer).map_err(|err| {
                    Error::io("reading helm's private git repository failed", &err)
                })?;
                packer.finish()
            })
            .map_err(io)?
            .ok_or(format!("artifact {hash} is missing"))?
    };
    if packed.hash != hash {
        return Err(format!(
            "artifact {hash}: its payload hashes to {}, so it was altered",
            packed.hash
        ));
    }
    Ok(packed)
}

/// A path as it may be shown.
fn shown(path: &str) -> String {
    crate::output::clean_line(&path.chars().take(120).collect::<String>())
}
