//! helm's snapshot of a remote voyage, kept in its private repository: what
//! a sync needs to know of a remote commit (its voyage.json, its last entry,
//! every artifact and lifecycle, at `names::File::path`), built change by
//! change from the remote's commits, which hold only what each adds.
//!
//! The ref `refs/helm/synced/<key>/<uuid>` names the snapshot commit of the
//! remote commit the voyage here was last synced with. Its last parent is
//! that remote commit; its first parent, when it has two, is the snapshot
//! before. The snapshot answers what the remote held at the last sync (the
//! base of every merge) without reading the remote's history, and it never
//! leaves this machine. The ref moves only after the voyage's own
//! transaction committed.

use std::io::{self, Write};

use uuid::Uuid;

pub(crate) mod tree;

use super::Sync;
use super::arrival::voyage_doc;
use super::batch::Batch;
use super::direct;
use super::git::{self, StartedCommand};
use super::layout::{self, LifecycleDoc};
use super::loose::Objects;
use super::names::File;
use super::object::parse_tree;
use super::rules::ArtifactLifecycle;
use crate::error::{Error, Kind, Result};
use tree::{Base, FileChange, commit};

/// Reads the snapshot `marker` names; `None` when there is none, or when it
/// cannot be read (then every sync compares whole voyages, as the first).
pub(crate) fn read(batch: &mut Batch, marker: &str, id: &Uuid) -> Result<Option<Base>> {
    let Some(info) = batch.info(marker)?.filter(|info| info.kind == "commit") else {
        return Ok(None);
    };
    let Some((_, commit)) = batch.contents(&info.oid)? else {
        return Ok(None);
    };
    let text = String::from_utf8_lossy(&commit);
    let head = || text.lines().take_while(|line| !line.is_empty());
    let parents: Vec<&str> = head()
        .filter_map(|line| line.strip_prefix("parent "))
        .collect();
    let Some(remote) = parents.last().map(|p| p.to_string()) else {
        return Ok(None);
    };
    let Some(tree) = head().find_map(|line| line.strip_prefix("tree ")) else {
        return Ok(None);
    };
    let tree = tree.to_string();
    let Ok(doc) = voyage_doc(batch, &info.oid, id) else {
        return Ok(None);
    };
    let last = match doc.entries {
        0 => None,
        n => match batch.contents(&format!("{}:{}", info.oid, File::Entry(n).path()))? {
            Some((_, bytes)) => Some(layout::identity(&bytes)),
            None => return Ok(None),
        },
    };
    Ok(Some(Base {
        shadow: info.oid,
        tree,
        remote,
        doc,
        last,
    }))
}

/// An artifact's lifecycle in the snapshot `shadow`: `None` when the
/// remote did not hold it.
pub(crate) fn state(
    batch: &mut Batch,
    shadow: &str,
    hash: &str,
) -> Result<Option<ArtifactLifecycle>> {
    let record = batch.contents(&format!(
        "{shadow}:{}",
        File::Lifecycle(hash.to_string()).path()
    ))?;
    let stowed = batch
        .info(&format!(
            "{shadow}:{}",
            File::Artifact(hash.to_string()).path()
        ))?
        .is_some();
    let broken = |why: String| {
        Error::new(
            Kind::Storage,
            format!("helm's snapshot of the remote: {why}"),
        )
        .hint("delete $HELM_HOME/sync.git; the next sync compares whole voyages")
    };
    Ok(match record {
        Some((_, bytes)) => {
            let doc: LifecycleDoc = layout::decode(&bytes).map_err(broken)?;
            Some(ArtifactLifecycle {
                status: doc.status,
                derivations: doc.derivations,
            })
        }
        None if stowed => Some(ArtifactLifecycle::stowed()),
        None => None,
    })
}

/// The artifacts the snapshot keeps a lifecycle file for.
pub(crate) fn recorded(batch: &mut Batch, shadow: &str) -> Result<Vec<String>> {
    let mut hashes = Vec::new();
    let Some((_, top)) = batch.contents(&format!("{shadow}:lifecycle"))? else {
        return Ok(hashes);
    };
    let broken = |why: String| {
        Error::new(
            Kind::Storage,
            format!("helm's snapshot of the remote: {why}"),
        )
    };
    for fan in parse_tree(&top).map_err(broken)? {
        if let Some((_, tree)) = batch.contents(&fan.oid)? {
            for file in parse_tree(&tree).map_err(broken)? {
                if let Some(hash) = file.name.as_deref().and_then(|n| n.strip_suffix(".json")) {
                    hashes.push(hash.to_string());
                }
            }
        }
    }
    Ok(hashes)
}

/// Records the snapshot of `remote`: `base` with `changes`, under the
/// voyage's marker. When only `voyage.json` and the last entry change, it
/// is written directly (`direct`) and the marker moved by `refs` (a `git
/// update-ref --stdin` started ahead, else started now); otherwise by a
/// `git fast-import --force`. Call it only after the voyage here holds all
/// of it.
pub(crate) fn record(
    sync: &Sync<'_>,
    batch: &mut Batch,
    refs: Option<StartedCommand>,
    id: &Uuid,
    base: Option<&Base>,
    remote: &str,
    changes: &[FileChange],
) -> Result<()> {
    let direct = match (Objects::of(&sync.repo), base) {
        (Some(objects), Some(base)) => direct::snapshot(&objects, batch, base, remote, changes)?,
        _ => None,
    };
    if let Some(shadow) = direct {
        let refs = match refs {
            Some(refs) => refs,
            None => sync.repo.pending_refs()?,
        };
        return git::update_refs(refs, &[(sync.synced(id), shadow)]).map_err(recording);
    }
    drop(refs);
    let mut import = sync.repo.pending_import(true)?;
    let mut stdin = io::BufWriter::new(import.stdin());
    let written = writeln!(stdin, "feature done")
        .and_then(|()| commit(&mut stdin, &sync.synced(id), 1, base, remote, changes))
        .and_then(|()| writeln!(stdin, "done"))
        .and_then(|()| stdin.flush());
    drop(stdin);
    written.map_err(|err| Error::io("writing to git fast-import failed", &err))?;
    import.finish().map_err(recording)?;
    Ok(())
}

fn recording(err: Error) -> Error {
    Error::new(
        err.kind(),
        format!("recording what was synced: {}", err.message()),
    )
}
