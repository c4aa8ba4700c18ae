//! Each file that arrived, read with helm's types and checked: entries
//! (their identities taken), `voyage.json`, lifecycle files, and payloads
//! hashed as the voyage stores them.

use uuid::Uuid;

use crate::error::Error;
use crate::model::VoyageStatus;
use crate::storage::artifact::{Packed, Packer};
use crate::sync::batch::{self, Batch};
use crate::sync::layout::{self, EntryDoc, EntryId, LAYOUT, LifecycleDoc, VoyageDoc};
use crate::sync::names::MAX_ENTRIES;
use crate::sync::object;
use crate::sync::rules::ArtifactLifecycle;

use super::limits;

/// Blobs up to this size are read whole (and a summary's JSON kept).
const WHOLE_BLOB: u64 = 1 << 20;

/// Entry files read with helm's types and checked, their identities taken:
/// on a few threads when there are many (a first pull reads them all).
pub(crate) fn decode_entries(
    objects: Vec<Option<object::Object>>,
    from: u64,
) -> std::result::Result<Vec<(EntryId, EntryDoc)>, String> {
    let one = |(i, object): (usize, Option<object::Object>)| {
        let number = from + i as u64;
        let bytes = match object {
            Some((info, bytes)) if info.kind == "blob" && info.size <= limits::FILE => bytes,
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
    let mut chunks: Vec<Vec<(usize, Option<object::Object>)>> = Vec::new();
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
/// A voyage file (`<commit>:voyage.json`, or a blob's id), checked; read
/// only when its header says it is within the limit.
pub(crate) fn voyage_doc(
    batch: &mut Batch,
    object: &str,
    id: &Uuid,
) -> std::result::Result<VoyageDoc, String> {
    let io = |err: Error| err.message().to_string();
    let hex = object.len() == 40 && object.bytes().all(|b| b.is_ascii_hexdigit());
    // A commit's id names its tree's voyage.json; a blob's id the file itself.
    let name = match hex
        && batch
            .info(object)
            .map_err(io)?
            .is_some_and(|i| i.kind != "commit")
    {
        true => object.to_string(),
        false => format!("{object}:voyage.json"),
    };
    let (info, bytes) = batch
        .contents_within(&name, limits::FILE)
        .map_err(|err| format!("its voyage.json: {}", io(err)))?
        .ok_or("it has no voyage.json")?;
    voyage_file(&info, &bytes, id)
}

/// The bytes of a voyage file, checked.
pub(crate) fn voyage_file(
    info: &object::Info,
    bytes: &[u8],
    id: &Uuid,
) -> std::result::Result<VoyageDoc, String> {
    if info.kind != "blob" || info.size > limits::FILE {
        return Err("its voyage.json is not a file".into());
    }
    #[derive(serde::Deserialize)]
    struct Version {
        layout: u64,
    }
    if let Ok(v) = serde_json::from_slice::<Version>(bytes)
        && v.layout > LAYOUT
    {
        return Err(format!(
            "it was written in layout {} by a newer helm (this helm reads layout {LAYOUT}); upgrade helm",
            v.layout
        ));
    }
    let doc: VoyageDoc = layout::decode(bytes).map_err(|why| format!("voyage.json: {why}"))?;
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

pub(crate) fn status_of(doc: &VoyageDoc) -> VoyageStatus {
    match &doc.ended_at {
        Some(at) => VoyageStatus::Ended {
            ended_at: at.clone(),
            ended_status: doc.ended_status.clone(),
        },
        None => VoyageStatus::Active,
    }
}

/// A lifecycle file, checked.
pub(crate) fn record(
    batch: &mut Batch,
    oid: &str,
    hash: &str,
) -> std::result::Result<ArtifactLifecycle, String> {
    let io = |err: Error| err.message().to_string();
    let (info, bytes) = batch
        .contents_within(oid, limits::FILE)
        .map_err(|err| format!("the lifecycle of {hash}: {}", io(err)))?
        .ok_or(format!("the lifecycle of {hash} is missing"))?;
    if info.kind != "blob" {
        return Err(format!("the lifecycle of {hash} is not a file"));
    }
    let doc: LifecycleDoc =
        layout::decode(&bytes).map_err(|why| format!("the lifecycle of {hash}: {why}"))?;
    doc.check(hash)?;
    Ok(ArtifactLifecycle {
        status: doc.status,
        derivations: doc.derivations,
    })
}

/// A payload, packed as the voyage stores it, its hash checked.
pub(crate) fn packed(
    batch: &mut Batch,
    oid: &str,
    hash: &str,
) -> std::result::Result<Packed, String> {
    let io = |err: Error| err.message().to_string();
    let info = batch
        .info(oid)
        .map_err(io)?
        .ok_or(format!("artifact {hash} is missing"))?;
    if info.kind != "blob" {
        return Err(format!("artifact {hash} is not a file"));
    }
    if info.size > limits::ARTIFACT {
        return Err(format!(
            "artifact {hash}: {}",
            batch::too_large(&info, limits::ARTIFACT).message()
        ));
    }
    let packed = if info.size <= WHOLE_BLOB {
        let (_, bytes) = batch
            .contents_within(oid, WHOLE_BLOB)
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
pub(crate) fn shown(name: &str) -> String {
    crate::text::clean_line(&name.chars().take(120).collect::<String>())
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

    fn blob(bytes: Vec<u8>) -> Option<object::Object> {
        let info = object::Info {
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
