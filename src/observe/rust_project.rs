//! `rust-project`: an orientation to a Rust project — its tree (without
//! `target/`), every Cargo manifest, the READMEs and docs, and each crate's
//! `//!` documentation. Source files are left to `file-contents`.

use std::path::Path;

use serde::Serialize;

use super::Tally;
use super::tree::{self, Tree};
use crate::error::{Error, Result};

/// Documents larger than this are cut, and say so.
const DOC_LIMIT: usize = 256 * 1024;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub root: String,
    pub tree: Tree,
    pub manifests: Vec<Document>,
    pub docs: Vec<Document>,
    pub crate_docs: Vec<CrateDoc>,
}

#[derive(Debug, Serialize)]
pub struct Document {
    pub path: String,
    pub content: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

#[derive(Debug, Serialize)]
pub struct CrateDoc {
    pub path: String,
    pub doc: String,
}

pub fn observe(root: &str, tally: &Tally) -> Result<Project> {
    let base = Path::new(root);
    if !base.join("Cargo.toml").is_file() {
        return Err(Error::usage(format!(
            "{root} is not a Rust project: it has no Cargo.toml"
        ))
        .hint("observe it with `directory-tree` instead"));
    }
    let tree = tree::walk(root, &["target".to_string()], None, tally)?;
    let mut manifests = Vec::new();
    let mut docs = Vec::new();
    let mut crate_docs = Vec::new();
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
        if is_manifest {
            manifests.push(read_document(base, entry)?);
        } else if is_doc {
            docs.push(read_document(base, entry)?);
        }
    }
    for dir in &crate_dirs {
        for file in ["src/lib.rs", "src/main.rs"] {
            let path = if dir.is_empty() {
                file.to_string()
            } else {
                format!("{dir}/{file}")
            };
            if let Ok(source) = std::fs::read_to_string(base.join(&path)) {
                let doc = crate_doc(&source);
                if !doc.is_empty() {
                    crate_docs.push(CrateDoc { path, doc });
                }
            }
        }
    }
    Ok(Project {
        root: root.to_string(),
        tree,
        manifests,
        docs,
        crate_docs,
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

fn read_document(base: &Path, relative: &str) -> Result<Document> {
    let bytes = std::fs::read(base.join(relative))
        .map_err(|err| Error::io(format!("cannot read {relative}"), &err))?;
    let truncated = bytes.len() > DOC_LIMIT;
    let mut content = String::from_utf8_lossy(&bytes[..bytes.len().min(DOC_LIMIT)]).into_owned();
    if truncated {
        // The cut may have split a character; drop the replacement it left.
        content = content.trim_end_matches('\u{fffd}').to_string();
    }
    Ok(Document {
        path: relative.to_string(),
        content,
        truncated,
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
