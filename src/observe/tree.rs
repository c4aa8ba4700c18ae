//! `directory-tree`: a gitignore-aware listing of a folder, walked in parallel
//! by the `ignore` crate (the walker behind ripgrep), sorted so the same tree
//! always gives the same payload.
//!
//! Payload: `{"root", "entries": ["src/", "src/main.rs", …], "files", "dirs", "errors"?}`.
//! Folders end in `/`. Symbolic links are listed, never followed, so a link
//! loop cannot trap the walk.

use std::path::Path;
use std::sync::Mutex;

use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};
use serde::Serialize;

use super::Tally;
use crate::error::{Error, Result};

#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Tree {
    pub root: String,
    pub entries: Vec<String>,
    pub files: u64,
    pub dirs: u64,
    /// Entries whose names are not UTF-8 are listed with U+FFFD in their place.
    #[serde(skip_serializing_if = "is_zero")]
    pub non_utf8_names: u64,
    /// Folders that could not be read, with the reason.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Walks `root`, honouring `.gitignore` and `.ignore` files (with or without a
/// git repository), skipping `.git` and every name in `skip`. Entries seen are
/// counted in `tally`.
pub fn walk(root: &str, skip: &[String], max_depth: Option<u32>, tally: &Tally) -> Result<Tree> {
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
    let mut tree = Tree {
        root: root.to_string(),
        ..Tree::default()
    };
    for part in shared.into_inner().unwrap_or_else(|e| e.into_inner()) {
        tree.entries.extend(part.entries);
        tree.errors.extend(part.errors);
        tree.files += part.files;
        tree.dirs += part.dirs;
        tree.non_utf8_names += part.non_utf8_names;
    }
    tree.entries.sort_unstable();
    tree.errors.sort_unstable();
    Ok(tree)
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
        let relative = entry.path().strip_prefix(self.root).unwrap_or(entry.path());
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
        }
        WalkState::Continue
    }
}

impl Drop for Collector<'_> {
    fn drop(&mut self) {
        let local = std::mem::take(&mut self.local);
        if let Ok(mut shared) = self.shared.lock() {
            shared.push(local);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn honours_gitignore_skip_and_depth() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("src/deep")).unwrap();
        fs::create_dir_all(root.join("target")).unwrap();
        fs::create_dir_all(root.join(".git")).unwrap();
        fs::write(root.join(".gitignore"), "*.log\n").unwrap();
        fs::write(root.join("a.log"), "").unwrap();
        fs::write(root.join("src/main.rs"), "").unwrap();
        fs::write(root.join("src/deep/x.rs"), "").unwrap();
        fs::write(root.join("target/out"), "").unwrap();
        let root = root.to_str().unwrap();

        let tally = Tally::default();
        let tree = walk(root, &["target".into()], None, &tally).unwrap();
        assert_eq!(
            tree.entries,
            [
                ".gitignore",
                "src/",
                "src/deep/",
                "src/deep/x.rs",
                "src/main.rs"
            ]
        );
        assert_eq!((tree.files, tree.dirs), (3, 2));

        let shallow = walk(root, &[], Some(1), &tally).unwrap();
        assert_eq!(shallow.entries, [".gitignore", "src/", "target/"]);
    }
}
