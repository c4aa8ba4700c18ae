//! What the commits since the last sync do to each artifact the new
//! entries name or a lifecycle file touches: its state folded from the last
//! sync's through every commit, its payload hashed, its summaries followed.

use std::collections::BTreeMap;

use uuid::Uuid;

use super::files::{packed, record};
use super::{ArtifactEvent, Incoming, bad_remote};
use crate::error::Result;
use crate::sync::batch::Batch;
use crate::sync::layout::{EntryDoc, EntryId, Status};
use crate::sync::rules::ArtifactLifecycle;
use crate::sync::shadow::{
    self,
    tree::{self, Base, Blob, FileChange},
};

/// Every artifact the pull needs, checked; the snapshot's changes for the
/// artifacts these commits touched are added to `changes`.
pub(crate) fn fold(
    batch: &mut Batch,
    id: &Uuid,
    base: Option<&Base>,
    entries: &[(EntryId, EntryDoc)],
    from: u64,
    events: &BTreeMap<String, Vec<ArtifactEvent>>,
    changes: &mut Vec<FileChange>,
) -> Result<BTreeMap<String, Incoming>> {
    let bad = |what: String| bad_remote(id, what);
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
                ArtifactEvent::Payload(oid) => {
                    let derivations = state.map(|s| s.derivations).unwrap_or_default();
                    state = Some(ArtifactLifecycle {
                        status: Status::Stowed,
                        derivations,
                    });
                    payload = Some(oid.clone());
                }
                ArtifactEvent::Record(oid) => {
                    state = Some(record(batch, oid, &hash).map_err(&bad)?)
                }
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
            changes.extend(tree::artifact_changes(
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
    Ok(artifacts)
}
