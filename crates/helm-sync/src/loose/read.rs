//! Reading helm's private repository without a git process, where the
//! answer is on disk in git's simplest formats: a ref kept as a loose file,
//! and loose objects (most of them written by helm itself, `loose`).
//!
//! Why: a one-entry push reads what the last sync left (the snapshot's
//! ref, its commit and tree, `voyage.json` and the last entry), and those
//! are the loose objects and the loose ref that sync wrote. Asking `git
//! cat-file` for them started one of the four git processes around the
//! push's transport, for six questions (issue 45: a one-entry push ≤ 1.5×
//! `git push`). Only what is found here is trusted from here: a ref that
//! is not a loose file (packed, or kept in another ref storage), an object
//! that is not loose, over [`MOST`] bytes, or whose bytes do not hash to
//! its name, is asked of git, which knows them all. A path is followed
//! through trees read here, so a name a tree does not hold is known to be
//! missing.

use std::io::Read;
use std::path::PathBuf;

use sha1::{Digest, Sha1};

use super::Objects;
use crate::git::SyncRepo;
use crate::object::{Info, parse_tree};

/// The largest object read here: the few a sync reads itself are small,
/// and a big one would be held whole, where git streams it.
const MOST: u64 = 1 << 20;

/// What the private repository's files say of a name.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum OnDisk {
    /// The object, its bytes checked against its id.
    Found(Info, Vec<u8>),
    /// A tree read here has no such name: there is no such object.
    Missing,
    /// Not answerable from the files alone: ask git.
    AskGit,
}

/// The loose refs and objects of helm's private repository.
#[derive(Debug)]
pub(crate) struct Local {
    dir: PathBuf,
    /// Whether its refs are files (not `extensions.refStorage = reftable`).
    ref_files: bool,
}

impl Local {
    /// The repository's files, when they are in the formats read here: a
    /// SHA-1 repository, as helm makes it (the check `Objects::of` makes
    /// before writing loose objects).
    pub(crate) fn of(repo: &SyncRepo) -> Option<Local> {
        Objects::of(repo)?;
        let config = std::fs::read_to_string(repo.dir().join("config")).ok()?;
        let ref_files = !config.lines().any(|line| {
            let line = line.trim().to_ascii_lowercase();
            line.split_once('=').is_some_and(|(key, value)| {
                key.trim().ends_with("refstorage") && value.trim() != "files"
            })
        });
        Some(Local {
            dir: repo.dir().to_path_buf(),
            ref_files,
        })
    }

    /// The object `name` names, in `git cat-file`'s syntax: an object id,
    /// `<id>:<path>`, or a full ref name (`refs/…`).
    pub(crate) fn read(&self, name: &str) -> OnDisk {
        if is_oid(name) {
            return self.object(name);
        }
        if let Some((rev, path)) = name.split_once(':') {
            return match is_oid(rev) {
                true => self.at_path(rev, path),
                false => OnDisk::AskGit,
            };
        }
        match self.reference(name) {
            Some(oid) => self.object(&oid),
            None => OnDisk::AskGit,
        }
    }

    /// The id a loose ref file holds; `None` for anything else (a packed
    /// ref, a symbolic one, a name that is not a plain ref path).
    fn reference(&self, name: &str) -> Option<String> {
        let plain = name.starts_with("refs/")
            && name.split('/').all(|part| {
                !part.is_empty() && part != "." && part != ".." && !part.contains('\\')
            });
        if !self.ref_files || !plain {
            return None;
        }
        let text = std::fs::read_to_string(self.dir.join(name)).ok()?;
        let oid = text.trim_end_matches('\n');
        is_oid(oid).then(|| oid.to_string())
    }

    /// Follows `path` from the commit or tree `rev`, a tree at a time.
    fn at_path(&self, rev: &str, path: &str) -> OnDisk {
        let (info, bytes) = match self.object(rev) {
            OnDisk::Found(info, bytes) => (info, bytes),
            other => return other,
        };
        let mut current = match info.kind.as_str() {
            "tree" => info.oid,
            "commit" => match tree_of(&bytes) {
                Some(tree) => tree,
                None => return OnDisk::AskGit,
            },
            _ => return OnDisk::AskGit,
        };
        for part in path.split('/').filter(|part| !part.is_empty()) {
            let entries = match self.object(&current) {
                OnDisk::Found(info, bytes) if info.kind == "tree" => match parse_tree(&bytes) {
                    Ok(entries) => entries,
                    Err(_) => return OnDisk::AskGit,
                },
                OnDisk::Found(..) => return OnDisk::Missing,
                other => return other,
            };
            match entries
                .into_iter()
                .find(|e| e.name.as_deref() == Some(part))
            {
                Some(entry) => current = entry.oid,
                None => return OnDisk::Missing,
            }
        }
        self.object(&current)
    }

    /// A loose object, inflated and checked against its id.
    fn object(&self, oid: &str) -> OnDisk {
        let path = self.dir.join("objects").join(&oid[..2]).join(&oid[2..]);
        let Ok(file) = std::fs::File::open(path) else {
            return OnDisk::AskGit;
        };
        match inflate(file, oid) {
            Some((info, bytes)) => OnDisk::Found(info, bytes),
            None => OnDisk::AskGit,
        }
    }
}

/// `<kind> <size>\0<bytes>`, deflated; `None` unless whole, at most
/// [`MOST`] bytes, and of the id `oid`.
fn inflate(file: std::fs::File, oid: &str) -> Option<(Info, Vec<u8>)> {
    let mut reader = flate2::read::ZlibDecoder::new(std::io::BufReader::new(file));
    let mut header = Vec::with_capacity(32);
    let mut byte = [0u8; 1];
    loop {
        reader.read_exact(&mut byte).ok()?;
        if byte[0] == 0 {
            break;
        }
        header.push(byte[0]);
        if header.len() > 32 {
            return None;
        }
    }
    let text = std::str::from_utf8(&header).ok()?;
    let (kind, size) = text.split_once(' ')?;
    let size: u64 = size.parse().ok()?;
    if size > MOST || !matches!(kind, "blob" | "tree" | "commit" | "tag") {
        return None;
    }
    let mut bytes = Vec::with_capacity(size as usize);
    reader
        .by_ref()
        .take(size + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    if bytes.len() as u64 != size {
        return None;
    }
    let mut hasher = Sha1::new();
    hasher.update(&header);
    hasher.update([0]);
    hasher.update(&bytes);
    let id: [u8; 20] = hasher.finalize().into();
    if crate::storage::artifact::hex(&id) != oid {
        return None;
    }
    let info = Info {
        oid: oid.to_string(),
        kind: kind.to_string(),
        size,
    };
    Some((info, bytes))
}

/// The `tree` line at the head of a commit.
fn tree_of(commit: &[u8]) -> Option<String> {
    let first = commit.split(|b| *b == b'\n').next()?;
    let tree = std::str::from_utf8(first.strip_prefix(b"tree ")?).ok()?;
    is_oid(tree).then(|| tree.to_string())
}

/// A SHA-1 id in lower-case hex, as git writes them.
fn is_oid(text: &str) -> bool {
    text.len() == 40 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests;
