//! git's verdicts on the signatures of a voyage's synced commits,
//! remembered in `$HELM_HOME/signatures/<uuid>.json` beside the signing
//! settings and allowed signers they were given under (as a hash): a commit
//! never changes, so its verdict holds until those do. Only what is shown
//! (`voyage show`, `voyage verify --signatures`) reads it; a pull always
//! asks git. A file that cannot be read or written is only a slower show.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::verifying::Signature;

#[derive(Default, Serialize, Deserialize)]
struct Stored {
    trust: String,
    commits: BTreeMap<String, Known>,
}

#[derive(Clone, Serialize, Deserialize)]
struct Known {
    verdict: char,
    signer: String,
    key: String,
}

/// The remembered verdicts of one voyage under one trust.
pub(crate) struct Verdicts {
    path: PathBuf,
    stored: Stored,
}

impl Verdicts {
    /// Those remembered under `trust`; none when the trust changed.
    pub(crate) fn load(home: &Path, id: &uuid::Uuid, trust: &str) -> Verdicts {
        let path = home
            .join("signatures")
            .join(format!("{}.json", id.hyphenated()));
        let stored = std::fs::read(&path)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Stored>(&bytes).ok())
            .filter(|stored| stored.trust == trust)
            .unwrap_or_else(|| Stored {
                trust: trust.to_string(),
                commits: BTreeMap::new(),
            });
        Verdicts { path, stored }
    }

    pub(crate) fn has(&self, commit: &str) -> bool {
        self.stored.commits.contains_key(commit)
    }

    pub(crate) fn remember(&mut self, signature: &Signature) {
        self.stored.commits.insert(
            signature.commit.clone(),
            Known {
                verdict: signature.verdict,
                signer: signature.signer.clone(),
                key: signature.key.clone(),
            },
        );
    }

    /// Gives `signature` (a commit as listed) its remembered verdict.
    pub(crate) fn fill(&self, signature: &mut Signature) {
        if let Some(known) = self.stored.commits.get(&signature.commit) {
            signature.verdict = known.verdict;
            signature.signer = known.signer.clone();
            signature.key = known.key.clone();
        }
    }

    /// Writes the file whole (a temporary file renamed into place), best
    /// effort.
    pub(crate) fn save(&self) {
        let Some(dir) = self.path.parent() else {
            return;
        };
        let Ok(bytes) = serde_json::to_vec(&self.stored) else {
            return;
        };
        let temp = self
            .path
            .with_extension(format!("json.{}.new", std::process::id()));
        let written = crate::storage::files::create_private_dir(dir)
            .ok()
            .and_then(|()| std::fs::write(&temp, bytes).ok())
            .and_then(|()| std::fs::rename(&temp, &self.path).ok());
        if written.is_none() {
            let _ = std::fs::remove_file(&temp);
        }
    }
}
