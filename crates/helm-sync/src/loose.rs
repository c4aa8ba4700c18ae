//! The few objects of a small push or pull, written by helm itself into its
//! private repository as loose objects, instead of through a `git
//! fast-import` process (ADR 0016, amended by issue 35).
//!
//! Why: a one-entry push writes six small objects and a one-entry pull two.
//! Starting `git fast-import` for them cost more than anything else helm did
//! around the transport: a process that sets up its tables, writes a pack
//! and its index and syncs both to disk (about 6 ms of CPU and two
//! `fsync`s, on the critical path of every push). A loose object is the
//! simplest format git has, the same in every version: `<kind> <size>\0`
//! and the content, deflated with zlib, at `objects/<2 hex>/<38 hex>` of its
//! SHA-1. git reads it as it reads its own, and its housekeeping packs it
//! later. It is written as git writes one by default (`core.fsync` leaves
//! loose objects out): whole under a temporary name, then renamed, so a
//! crash never leaves half an object under its name.
//!
//! Only a SHA-1 repository is written this way (the format helm makes its
//! private repository in); for anything else [`Objects::of`] says no and
//! the caller uses `git fast-import`, as it does for every push or pull
//! that moves artifacts or many commits. While `push --all` gathers
//! (`SyncRepo::gather`), the objects go into its one pack (`pack`) instead.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use flate2::{Compress, Compression, FlushCompress, Status};
use sha1::{Digest, Sha1};

use super::git::SyncRepo;
use super::object::TreeEntry;
use super::pack::ObjectKind;
use crate::error::{Error, Result};

pub(crate) mod read;

/// The object store of helm's private repository, written directly.
pub(crate) struct Objects<'a> {
    dir: PathBuf,
    repo: &'a SyncRepo,
}

/// A commit to write.
pub(crate) struct CommitObject<'a> {
    pub(crate) tree: &'a str,
    pub(crate) parents: &'a [&'a str],
    /// `Name <email> <seconds> +0000`.
    pub(crate) author: &'a str,
    pub(crate) committer: &'a str,
    pub(crate) message: &'a [u8],
}

impl<'a> Objects<'a> {
    /// The private repository's objects, when helm may write them itself:
    /// a repository in SHA-1 (no `extensions.objectFormat` or
    /// `compatObjectFormat` naming anything else).
    pub(crate) fn of(repo: &'a SyncRepo) -> Option<Objects<'a>> {
        let config = std::fs::read_to_string(repo.dir().join("config")).ok()?;
        let other_format = config.lines().any(|line| {
            let line = line.trim().to_ascii_lowercase();
            let Some((key, value)) = line.split_once('=') else {
                return false;
            };
            key.trim().ends_with("objectformat") && value.trim() != "sha1"
        });
        let dir = repo.dir().join("objects");
        (!other_format && dir.is_dir()).then_some(Objects { dir, repo })
    }

    pub(crate) fn blob(&self, bytes: &[u8]) -> Result<String> {
        self.write(ObjectKind::Blob, bytes)
    }

    /// A tree of `entries`, put in git's order (by name, a folder's name
    /// read as if it ended in `/`).
    pub(crate) fn tree(&self, entries: &[TreeEntry]) -> Result<String> {
        let mut sorted: Vec<(Vec<u8>, &TreeEntry)> = Vec::with_capacity(entries.len());
        for entry in entries {
            let name = entry
                .name
                .as_deref()
                .ok_or_else(|| unwritable("a nameless file"))?;
            let mut key = name.as_bytes().to_vec();
            if entry.mode == "40000" {
                key.push(b'/');
            }
            sorted.push((key, entry));
        }
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let mut body = Vec::new();
        for (_, entry) in sorted {
            body.extend_from_slice(entry.mode.as_bytes());
            body.push(b' ');
            body.extend_from_slice(entry.name.as_deref().unwrap_or_default().as_bytes());
            body.push(0);
            body.extend_from_slice(&raw_oid(&entry.oid)?);
        }
        self.write(ObjectKind::Tree, &body)
    }

    pub(crate) fn commit(&self, commit: &CommitObject<'_>) -> Result<String> {
        let mut body = format!("tree {}\n", commit.tree);
        for parent in commit.parents {
            body.push_str(&format!("parent {parent}\n"));
        }
        body.push_str(&format!(
            "author {}\ncommitter {}\n\n",
            commit.author, commit.committer
        ));
        let mut body = body.into_bytes();
        body.extend_from_slice(commit.message);
        self.write(ObjectKind::Commit, &body)
    }

    /// Writes one object; its id. An object already there is left as it
    /// is, its time refreshed as git does, so housekeeping running now does
    /// not take it for an old unreachable one.
    fn write(&self, kind: ObjectKind, body: &[u8]) -> Result<String> {
        let name = match kind {
            ObjectKind::Commit => "commit",
            ObjectKind::Tree => "tree",
            ObjectKind::Blob => "blob",
        };
        let header = format!("{name} {}\0", body.len());
        let mut hasher = Sha1::new();
        hasher.update(header.as_bytes());
        hasher.update(body);
        let id: [u8; 20] = hasher.finalize().into();
        let oid = crate::storage::artifact::hex(&id);
        if let Some(pack) = self.repo.gathered().as_mut() {
            pack.add(id, kind, body)?;
            return Ok(oid);
        }
        let folder = self.dir.join(&oid[..2]);
        let path = folder.join(&oid[2..]);
        if refresh(&path) {
            return Ok(oid);
        }
        let bytes = deflate(header.as_bytes(), body)
            .map_err(|err| Error::io("compressing a git object failed", &err))?;
        std::fs::create_dir_all(&folder).map_err(|err| failed(&folder, &err))?;
        let temp = folder.join(format!(
            "tmp_obj_helm_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let placed = super::pack::write_read_only(&temp, &bytes)
            .and_then(|()| std::fs::rename(&temp, &path));
        if let Err(err) = placed {
            let _ = std::fs::remove_file(&temp);
            return Err(failed(&path, &err));
        }
        Ok(oid)
    }
}

static NEXT: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// One zlib compressor a thread, reset for each object. A new one
    /// allocates and clears its tables (hundreds of KiB, a page fault a
    /// page), which was most of what writing a one-entry push's six small
    /// objects cost.
    static DEFLATE: RefCell<Option<Compress>> = const { RefCell::new(None) };
}

/// `header` and `body` as one zlib stream, as git stores a loose object.
fn deflate(header: &[u8], body: &[u8]) -> std::io::Result<Vec<u8>> {
    DEFLATE.with(|slot| {
        let mut slot = slot.borrow_mut();
        let compress = slot.get_or_insert_with(|| Compress::new(Compression::default(), true));
        compress.reset();
        let total = header.len() + body.len();
        // More than deflate's bound, so one call finishes the stream.
        let mut out = Vec::with_capacity(total + total / 64 + 128);
        for (part, flush) in [(header, FlushCompress::None), (body, FlushCompress::Finish)] {
            let start = compress.total_in();
            loop {
                let done = (compress.total_in() - start) as usize;
                if out.capacity() - out.len() < 128 {
                    out.reserve(out.capacity().max(128));
                }
                let status = compress
                    .compress_vec(&part[done..], &mut out, flush)
                    .map_err(std::io::Error::other)?;
                let done = (compress.total_in() - start) as usize;
                match (flush, status) {
                    (_, Status::StreamEnd) => break,
                    (FlushCompress::None, _) if done == part.len() => break,
                    _ => {}
                }
            }
        }
        Ok(out)
    })
}

/// Whether the object is there, its modification time set to now.
fn refresh(path: &Path) -> bool {
    std::fs::File::open(path)
        .and_then(|file| file.set_modified(std::time::SystemTime::now()))
        .is_ok()
        || path.is_file()
}

/// A hex object id as the 20 bytes a tree holds.
fn raw_oid(hex: &str) -> Result<[u8; 20]> {
    let mut raw = [0u8; 20];
    if hex.len() != 40 {
        return Err(unwritable("an object id that is not SHA-1"));
    }
    for (i, byte) in raw.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
            .map_err(|_| unwritable("an object id that is not hex"))?;
    }
    Ok(raw)
}

fn unwritable(what: &str) -> Error {
    Error::new(
        crate::error::Kind::Storage,
        format!("helm's private repository: cannot write a tree with {what}"),
    )
    .hint("delete $HELM_HOME/sync.git; the next sync compares whole voyages")
}

fn failed(path: &Path, err: &std::io::Error) -> Error {
    Error::io(format!("cannot write {}", path.display()), err)
}

#[cfg(test)]
mod tests;
