//! Where a voyage's files go (ADR 0015), on the remote and in helm's own
//! snapshot of it. Pure: no I/O.
//!
//! On the remote, `refs/helm/voyages/<uuid>` is a chain of commits, each
//! holding only what it adds, in one flat folder:
//!
//! ```text
//! voyage.json                 every commit: the voyage as of this commit
//! entry-00000123.json         the entry this commit records
//! artifact-<sha256>.json      a payload this commit sends
//! lifecycle-<sha256>.json     an artifact's status and summaries, as this commit sets them
//! ```
//!
//! A commit's tree never grows with the voyage, so what git walks to push or
//! fetch one entry (the last commit's tree) stays the same size.
//!
//! In helm's private repository, the snapshot (`shadow`) of what a remote
//! commit holds in all keeps what a sync needs to know of it: the voyage,
//! its last entry, and every artifact, spread so that no folder has more
//! than a few hundred names:
//!
//! ```text
//! voyage.json
//! last-entry.json
//! artifacts/ab/<sha256>.json
//! lifecycle/ab/<sha256>.json
//! ```

use crate::storage::audit::is_hash;

/// The most entries a voyage may have on a remote (eight digits).
pub(crate) const MAX_ENTRIES: u64 = 99_999_999;

pub(crate) const REF_PREFIX: &str = "refs/helm/voyages/";

pub(crate) fn voyage_ref(id: &uuid::Uuid) -> String {
    format!("{REF_PREFIX}{}", id.hyphenated())
}

/// A file of a commit on the remote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum File {
    Voyage,
    Entry(u64),
    Artifact(String),
    Lifecycle(String),
}

impl File {
    /// Its name in a remote commit's tree.
    pub(crate) fn name(&self) -> String {
        match self {
            File::Voyage => "voyage.json".to_string(),
            File::Entry(n) => format!("entry-{n:08}.json"),
            File::Artifact(hash) => format!("artifact-{hash}.json"),
            File::Lifecycle(hash) => format!("lifecycle-{hash}.json"),
        }
    }

    /// Its path in helm's snapshot of the remote, which keeps only the
    /// last entry.
    pub(crate) fn path(&self) -> String {
        match self {
            File::Voyage => "voyage.json".to_string(),
            File::Entry(_) => "last-entry.json".to_string(),
            File::Artifact(hash) => format!("artifacts/{}/{hash}.json", &hash[..2]),
            File::Lifecycle(hash) => format!("lifecycle/{}/{hash}.json", &hash[..2]),
        }
    }

    /// The file a remote commit's name stands for; `None` for a name the
    /// layout has no place for.
    pub(crate) fn named(name: &str) -> Option<File> {
        if name == "voyage.json" {
            return Some(File::Voyage);
        }
        let stem = name.strip_suffix(".json")?;
        if let Some(digits) = stem.strip_prefix("entry-") {
            let number: u64 = digits.parse().ok()?;
            let file = File::Entry(number);
            return (number >= 1
                && digits.bytes().all(|b| b.is_ascii_digit())
                && file.name() == name)
                .then_some(file);
        }
        let (kind, hash) = stem.split_once('-')?;
        if !is_hash(hash) {
            return None;
        }
        match kind {
            "artifact" => Some(File::Artifact(hash.to_string())),
            "lifecycle" => Some(File::Lifecycle(hash.to_string())),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_one_name_and_one_path() {
        let hash = "ab".repeat(32);
        for file in [
            File::Voyage,
            File::Entry(1),
            File::Entry(20_001),
            File::Entry(MAX_ENTRIES),
            File::Artifact(hash.clone()),
            File::Lifecycle(hash.clone()),
        ] {
            assert_eq!(File::named(&file.name()), Some(file.clone()));
        }
        assert_eq!(File::Entry(123).name(), "entry-00000123.json");
        assert_eq!(File::Entry(123).path(), "last-entry.json");
        assert_eq!(
            File::Artifact(hash.clone()).path(),
            format!("artifacts/ab/{hash}.json")
        );
        for foreign in [
            "README.md",
            "entry-00000000.json",
            "entry-0000123.json",
            "entry-+0000123.json",
            "entry-000000123.json",
            &format!("artifact-{hash}"),
            &format!("artifact-{}.json", "AB".repeat(32)),
            &format!("summary-{hash}.json"),
            "lifecycle-xyz.json",
            ".git",
        ] {
            assert_eq!(File::named(foreign), None, "{foreign}");
        }
    }
}
