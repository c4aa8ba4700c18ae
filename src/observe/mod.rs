//! How helm looks at local things. Each observation kind lives in its own
//! file and turns a canonical target into a packed payload; this module
//! dispatches. It never opens a voyage: `ops::observe` puts the result on
//! the slate, after the look.

#[cfg(unix)]
mod beneath;
pub mod files;
pub mod json;
pub(crate) mod regular;
pub mod rust_project;
pub mod target;
pub mod tree;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Kind, Result};
use crate::model::Observe;
use crate::storage::{self, artifact::Packed};
use crate::words::{human_bytes, plural};

/// A finished look, ready for the slate.
#[derive(Debug)]
pub struct Looked {
    pub packed: Packed,
    /// A few words on what came back, for the stderr line.
    pub summary: String,
}

/// How far a look has got: counters the look bumps as it goes (folder
/// entries seen, or bytes read) so that the command layer can show progress.
/// Looking itself never prints. Bumps are relaxed atomics, one per 256
/// entries or per chunk read, so counting costs nothing measurable.
#[derive(Debug, Default)]
pub struct Tally {
    done: AtomicU64,
    total: AtomicU64,
}

impl Tally {
    pub fn add(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    /// Begins a phase whose size is known: `done` restarts from zero.
    pub fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The size of the current phase, or 0 while it is not known.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }
}

/// Looks at a local target (files, trees, Rust projects), counting progress
/// in `tally`.
pub fn look_local(target: &Observe, tally: &Tally) -> Result<Looked> {
    let (packed, summary) = match target {
        Observe::FileContents { paths } => {
            let (packed, report) = files::observe(paths, tally)?;
            let mut summary = format!(
                "{} {}, {}",
                report.files,
                plural(report.files as u64, "file", "files"),
                human_bytes(report.bytes)
            );
            if report.binary > 0 {
                summary.push_str(&format!(", {} stored as base64", report.binary));
            }
            (packed, summary)
        }
        Observe::DirectoryTree {
            root,
            skip,
            max_depth,
        } => {
            let tree = tree::walk(root, skip, *max_depth, tally)?;
            let summary = tree_summary(&tree);
            (
                storage::artifact::Packer::pack_json(tree.to_json())?,
                summary,
            )
        }
        Observe::RustProject { root } => {
            let project = rust_project::observe(root, tally)?;
            let summary = format!(
                "{}, {} {}, {} {}, {} crate {}",
                tree_summary(&project.tree),
                project.manifests.len(),
                plural(project.manifests.len() as u64, "manifest", "manifests"),
                project.docs.len(),
                plural(project.docs.len() as u64, "doc", "docs"),
                project.crate_docs.len(),
                plural(project.crate_docs.len() as u64, "doc", "docs"),
            );
            (storage::artifact::Packer::pack(&project)?, summary)
        }
        Observe::GitHubIssue { .. }
        | Observe::GitHubPullRequest { .. }
        | Observe::GitHubRepository { .. } => {
            return Err(Error::new(
                Kind::Usage,
                format!("{} is not a local target", target.kind()),
            ));
        }
    };
    Ok(Looked { packed, summary })
}

fn tree_summary(tree: &tree::Tree) -> String {
    let mut text = format!(
        "{} {}, {} {}",
        tree.files,
        plural(tree.files, "file", "files"),
        tree.dirs,
        plural(tree.dirs, "folder", "folders")
    );
    if !tree.errors.is_empty() {
        text.push_str(&format!(", {} unreadable", tree.errors.len()));
    }
    text
}
