//! A small push, or the snapshot after a small pull, written straight into
//! helm's private repository as loose objects (`loose`), without starting
//! `git fast-import`. "Small" is what almost every sync is: entries and the
//! voyage's own fields, no artifact sent or changed, on top of a synced
//! commit. Anything else (the first push of a voyage, an artifact, more
//! than a few dozen commits) goes through `fast_import`, and so does any
//! case this module cannot vouch for: it answers `None` and the caller
//! falls back. Both paths write the same objects for the same push
//! (`tests/it/sync/direct.rs` holds them to it).

use super::batch::Batch;
use super::fast_import::{Commit, Written};
use super::loose::{CommitObject, Objects};
use super::names::File;
use super::object::{TreeEntry, parse_tree};
use super::shadow::tree::{Base, Blob, FileChange};
use crate::error::Result;

/// The most commits a push writes directly: beyond that, a pack written
/// by `git fast-import` is both quicker and kinder to the repository than
/// as many loose objects.
const MOST_COMMITS: usize = 64;

/// Writes `commits` on top of `base` and their snapshot; `None`, having
/// written nothing the repository refers to, when they send artifacts or
/// are too many.
pub(crate) fn push(
    objects: &Objects<'_>,
    batch: &mut Batch,
    base: &Base,
    commits: &[Commit],
) -> Result<Option<Written>> {
    if commits.is_empty()
        || commits.len() > MOST_COMMITS
        || commits.iter().any(|commit| !commit.sent.is_empty())
    {
        return Ok(None);
    }
    let committer = helm_now();
    let mut parent = base.remote.clone();
    let mut voyage = String::new();
    let mut last_entry = None;
    for commit in commits {
        let mut files = Vec::new();
        if let Some((number, bytes)) = &commit.entry {
            let oid = objects.blob(bytes)?;
            files.push(file(File::Entry(*number).name(), &oid));
            last_entry = Some((*number, oid));
        }
        voyage = objects.blob(&commit.voyage)?;
        files.push(file(File::Voyage.name(), &voyage));
        let tree = objects.tree(&files)?;
        let author = format!("{} <> {} +0000", commit.author, commit.when);
        parent = objects.commit(&CommitObject {
            tree: &tree,
            parents: &[&parent],
            author: &author,
            committer: &committer,
            message: commit.message.as_bytes(),
        })?;
    }
    let mut changes = vec![FileChange::Put(File::Voyage, Blob::Oid(voyage))];
    if let Some((number, oid)) = last_entry {
        changes.push(FileChange::Put(File::Entry(number), Blob::Oid(oid)));
    }
    Ok(
        snapshot(objects, batch, base, &parent, &changes)?.map(|shadow| Written {
            remote: parent,
            shadow,
        }),
    )
}

/// The snapshot commit of the remote commit `remote`: `base` with
/// `changes`, written directly when each puts a file at the top of the
/// snapshot (`voyage.json`, `last-entry.json`) as an object the repository
/// has; `None` for any other change, left to `git fast-import`.
pub(crate) fn snapshot(
    objects: &Objects<'_>,
    batch: &mut Batch,
    base: &Base,
    remote: &str,
    changes: &[FileChange],
) -> Result<Option<String>> {
    let mut puts = Vec::new();
    for change in changes {
        match change {
            FileChange::Put(put @ (File::Voyage | File::Entry(_)), Blob::Oid(oid)) => {
                puts.push((put.path(), oid))
            }
            _ => return Ok(None),
        }
    }
    let Some((info, bytes)) = batch.contents(&base.tree)? else {
        return Ok(None);
    };
    if info.kind != "tree" {
        return Ok(None);
    }
    let Ok(mut entries) = parse_tree(&bytes) else {
        return Ok(None);
    };
    for (path, oid) in puts {
        entries.retain(|entry| entry.name.as_deref() != Some(path.as_str()));
        entries.push(file(path, oid));
    }
    let tree = objects.tree(&entries)?;
    let helm = helm_now();
    let commit = objects.commit(&CommitObject {
        tree: &tree,
        parents: &[&base.shadow, remote],
        author: &helm,
        committer: &helm,
        message: b"helm: remote voyage\n",
    })?;
    Ok(Some(commit))
}

fn file(name: String, oid: &str) -> TreeEntry {
    TreeEntry {
        mode: "100644".to_string(),
        name: Some(name),
        oid: oid.to_string(),
    }
}

/// helm as the committer, now (as `git fast-import` is told).
fn helm_now() -> String {
    let now = jiff::Timestamp::now().as_second();
    format!("helm <helm@localhost> {now} +0000")
}
