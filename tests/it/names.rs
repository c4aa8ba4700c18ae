//! Names with one meaning (issue 30): no struct, enum, trait or type alias
//! visible beyond its file (`pub`, `pub(crate)`, `pub(super)`) is defined
//! twice across the workspace's sources, so a type name found in one crate
//! means the same thing in every other. Associated types (`type Error = …;`
//! in an impl) are not definitions and are skipped.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The type a line defines, when it is a visible definition.
fn defined(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let rest = ["pub(crate) ", "pub(super) ", "pub "]
        .iter()
        .find_map(|vis| rest.strip_prefix(vis))?;
    let rest = ["struct ", "enum ", "trait ", "type "]
        .iter()
        .find_map(|item| rest.strip_prefix(item))?;
    let end = rest
        .find(|c: char| !c.is_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|name| name.starts_with(|c: char| c.is_ascii_uppercase()))
}

#[test]
fn no_type_name_is_defined_twice_across_the_workspace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    for krate in fs::read_dir(root.join("crates")).expect("crates/") {
        sources(&krate.expect("a crate").path().join("src"), &mut files);
    }
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a source file");
        for (number, line) in text.lines().enumerate() {
            if let Some(name) = defined(line) {
                let shown = file.strip_prefix(root).unwrap_or(file).display();
                places
                    .entry(name.to_string())
                    .or_default()
                    .push(format!("{shown}:{}", number + 1));
            }
        }
    }
    let twice: Vec<String> = places
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "type names defined more than once (give each a name that says what it is):\n{}",
        twice.join("\n")
    );
}
