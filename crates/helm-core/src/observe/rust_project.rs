//! `rust-project`: an orientation to a Rust project — its tree (without
//! `target/`), every Cargo manifest, the READMEs and docs, and each crate's
//! `//!` documentation. Source files are left to `file-contents`.
//!
//! Projects are shared and voyages are exported, so a look never leaves the
//! root: a link is followed only while it stays inside, only regular files
//! are read, each at most [`DOC_LIMIT`] bytes. A file that cannot be read
//! that way is listed in `unreadable` with the reason, and the rest of the
//! look goes on.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Tally;
use super::local::regular::Confined;
use super::local::walk::{self, Tree};
use super::said::TextSaid;
use super::{Counting, KindArgs, KindTarget, LocalLook, Looked, Place, Target, Way};
use crate::error::Words;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::storage::artifact::Packer;
use crate::words::plural;

/// A Rust project: tree, Cargo manifests, READMEs and docs, crate docs.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RustProjectArgs {
    /// The folder holding the top Cargo.toml.
    pub(crate) root: std::path::PathBuf,
}

impl Flags for RustProjectArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::positional("root", "ROOT").required().path()]
    }
}

/// The canonical target: the root's absolute path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RustProjectTarget {
    pub root: String,
}

impl KindArgs for RustProjectArgs {
    fn canonical(&self, place: &Place) -> Result<Target> {
        Ok(Target::from(RustProjectTarget {
            root: super::local::paths::canonical_path(&self.root, place.cwd)?,
        }))
    }
}

impl KindTarget for RustProjectTarget {
    fn describe(&self) -> Words {
        words![format!("rust-project {}", self.root)]
    }

    fn way(&self) -> Way<'_> {
        Way::Local(self)
    }

    /// `12 files, 3 folders, 2 manifests, 1 doc`.
    /// Its manifests, docs and crate docs, each a piece, and its tree's names.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        let Ok(project) = serde_json::from_slice::<Project>(payload) else {
            return Vec::new();
        };
        let documents = project.manifests.into_iter().chain(project.docs);
        let mut said: Vec<TextSaid> = documents
            .map(|d| TextSaid::local(format!("{}\n{}", d.path, d.content)))
            .collect();
        said.extend(
            project
                .crate_docs
                .into_iter()
                .map(|d| TextSaid::local(format!("{}\n{}", d.path, d.doc))),
        );
        said.push(TextSaid::local(project.tree.entries.join("\n")));
        said
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let project: Project = serde_json::from_slice(payload).ok()?;
        let (manifests, docs) = (project.manifests.len(), project.docs.len());
        Some(format!(
            "{}, {manifests} {}, {docs} {}",
            project.tree.summary(false),
            plural(manifests, "manifest", "manifests"),
            plural(docs, "doc", "docs")
        ))
    }
}

impl LocalLook for RustProjectTarget {
    fn progress(&self) -> (String, Counting) {
        (format!("walking {}", self.root), Counting::Entries)
    }

    fn look(&self, tally: &Tally) -> Result<Looked> {
        let project = observe(&self.root, tally)?;
        let summary = format!(
            "{}, {} {}, {} {}, {} crate {}",
            project.tree.summary(true),
            project.manifests.len(),
            plural(project.manifests.len() as u64, "manifest", "manifests"),
            project.docs.len(),
            plural(project.docs.len() as u64, "doc", "docs"),
            project.crate_docs.len(),
            plural(project.crate_docs.len() as u64, "doc", "docs"),
        );
        // Manifests and docs are text a secret can sit in: redacted as JSON.
        let mut payload = serde_json::to_value(&project)?;
        let redacted = crate::secrets::redact_payload(&mut payload, None);
        Ok(Looked {
            packed: Packer::pack(&payload)?,
            summary,
            redacted,
            digest: None,
        })
    }
}

/// Documents larger than this are cut, and say so.
const DOC_LIMIT: usize = 256 * 1024;

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Project {
    pub(crate) root: String,
    pub(crate) tree: Tree,
    pub(crate) manifests: Vec<Document>,
    pub(crate) docs: Vec<Document>,
    pub(crate) crate_docs: Vec<CrateDoc>,
    /// Files the look chose but did not read, and why (absent when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) unreadable: Vec<UnreadableFile>,
}

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct UnreadableFile {
    pub(crate) path: String,
    pub(crate) reason: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Document {
    pub(crate) path: String,
    pub(crate) content: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) truncated: bool,
}

#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct CrateDoc {
    pub(crate) path: String,
    pub(crate) doc: String,
}

fn observe(root: &str, tally: &Tally) -> Result<Project> {
    let base = Path::new(root);
    if !base.join("Cargo.toml").is_file() {
        return Err(Error::usage(format!(
            "{root} is not a Rust project: it has no Cargo.toml"
        ))
        .hint("observe it with `directory-tree` instead"));
    }
    let tree = walk::walk(root, &["target".to_string()], None, tally)?;
    let confined = Confined::new(root)?;
    let mut manifests = Vec::new();
    let mut docs = Vec::new();
    let mut crate_docs = Vec::new();
    let mut unreadable = Vec::new();
    let crate_dirs: Vec<&str> = tree
        .entries
        .iter()
        .filter_map(|e| match e.as_str() {
            "Cargo.toml" => Some(""),
            other => other.strip_suffix("/Cargo.toml"),
        })
        .collect();
    for entry in &tree.entries {
        if entry.ends_with('/') {
            continue;
        }
        let (dir, name) = match entry.rsplit_once('/') {
            Some((dir, name)) => (dir, name),
            None => ("", entry.as_str()),
        };
        let is_manifest = name == "Cargo.toml";
        let is_doc = is_readme(name)
            || (dir.is_empty() && has_doc_extension(name))
            || ((entry.starts_with("docs/") || entry.starts_with("doc/"))
                && has_doc_extension(name))
            || (crate_dirs.contains(&dir) && is_readme(name));
        if !is_manifest && !is_doc {
            continue;
        }
        match read_document(&confined, entry) {
            Ok(document) if is_manifest => manifests.push(document),
            Ok(document) => docs.push(document),
            Err(reason) => unreadable.push(UnreadableFile {
                path: entry.clone(),
                reason,
            }),
        }
    }
    for dir in &crate_dirs {
        for file in ["src/lib.rs", "src/main.rs"] {
            let path = if dir.is_empty() {
                file.to_string()
            } else {
                format!("{dir}/{file}")
            };
            // Crate roots are not in the walk's list when absent: only
            // read the ones the walk saw.
            if !tree.entries.contains(&path) {
                continue;
            }
            match read_document(&confined, &path) {
                Ok(source) => {
                    let doc = crate_doc(&source.content);
                    if !doc.is_empty() {
                        crate_docs.push(CrateDoc { path, doc });
                    }
                }
                Err(reason) => unreadable.push(UnreadableFile { path, reason }),
            }
        }
    }
    Ok(Project {
        root: root.to_string(),
        tree,
        manifests,
        docs,
        crate_docs,
        unreadable,
    })
}

fn is_readme(name: &str) -> bool {
    name.to_ascii_lowercase().starts_with("readme")
}

fn has_doc_extension(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".md", ".markdown", ".txt", ".rst", ".adoc"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// Reads one chosen file inside the project, cut at [`DOC_LIMIT`]; the error
/// is the reason it was not read.
fn read_document(confined: &Confined, relative: &str) -> Result<Document, String> {
    let read = confined.read(relative, DOC_LIMIT)?;
    let mut content = String::from_utf8_lossy(&read.bytes).into_owned();
    if read.truncated {
        // The cut may have split a character; drop the replacement it left.
        content = content.trim_end_matches('\u{fffd}').to_string();
    }
    Ok(Document {
        path: relative.to_string(),
        content,
        truncated: read.truncated,
    })
}

/// The leading `//!` lines of a crate root, without the markers.
fn crate_doc(source: &str) -> String {
    let mut lines = Vec::new();
    for line in source.lines() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("//!") {
            lines.push(rest.strip_prefix(' ').unwrap_or(rest));
        } else if trimmed.is_empty() || trimmed.starts_with("#![") || trimmed.starts_with("//") {
            if !lines.is_empty() && !trimmed.is_empty() && !trimmed.starts_with("//!") {
                break;
            }
        } else {
            break;
        }
    }
    lines.join("\n").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_docs_are_the_leading_inner_comments() {
        let source = "#![forbid(unsafe_code)]\n//! Helm.\n//!\n//! More.\n\nuse x;\n//! not this\n";
        assert_eq!(crate_doc(source), "Helm.\n\nMore.");
        assert_eq!(crate_doc("fn main() {}\n"), "");
    }
}
