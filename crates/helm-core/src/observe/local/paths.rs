//! Builds canonical targets from what the user typed, so the same thing spelled
//! differently is one slate row: paths absolute, `.`/`..` and symlinks resolved,
//! lists sorted and de-duplicated.

use std::path::{Component, Path, PathBuf};

use crate::error::arg;
use crate::error::{Error, Kind, Result};
use crate::model::words;
use crate::observe::FocusName;

/// The canonical text of a local path. Existing paths are resolved through
/// symlinks; a path that does not exist (say, to erase a deleted file from the
/// slate) is made absolute and cleaned lexically.
pub(crate) fn canonical_path(path: &Path, cwd: &Path) -> Result<String> {
    if path.as_os_str().is_empty() {
        return Err(Error::usage("a path is empty"));
    }
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    let resolved = match std::fs::canonicalize(&absolute) {
        Ok(resolved) => resolved,
        Err(_) => resolve_missing(&normalise(&absolute)),
    };
    match resolved.into_os_string().into_string() {
        Ok(text) => Ok(text),
        Err(raw) => Err(Error::new(
            Kind::Usage,
            format!(
                "the path '{}' is not valid UTF-8; helm records targets as JSON text",
                raw.to_string_lossy()
            ),
        )
        .hint("rename the file, or observe the directory that holds it with directory-tree")),
    }
}

/// For a path that does not exist, resolves the longest existing ancestor
/// through symlinks and keeps the rest as written.
fn resolve_missing(clean: &Path) -> PathBuf {
    let mut tail = Vec::new();
    let mut head = clean.to_path_buf();
    while let Some(name) = head.file_name().map(|n| n.to_os_string()) {
        head.pop();
        tail.push(name);
        if let Ok(real) = std::fs::canonicalize(&head) {
            let mut out = real;
            out.extend(tail.iter().rev());
            return out;
        }
    }
    clean.to_path_buf()
}

/// Removes `.` and resolves `..` textually.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Canonical paths, sorted and de-duplicated.
pub(crate) fn canonical_paths(paths: &[PathBuf], cwd: &Path) -> Result<Vec<String>> {
    let mut out = paths
        .iter()
        .map(|p| canonical_path(p, cwd))
        .collect::<Result<Vec<_>>>()?;
    out.sort();
    out.dedup();
    Ok(out)
}

/// `--skip` names, sorted and de-duplicated; a name is one path component.
pub(crate) fn skip_names(names: &[String]) -> Result<Vec<String>> {
    let mut out = Vec::with_capacity(names.len());
    for name in names {
        let name = name.trim_end_matches('/');
        if name.is_empty() || name.contains('/') {
            return Err(Error::usage(words![
                arg("skip"),
                format!(" takes a file or folder name, not a path: '{name}'"),
            ])
            .hint(words![
                "for example ",
                arg("skip"),
                " target ",
                arg("skip"),
                " node_modules",
            ]));
        }
        out.push(name.to_string());
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A focus list sorted by name and de-duplicated; empty means all of them.
pub(crate) fn focus<F: FocusName + Copy + Ord>(given: &[F], all: &[F]) -> Vec<F> {
    let mut out: Vec<F> = if given.is_empty() {
        all.to_vec()
    } else {
        given.to_vec()
    };
    out.sort_by_key(|f| f.name());
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_file_agree() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("src")).unwrap();
        std::fs::write(root.join("src/main.rs"), "").unwrap();
        let a = canonical_path(Path::new("src/main.rs"), &root).unwrap();
        let b = canonical_path(Path::new("./src/../src/./main.rs"), &root).unwrap();
        let c = canonical_path(&root.join("src/main.rs"), Path::new("/")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert!(a.starts_with('/'));
    }

    #[test]
    fn missing_paths_are_cleaned_lexically() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        let a = canonical_path(Path::new("gone/../gone.txt"), &root).unwrap();
        assert_eq!(a, root.join("gone.txt").to_str().unwrap());
    }

    #[test]
    fn lists_are_sorted_and_unique() {
        let cwd = Path::new("/w");
        let paths = [PathBuf::from("b"), PathBuf::from("a"), PathBuf::from("./b")];
        let out = canonical_paths(&paths, cwd).unwrap();
        assert_eq!(out.len(), 2);
        assert!(out[0] < out[1]);
        assert_eq!(
            skip_names(&["t/".into(), "a".into(), "t".into()]).unwrap(),
            ["a", "t"]
        );
        assert!(skip_names(&["a/b".into()]).is_err());
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Path-like strings: segments of names, `.` and `..`, joined by slashes.
    fn spelling() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof!["[a-z]{1,3}", Just(".".to_string()), Just("..".to_string())],
            1..6,
        )
        .prop_map(|parts| parts.join("/"))
    }

    proptest! {
        /// Canonical paths are absolute, free of `.`/`..`, and stable: the
        /// canonical form of a canonical path is itself.
        #[test]
        fn canonical_paths_are_fixed_points(path in spelling()) {
            let cwd = Path::new("/nonexistent-helm-test/work");
            let once = canonical_path(Path::new(&path), cwd).unwrap();
            prop_assert!(once.starts_with('/'));
            prop_assert!(!once.split('/').any(|part| part == "." || part == ".."));
            prop_assert_eq!(canonical_path(Path::new(&once), Path::new("/")).unwrap(), once);
        }

        /// Order and repetition do not change a path list's target.
        #[test]
        fn path_lists_ignore_order_and_repeats(mut paths in prop::collection::vec(spelling(), 1..6)) {
            let cwd = Path::new("/nonexistent-helm-test/work");
            let as_paths = |p: &[String]| p.iter().map(PathBuf::from).collect::<Vec<_>>();
            let first = canonical_paths(&as_paths(&paths), cwd).unwrap();
            paths.reverse();
            paths.extend(paths.clone());
            prop_assert_eq!(canonical_paths(&as_paths(&paths), cwd).unwrap(), first);
        }
    }
}
