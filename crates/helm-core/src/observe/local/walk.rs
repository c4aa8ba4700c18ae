//! The walk behind `directory-tree` and `rust-project`: a gitignore-aware
//! listing of a folder, walked in parallel by the `ignore` crate (the walker
//! behind ripgrep), sorted so the same tree always gives the same payload.
//!
//! Payload: `{"root", "entries": ["src/", "src/main.rs", …], "files", "dirs", "errors"?}`.
//! Folders end in `/`. Symbolic links are listed, never followed, so a link
//! loop cannot trap the walk.
//!
//! The work after the walk is kept off the critical path: each walker thread
//! sorts its own entries, the runs are merged, and [`Tree::to_json`] writes
//! the payload with the fast escaper (the same bytes as serde_json).

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};
use serde::{Deserialize, Serialize};

use super::{Tally, json};
use crate::error::{Error, Result};
use crate::words::plural;

/// The payload of `directory-tree` (and the `tree` of `rust-project`'s).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Tree {
    pub(crate) root: String,
    pub(crate) entries: Vec<String>,
    pub(crate) files: u64,
    pub(crate) dirs: u64,
    /// Entries whose names are not UTF-8 are listed with U+FFFD in their place.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) non_utf8_names: u64,
    /// Folders that could not be read, with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) errors: Vec<String>,
    /// Secrets in names, replaced (see `secrets`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) redacted: Vec<crate::secrets::Redaction>,
}

impl Tree {
    /// `12 files, 3 folders`, and with `unreadable` how many folders could
    /// not be read.
    pub(crate) fn summary(&self, unreadable: bool) -> String {
        let mut text = format!(
            "{} {}, {} {}",
            self.files,
            plural(self.files, "file", "files"),
            self.dirs,
            plural(self.dirs, "folder", "folders")
        );
        if unreadable && !self.errors.is_empty() {
            text.push_str(&format!(", {} unreadable", self.errors.len()));
        }
        text
    }

    /// Replaces secrets in the root's and the entries' names, and records
    /// them in `redacted`: a file named after a token is a token.
    pub(crate) fn redact(&mut self) {
        let mut record = Vec::new();
        if let Some((root, counts)) = crate::secrets::redact(&self.root) {
            self.root = root;
            record.extend(crate::secrets::lines_at("/root", &counts));
        }
        // A long list on every core, a slice each: the walk's threads are
        // done, and this is the longest part of the look left to one.
        let threads = match self.entries.len() < PARALLEL_FROM {
            true => 1,
            false => threads(),
        };
        let slice = self.entries.len().div_ceil(threads).max(1);
        let changed: Vec<Vec<_>> = std::thread::scope(|scope| {
            if threads == 1 {
                return vec![crate::secrets::redact_each(&mut self.entries)];
            }
            let parts: Vec<_> = self
                .entries
                .chunks_mut(slice)
                .map(|part| scope.spawn(move || crate::secrets::redact_each(part)))
                .collect();
            parts
                .into_iter()
                .map(|part| {
                    part.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        for (n, part) in changed.into_iter().enumerate() {
            for (i, counts) in part {
                let at = format!("/entries/{}", n * slice + i);
                record.extend(crate::secrets::lines_at(&at, &counts));
            }
        }
        self.redacted = record;
    }

    /// The payload JSON, byte for byte what serde_json makes of [`Tree`],
    /// built in one buffer with the fast escaper.
    pub(crate) fn to_json(&self) -> Vec<u8> {
        self.to_json_on(threads())
    }

    /// [`Tree::to_json`], escaping a long list of entries on `threads`
    /// threads, each writing one slice of it.
    fn to_json_on(&self, threads: usize) -> Vec<u8> {
        let names: usize = self.entries.iter().map(|e| e.len() + 3).sum();
        let mut out = Vec::with_capacity(names + self.root.len() + 128);
        out.extend_from_slice(b"{\"root\":");
        string(&mut out, &self.root);
        out.extend_from_slice(b",\"entries\":[");
        if threads < 2 || self.entries.len() < PARALLEL_FROM {
            items(&mut out, &self.entries);
        } else {
            let slice = self.entries.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let parts: Vec<_> = self
                    .entries
                    .chunks(slice)
                    .map(|chunk| {
                        scope.spawn(move || {
                            let mut part = Vec::with_capacity(chunk.len() * 64);
                            items(&mut part, chunk);
                            part
                        })
                    })
                    .collect();
                for (i, part) in parts.into_iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(&part.join().expect("escaping does not panic"));
                }
            });
        }
        out.push(b']');
        // Writing to a Vec cannot fail.
        let _ = write!(out, ",\"files\":{},\"dirs\":{}", self.files, self.dirs);
        if self.non_utf8_names != 0 {
            let _ = write!(out, ",\"nonUtf8Names\":{}", self.non_utf8_names);
        }
        if !self.errors.is_empty() {
            out.extend_from_slice(b",\"errors\":[");
            items(&mut out, &self.errors);
            out.push(b']');
        }
        if !self.redacted.is_empty() {
            out.extend_from_slice(b",\"redacted\":");
            // Writing to a Vec cannot fail.
            let _ = serde_json::to_writer(&mut out, &self.redacted);
        }
        out.push(b'}');
        out
    }
}

/// `text` as a JSON string.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    json::escape_into(text, out);
    out.push(b'"');
}

/// The JSON strings of `texts`, separated by commas.
fn items(out: &mut Vec<u8>, texts: &[String]) {
    for (i, text) in texts.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, text);
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Walks `root`, honouring `.gitignore` and `.ignore` files (with or without a
/// git repository), skipping `.git` and every name in `skip`. Entries seen are
/// counted in `tally`.
pub(crate) fn walk(
    root: &str,
    skip: &[String],
    max_depth: Option<u32>,
    tally: &Tally,
) -> Result<Tree> {
    let meta =
        std::fs::metadata(root).map_err(|err| Error::io(format!("cannot read {root}"), &err))?;
    if !meta.is_dir() {
        return Err(Error::usage(format!("{root} is not a directory"))
            .hint("observe a single file with `file-contents`"));
    }
    let skip: Vec<String> = skip.iter().cloned().chain([".git".to_string()]).collect();
    let mut builder = WalkBuilder::new(root);
    builder
        .hidden(false)
        .require_git(false)
        .follow_links(false)
        .max_depth(max_depth.map(|d| d as usize))
        .filter_entry(move |entry| {
            entry.depth() == 0 || !skip.iter().any(|name| entry.file_name() == name.as_str())
        });
    let shared = Mutex::new(Vec::new());
    let mut visitors = Collectors {
        root: Path::new(root),
        shared: &shared,
        tally,
    };
    builder.build_parallel().visit(&mut visitors);
    // A walk its caller cancelled stopped early: a partial tree is no look.
    tally.cancel.check("finish looking")?;
    let mut tree = Tree {
        root: root.to_string(),
        ..Tree::default()
    };
    let mut runs = Vec::new();
    for part in shared.into_inner().unwrap_or_else(|e| e.into_inner()) {
        runs.push(part.entries);
        tree.errors.extend(part.errors);
        tree.files += part.files;
        tree.dirs += part.dirs;
        tree.non_utf8_names += part.non_utf8_names;
    }
    tree.entries = merge(runs, threads());
    tree.errors.sort_unstable();
    Ok(tree)
}

/// Lists this long and longer are merged and written on several threads.
const PARALLEL_FROM: usize = 16 * 1024;

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Merges runs that are each sorted (one per walker thread) into one sorted
/// list. Every comparison chases two names through scattered memory, so for
/// a big tree the merge is split across `threads`: each takes the names in
/// one range, cut at pivots drawn from the longest run, and sorts them (a
/// stable sort merges sorted runs in linear time).
fn merge(mut runs: Vec<Vec<String>>, threads: usize) -> Vec<String> {
    let total: usize = runs.iter().map(Vec::len).sum();
    if threads < 2 || total < PARALLEL_FROM {
        let mut all: Vec<String> = runs.into_iter().flatten().collect();
        all.sort();
        return all;
    }
    let longest = runs.iter().max_by_key(|run| run.len()).expect("total > 0");
    let pivots: Vec<String> = (1..threads)
        .map(|i| longest[longest.len() * i / threads].clone())
        .collect();
    // ranges[g] holds, from every run, the names in [pivot g-1, pivot g).
    let mut ranges: Vec<Vec<String>> = (0..threads).map(|_| Vec::new()).collect();
    for run in &mut runs {
        for (g, pivot) in pivots.iter().enumerate().rev() {
            let cut = run.partition_point(|name| name < pivot);
            ranges[g + 1].append(&mut run.split_off(cut));
        }
        ranges[0].append(run);
    }
    std::thread::scope(|scope| {
        let sorting: Vec<_> = ranges
            .into_iter()
            .map(|mut range| {
                scope.spawn(move || {
                    range.sort();
                    range
                })
            })
            .collect();
        let mut all = Vec::with_capacity(total);
        for sorted in sorting {
            all.append(&mut sorted.join().expect("sorting names does not panic"));
        }
        all
    })
}

struct Collectors<'s> {
    root: &'s Path,
    shared: &'s Mutex<Vec<Tree>>,
    tally: &'s Tally,
}

impl<'s> ParallelVisitorBuilder<'s> for Collectors<'s> {
    fn build(&mut self) -> Box<dyn ParallelVisitor + 's> {
        Box::new(Collector {
            root: self.root,
            shared: self.shared,
            tally: self.tally,
            local: Tree::default(),
        })
    }
}

/// One walker thread's findings, handed over when the thread is done.
struct Collector<'s> {
    root: &'s Path,
    shared: &'s Mutex<Vec<Tree>>,
    tally: &'s Tally,
    local: Tree,
}

impl ParallelVisitor for Collector<'_> {
    fn visit(&mut self, entry: std::result::Result<DirEntry, ignore::Error>) -> WalkState {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                self.local.errors.push(err.to_string());
                return WalkState::Continue;
            }
        };
        if entry.depth() == 0 {
            return WalkState::Continue;
        }
        let relative = relative(self.root, entry.path());
        let mut name = match relative.to_str() {
            Some(text) => text.to_string(),
            None => {
                self.local.non_utf8_names += 1;
                relative.to_string_lossy().into_owned()
            }
        };
        if entry.file_type().is_some_and(|t| t.is_dir()) {
            name.push('/');
            self.local.dirs += 1;
        } else {
            self.local.files += 1;
        }
        self.local.entries.push(name);
        if self.local.entries.len().is_multiple_of(256) {
            self.tally.add(256);
            if self.tally.cancel.is_cancelled() {
                return WalkState::Quit;
            }
        }
        WalkState::Continue
    }
}

/// `path` below `root`. The walker builds every path by joining names onto
/// `root`, so on Unix a byte prefix check is enough (and much cheaper than
/// comparing components); anything else goes the long way.
fn relative<'p>(root: &Path, path: &'p Path) -> &'p Path {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let (root_bytes, bytes) = (root.as_os_str().as_bytes(), path.as_os_str().as_bytes());
        if let Some(rest) = bytes.strip_prefix(root_bytes) {
            if root_bytes.ends_with(b"/") {
                return Path::new(std::ffi::OsStr::from_bytes(rest));
            }
            if let Some(rest) = rest.strip_prefix(b"/") {
                return Path::new(std::ffi::OsStr::from_bytes(rest));
            }
        }
    }
    path.strip_prefix(root).unwrap_or(path)
}

impl Drop for Collector<'_> {
    fn drop(&mut self) {
        self.local.entries.sort();
        let local = std::mem::take(&mut self.local);
        if let Ok(mut shared) = self.shared.lock() {
            shared.push(local);
        }
    }
}

#[cfg(test)]
mod tests;
