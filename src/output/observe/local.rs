//! Local looks for reading: a file's first lines, a tree as an indented
//! tree, a Rust project's tree, manifests and crate docs.

use serde_json::Value;

use super::screen::{Screen, plural};
use super::{array, string};

/// Lines of the first file; later files get fewer.
const FIRST_FILE_LINES: usize = 20;
const OTHER_FILE_LINES: usize = 8;
const FILES: usize = 4;
const TREE_ENTRIES: usize = 40;
const PROJECT_TREE_ENTRIES: usize = 15;
const MANIFEST_LINES: usize = 12;
const LISTED: usize = 10;

/// A directory-tree payload read for the screen: the root, the counts, and
/// only the entries the screen shows, the rest counted. (Held as a
/// `serde_json::Value`, the sysroot's 52k names took a tenth of the look's
/// time to build and drop.)
#[derive(serde::Deserialize)]
pub(super) struct LeanTree {
    #[serde(default)]
    root: String,
    #[serde(default)]
    files: u64,
    #[serde(default)]
    dirs: u64,
    #[serde(default)]
    entries: FirstEntries,
}

/// The first [`TREE_ENTRIES`] names of a list, and how many it had.
#[derive(Default)]
struct FirstEntries {
    kept: Vec<String>,
    total: usize,
}

impl<'de> serde::Deserialize<'de> for FirstEntries {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = FirstEntries;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of names")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<FirstEntries, A::Error> {
                let mut first = FirstEntries::default();
                while first.kept.len() < TREE_ENTRIES {
                    match seq.next_element::<String>()? {
                        Some(name) => first.kept.push(name),
                        None => break,
                    }
                }
                first.total = first.kept.len();
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    first.total += 1;
                }
                Ok(first)
            }
        }
        deserializer.deserialize_seq(Visitor)
    }
}

pub(super) fn lean_tree(screen: &mut Screen, tree: &LeanTree) {
    screen.heading(&format!(
        "{} ({}, {})",
        tree.root,
        plural(tree.files as usize, "file"),
        plural(tree.dirs as usize, "folder")
    ));
    for path in &tree.entries.kept {
        entry_line(screen, path);
    }
    if tree.entries.total > tree.entries.kept.len() {
        let rest = tree.entries.total - tree.entries.kept.len();
        screen.omitted(rest, &format!("  … {}", plural(rest, "more entry")));
    }
}

/// `src/lib.rs` as `    lib.rs`: two spaces a level, a folder ending in `/`.
fn entry_line(screen: &mut Screen, path: &str) {
    let folder = path.ends_with('/');
    let trimmed = path.trim_end_matches('/');
    let depth = trimmed.matches('/').count();
    let name = trimmed.rsplit('/').next().unwrap_or(trimmed);
    let slash = if folder { "/" } else { "" };
    screen.line(&format!("  {}{name}{slash}", "  ".repeat(depth)));
}

/// The entries (`src/`, `src/lib.rs`) as an indented tree: each level two
/// spaces deeper, a folder ending in `/`.
fn tree_with(screen: &mut Screen, tree: &Value, max: usize) {
    let entries = array(tree, "entries").unwrap_or_default();
    let count = |key: &str| tree.get(key).and_then(Value::as_u64).unwrap_or(0) as usize;
    screen.heading(&format!(
        "{} ({}, {})",
        string(tree, "root"),
        plural(count("files"), "file"),
        plural(count("dirs"), "folder")
    ));
    for entry in entries.iter().take(max) {
        entry_line(screen, entry.as_str().unwrap_or_default());
    }
    if entries.len() > max {
        let rest = entries.len() - max;
        screen.omitted(rest, &format!("  … {}", plural(rest, "more entry")));
    }
}

pub(super) fn rust_project(screen: &mut Screen, payload: &Value) {
    if let Some(tree) = payload.get("tree").filter(|t| t.is_object()) {
        tree_with(screen, tree, PROJECT_TREE_ENTRIES);
    }
    // The first manifest (the root's) as text; a workspace's others, and
    // each crate's doc, one line apiece, so a big workspace stays a screen.
    let manifests = array(payload, "manifests").unwrap_or_default();
    if let Some((first, others)) = manifests.split_first() {
        screen.heading(&string(first, "path"));
        screen.text(&string(first, "content"), "  ", MANIFEST_LINES);
        if !others.is_empty() {
            screen.heading(&format!("other manifests ({})", others.len()));
        }
        for manifest in others.iter().take(LISTED) {
            let lines = string(manifest, "content").lines().count();
            screen.line(&format!(
                "  {} ({})",
                string(manifest, "path"),
                plural(lines, "line")
            ));
            screen.skip(lines);
        }
        if others.len() > LISTED {
            let rest = others.len() - LISTED;
            screen.omitted(rest, &format!("  … {}", plural(rest, "more manifest")));
        }
    }
    let crate_docs = array(payload, "crateDocs").unwrap_or_default();
    if !crate_docs.is_empty() {
        screen.heading(&format!("crate docs ({})", crate_docs.len()));
    }
    for doc in crate_docs.iter().take(LISTED) {
        let text = string(doc, "doc");
        let first = text.lines().next().unwrap_or_default();
        screen.line(&format!("  {}: {first}", string(doc, "path")));
        screen.skip(text.lines().count().saturating_sub(1));
    }
    if crate_docs.len() > LISTED {
        let rest = crate_docs.len() - LISTED;
        screen.omitted(rest, &format!("  … {}", plural(rest, "more crate doc")));
    }
    let docs = array(payload, "docs").unwrap_or_default();
    if !docs.is_empty() {
        screen.heading(&format!("docs ({})", plural(docs.len(), "file")));
        for doc in docs.iter().take(LISTED) {
            screen.line(&format!("  {}", string(doc, "path")));
            screen.skip(string(doc, "content").lines().count());
        }
        if docs.len() > LISTED {
            let rest = docs.len() - LISTED;
            screen.omitted(rest, &format!("  … {}", plural(rest, "more doc")));
        }
    }
}

/// A file-contents payload read for the screen without holding its files'
/// contents twice: each content keeps only its first lines and a count.
/// (A 60 MB file held as a `serde_json::Value` took four times its size.)
#[derive(serde::Deserialize)]
pub(super) struct LeanFiles {
    files: Vec<LeanFile>,
}

#[derive(serde::Deserialize)]
struct LeanFile {
    path: String,
    size: u64,
    encoding: String,
    content: Head,
}

/// The first [`FIRST_FILE_LINES`] lines of a text, and how many it had.
struct Head {
    lines: Vec<String>,
    total: usize,
}

impl<'de> serde::Deserialize<'de> for Head {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Head, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Head;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a file's content as a string")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Head, E> {
                let mut lines = text.lines();
                let kept = lines
                    .by_ref()
                    .take(FIRST_FILE_LINES)
                    .map(str::to_string)
                    .collect::<Vec<_>>();
                let total = kept.len() + lines.count();
                Ok(Head { lines: kept, total })
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

pub(super) fn lean_files(screen: &mut Screen, payload: &LeanFiles) {
    for (n, file) in payload.files.iter().enumerate() {
        if n >= FILES {
            screen.skip(file.content.total + 1);
            continue;
        }
        screen.heading(&format!(
            "{} ({}, {})",
            file.path,
            plural(file.size as usize, "byte"),
            file.encoding
        ));
        if file.encoding == "base64" {
            screen.omitted(
                file.content.total.max(1),
                "  (binary: not shown; its bytes are in the JSON as base64)",
            );
            continue;
        }
        let max = if n == 0 {
            FIRST_FILE_LINES
        } else {
            OTHER_FILE_LINES
        };
        let shown = file.content.lines.len().min(max);
        for line in &file.content.lines[..shown] {
            screen.line(&format!("  {}", line.trim_end()));
        }
        let rest = file.content.total - shown;
        if rest > 0 {
            screen.omitted(rest, &format!("  … {}", plural(rest, "more line")));
        }
    }
    if payload.files.len() > FILES {
        let rest = payload.files.len() - FILES;
        screen.line("");
        screen.line(&format!("… {} more not shown", plural(rest, "file")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Style;

    fn shown(draw: impl FnOnce(&mut Screen)) -> String {
        let mut screen = Screen::default();
        draw(&mut screen);
        let mut out = Vec::new();
        let plain = Style {
            color: false,
            terminal: false,
        };
        screen.write(&mut out, plain).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_tree_read_lean_shows_what_the_whole_value_shows() {
        let mut entries = vec!["src/".to_string(), "src/lib.rs".to_string()];
        entries.extend((0..60).map(|i| format!("src/m{i}.rs")));
        let json = serde_json::json!({
            "root": "/r", "entries": entries, "files": 61, "dirs": 1,
        })
        .to_string();
        let lean: LeanTree = serde_json::from_str(&json).unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        let from_lean = shown(|screen| lean_tree(screen, &lean));
        let from_value = shown(|screen| tree_with(screen, &value, TREE_ENTRIES));
        assert_eq!(from_lean, from_value);
        assert!(from_lean.contains("… 22 more entries"), "{from_lean}");
        assert!(from_lean.contains("/r (61 files, 1 folder)"), "{from_lean}");
    }
}
