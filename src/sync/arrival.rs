//! What a fetch brought, read from helm's private repository and checked
//! before anything is written: every remote commit since the last sync, in
//! order, one parent each (so nothing synced before was rewritten), each
//! holding only files the layout has a place for; the entries they add,
//! canonical and well formed, numbered on from the last one; every payload
//! hashing to its name; every lifecycle file canonical; every artifact an
//! entry names held, and every summary a summary of its source. A failure
//! is `bad-remote` and names what was wrong.

use std::collections::BTreeMap;

use uuid::Uuid;

use super::Sync;
use super::batch::{self, Batch, parse_tree};
use super::layout::{self, EntryDoc, EntryId, LAYOUT, LifecycleDoc, Status, VoyageDoc};
use super::names::{File, MAX_ENTRIES};
use super::rules::State;
use super::shadow::{self, Base, Blob, Change};
use crate::error::{Error, Kind, Result};
use crate::model::{Voyage, VoyageStatus};
use crate::storage::artifact::{Packed, Packer};

/// The largest entry, lifecycle or voyage file helm reads.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// Blobs up to this size are read whole (and a summary's JSON kept).
const WHOLE_BLOB: u64 = 1 << 20;

/// An artifact a pull needs: its state on the remote (and payload, when it
/// arrived), and at the last sync.
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
    /// What the snapshot of the remote becomes with these commits.
    pub changes: Vec<Change>,
}

impl Arrival {
    /// The base's voyage status, for the three-way merge of the end.
    pub fn base_status(&self) -> Option<VoyageStatus> {
        self.base.as_ref().map(|b| status_of(&b.doc))
    }
}

/// What the commits since the last sync do to one artifact, in order.
enum Event {
    Payload(String),
    Record(String),
}

/// Reads and checks what the remote commit `tip` adds to `base`.
pub fn read(
    sync: &Sync<'_>,
    batch: &mut Batch,
    id: &Uuid,
    base: Option<Base>,
    tip: &str,
) -> Result<Arrival> {
    let bad = |what: String| bad_remote(id, what);
    let base_remote = base.as_ref().map(|b| b.remote.as_str());
    let commits = history(sync, batch, base_remote, tip).map_err(&bad)?;
    let trees = batch::objects(
        &sync.repo,
        batch,
        commits.iter().map(|(_, tree)| tree.clone()).collect(),
    )?;

    // Every commit's files, each in its place.
    let mut count = base.as_ref().map_or(0, |b| b.doc.entries);
    let from = count + 1;
    let mut added: Vec<String> = Vec::new();
    let mut events: BTreeMap<String, Vec<Event>> = BTreeMap::new();
    let mut voyage_blob = None;
    for ((commit, _), tree) in commits.iter().zip(trees) {
        let short = &commit[..12];
        let (_, bytes) = tree.ok_or_else(|| bad(format!("commit {short} lacks its tree")))?;
        let mut has_voyage = false;
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
                File::Voyage => {
                    has_voyage = true;
                    voyage_blob = Some(entry.oid);
                }
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
                    .push(Event::Payload(entry.oid)),
                File::Lifecycle(hash) => events
                    .entry(hash)
                    .or_default()
                    .push(Event::Record(entry.oid)),
            }
        }
        if !has_voyage {
            return Err(bad(format!("commit {short} has no voyage.json")));
        }
    }
    let doc = match &voyage_blob {
        Some(oid) => voyage_doc(batch, oid, id).map_err(&bad)?,
        None => return Err(bad("it holds no commit".into())),
    };
    if doc.entries != count {
        return Err(bad(format!(
            "its voyage.json counts {} entries, its commits {count}",
            doc.entries
        )));
    }
    if let Some(base) = &base
        && (&base.doc.intent, &base.doc.created_at) != (&doc.intent, &doc.created_at)
    {
        return Err(bad(
            "its intent or creation time differs from what was synced before".into(),
        ));
    }

    // The new entries, canonical and well formed.
    let mut changes = vec![Change::Put(
        File::Voyage,
        Blob::Oid(voyage_blob.unwrap_or_default()),
    )];
    let objects = batch::objects(&sync.repo, batch, added.clone())?;
    let entries = decode_entries(objects, from).map_err(&bad)?;
    if let Some(last) = added.last() {
        changes.push(Change::Put(File::Entry(count), Blob::Oid(last.clone())));
    }

    // The artifacts those entries and the lifecycle changes need, folded
    // from the last sync's state through every commit since.
    let mut wanted: BTreeMap<String, Option<u64>> =
        events.keys().map(|h| (h.clone(), None)).collect();
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
        let before = match &base {
            Some(base) => shadow::state(batch, &base.shadow, &hash)?,
            None => None,
        };
        let mut state = before.clone();
        let mut payload = None;
        for event in events.get(&hash).map(Vec::as_slice).unwrap_or_default() {
            match event {
                Event::Payload(oid) => {
                    let derivations = state.map(|s| s.derivations).unwrap_or_default();
                    state = Some(State {
                        status: Status::Stowed,
                        derivations,
                    });
                    payload = Some(oid.clone());
                }
                Event::Record(oid) => state = Some(record(batch, oid, &hash).map_err(&bad)?),
            }
        }
        let Some(remote) = state else {
            return Err(bad(match (needed_by, summaries.get(&hash)) {
                (Some(n), _) => format!("entry {n} names artifact {hash}, which it does not hold"),
                (None, Some(source)) => {
                    format!("the summary {hash} of artifact {source} is missing")
                }
                (None, None) => format!("artifact {hash} has no payload and no lifecycle"),
            }));
        };
        let stowed_before = before.as_ref().is_some_and(|s| s.status == Status::Stowed);
        if remote.status == Status::Stowed && payload.is_none() && !stowed_before {
            return Err(bad(format!(
                "artifact {hash} is stowed but its payload never arrived"
            )));
        }
        for derivation in &remote.derivations {
            summaries.insert(derivation.summary.clone(), hash.clone());
            wanted.entry(derivation.summary.clone()).or_insert(None);
        }
        let packed = match &payload {
            Some(oid) => Some(packed(batch, oid, &hash).map_err(&bad)?),
            None => None,
        };
        if events.contains_key(&hash) {
            changes.extend(shadow::artifact_changes(
                &hash,
                before.as_ref(),
                &remote,
                payload.map(Blob::Oid),
            ));
        }
        artifacts.insert(
            hash,
            Incoming {
                remote,
                base: before,
                packed,
            },
        );
    }
    for (summary, source) in &summaries {
        let incoming = &artifacts[summary];
        if incoming.remote.status != Status::Stowed {
            return Err(bad(format!(
                "the summary {summary} of artifact {source} is not stowed"
            )));
        }
        // A summary that arrived now is read; one held before was read then.
        if let Some(packed) = &incoming.packed {
            let of = packed
                .json
                .as_deref()
                .and_then(|json| serde_json::from_slice::<serde_json::Value>(json).ok())
                .filter(|v| v["kind"] == "summary")
                .and_then(|v| v["of"].as_str().map(str::to_string));
            if of.as_deref() != Some(source.as_str()) {
                return Err(bad(format!(
                    "artifact {summary} is named as the summary of {source} but is not one"
                )));
            }
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
        changes,
    })
}

/// The commits after `base` up to `tip`, oldest first, as `(commit, tree)`:
/// one chain, each commit's parent the one before it, the first's `base`.
/// A few are read through `batch`; many (a first pull) with one `git log`.
fn history(
    sync: &Sync<'_>,
    batch: &mut Batch,
    base: Option<&str>,
    tip: &str,
) -> std::result::Result<Vec<(String, String)>, String> {
    const WALK: usize = 64;
    let mut lines = Vec::new();
    if let Some(base) = base {
        let mut at = tip.to_string();
        while at != base && lines.len() < WALK {
            let Some((info, bytes)) = batch
                .contents(&at)
                .map_err(|err| err.message().to_string())?
            else {
                return Err(format!("commit {} is missing", &at[..12.min(at.len())]));
            };
            if info.kind != "commit" {
                return Err("its ref does not name a commit".into());
            }
            let text = String::from_utf8_lossy(&bytes);
            let head: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
            let tree = head
                .iter()
                .find_map(|l| l.strip_prefix("tree "))
                .unwrap_or_default();
            let parents: Vec<&str> = head
                .iter()
                .filter_map(|l| l.strip_prefix("parent "))
                .collect();
            lines.push(format!("{at} {tree} {}", parents.join(" ")));
            match parents.as_slice() {
                [parent] => at = parent.to_string(),
                _ => break,
            }
        }
        if at != base && lines.len() < WALK {
            return Err(rewritten(lines.last().map(String::as_str).unwrap_or(tip)));
        }
        lines.reverse();
    }
    if lines.len() >= WALK || base.is_none() {
        let mut args = vec!["log", "--reverse", "--format=%H %T %P", tip];
        let not = base.map(|b| format!("^{b}"));
        if let Some(not) = &not {
            args.push(not);
        }
        let text = sync
            .repo
            .text(&args, "git log")
            .map_err(|err| err.message().to_string())?;
        lines = text.lines().map(str::to_string).collect();
    }
    let mut commits = Vec::new();
    let mut previous = base.map(str::to_string);
    for line in &lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (commit, tree, parents) = match fields.as_slice() {
            [commit, tree, parents @ ..] => (*commit, *tree, parents),
            _ => return Err("its history cannot be read".into()),
        };
        let expected: Vec<&str> = previous.as_deref().into_iter().collect();
        if parents != expected.as_slice() {
            return Err(match previous {
                Some(_) => rewritten(commit),
                None => "its first commit has a parent".into(),
            });
        }
        commits.push((commit.to_string(), tree.to_string()));
        previous = Some(commit.to_string());
    }
    if previous.as_deref() != Some(tip) {
        return Err("the remote went back to an earlier commit than the one synced before".into());
    }
    Ok(commits)
}

fn rewritten(commit: &str) -> String {
    format!(
        "commit {} does not follow the one synced before: the remote's history was rewritten, and pushed entries never change",
        &commit[..12.min(commit.len())]
    )
}

/// Entry files read with helm's types and checked, their identities taken:
/// on a few threads when there are many (a first pull reads them all).
fn decode_entries(
    objects: Vec<Option<batch::Object>>,
    from: u64,
) -> std::result::Result<Vec<(EntryId, EntryDoc)>, String> {
    let one = |(i, object): (usize, Option<batch::Object>)| {
        let number = from + i as u64;
        let bytes = match object {
            Some((info, bytes)) if info.kind == "blob" && info.size <= MAX_FILE_BYTES => bytes,
            _ => return Err(format!("entry {number} is not an entry file")),
        };
        let entry: EntryDoc =
            layout::decode(&bytes).map_err(|why| format!("entry {number}: {why}"))?;
        entry
            .check()
            .map_err(|why| format!("entry {number}: {why}"))?;
        Ok((layout::identity(&bytes), entry))
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    if objects.len() < 1024 || threads == 1 {
        return objects.into_iter().enumerate().map(one).collect();
    }
    let mut chunks: Vec<Vec<(usize, Option<batch::Object>)>> = Vec::new();
    let size = objects.len().div_ceil(threads);
    let mut numbered = objects.into_iter().enumerate().peekable();
    while numbered.peek().is_some() {
        chunks.push(numbered.by_ref().take(size).collect());
    }
    std::thread::scope(|scope| {
        let workers: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .into_iter()
                        .map(one)
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for worker in workers {
            all.extend(worker.join().expect("decoding entries does not panic")?);
        }
        Ok(all)
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

/// A voyage file (`<commit>:voyage.json`, or a blob's id), checked.
pub fn voyage_doc(
    batch: &mut Batch,
    object: &str,
    id: &Uuid,
) -> std::result::Result<VoyageDoc, String> {
    let name = match object.len() == 40 && object.bytes().all(|b| b.is_ascii_hexdigit()) {
        true => object.to_string(),
        false => format!("{object}:voyage.json"),
    };
    let mut read = |name: &str| {
        batch
            .contents(name)
            .map_err(|err| err.message().to_string())
    };
    // A commit's id names its tree's voyage.json; a blob's id the file itself.
    let (info, bytes) = match read(&name)? {
        Some((info, _)) if info.kind == "commit" => read(&format!("{object}:voyage.json"))?,
        other => other,
    }
    .ok_or("it has no voyage.json")?;
    if info.kind != "blob" || info.size > MAX_FILE_BYTES {
        return Err("its voyage.json is not a file".into());
    }
    #[derive(serde::Deserialize)]
    struct Version {
        layout: u64,
    }
    if let Ok(v) = serde_json::from_slice::<Version>(&bytes)
        && v.layout > LAYOUT
    {
        return Err(format!(
            "it was written in layout {} by a newer helm (this helm reads layout {LAYOUT}); upgrade helm",
            v.layout
        ));
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

/// A lifecycle file, checked.
fn record(batch: &mut Batch, oid: &str, hash: &str) -> std::result::Result<State, String> {
    let io = |err: Error| err.message().to_string();
    let (info, bytes) = batch
        .contents(oid)
        .map_err(io)?
        .ok_or(format!("the lifecycle of {hash} is missing"))?;
    if info.kind != "blob" || info.size > MAX_FILE_BYTES {
        return Err(format!("the lifecycle of {hash} is not a file"));
    }
    let doc: LifecycleDoc =
        layout::decode(&bytes).map_err(|why| format!("the lifecycle of {hash}: {why}"))?;
    doc.check(hash)?;
    Ok(State {
        status: doc.status,
        derivations: doc.derivations,
    })
}

/// A payload, packed as the voyage stores it, its hash checked.
fn packed(batch: &mut Batch, oid: &str, hash: &str) -> std::result::Result<Packed, String> {
    let io = |err: Error| err.message().to_string();
    let info = batch
        .info(oid)
        .map_err(io)?
        .ok_or(format!("artifact {hash} is missing"))?;
    if info.kind != "blob" {
        return Err(format!("artifact {hash} is not a file"));
    }
    let packed = if info.size <= WHOLE_BLOB {
        let (_, bytes) = batch
            .contents(oid)
            .map_err(io)?
            .ok_or(format!("artifact {hash} is missing"))?;
        Packer::pack_json(bytes).map_err(io)?
    } else {
        batch
            .stream(oid, |info, reader| {
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

/// A name as it may be shown.
fn shown(name: &str) -> String {
    crate::output::clean_line(&name.chars().take(120).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(n: usize) -> Vec<u8> {
        format!(
            "{{\"recordedAt\":\"2026-01-01T00:00:00.000000Z\",\"identity\":\"a\",\"role\":\"r\",\"method\":\"m\",\"summary\":\"step {n}\",\"action\":{{\"kind\":\"log\",\"status\":\"ready\"}},\"bearing\":[]}}\n"
        )
        .into_bytes()
    }

    fn blob(bytes: Vec<u8>) -> Option<batch::Object> {
        let info = batch::Info {
            oid: "0".repeat(40),
            kind: "blob".to_string(),
            size: bytes.len() as u64,
        };
        Some((info, bytes))
    }

    #[test]
    fn many_entries_decode_on_threads_in_their_order() {
        let objects: Vec<_> = (0..3000).map(|n| blob(file(n))).collect();
        let entries = decode_entries(objects, 1).unwrap();
        assert_eq!(entries.len(), 3000);
        for (n, (id, entry)) in entries.iter().enumerate() {
            assert_eq!(entry.summary, format!("step {n}"));
            assert_eq!(*id, layout::identity(&file(n)));
        }
        let mut objects: Vec<_> = (0..3000).map(|n| blob(file(n))).collect();
        objects[2500] = blob(b"{}\n".to_vec());
        let err = decode_entries(objects, 1).unwrap_err();
        assert!(err.starts_with("entry 2501:"), "{err}");
    }
}
