//! git's verdicts on the signatures of a voyage's synced commits,
//! remembered in `$HELM_HOME/signatures/<uuid>.json` beside the signing
//! settings and allowed signers they were given under (as a hash): a commit
//! never changes, so its verdict holds until those do. Only what is shown
//! (`voyage show`, `voyage verify --signatures`) reads it; a pull always
//! asks git. A file that cannot be read or written is only a slower show.
//!
//! Only verdicts that depend on nothing but that hash are kept: an unsigned
//! commit, and an ssh signature (its key an ssh fingerprint, `SHA256:…`),
//! which git judges against the allowed-signers and revocation files alone.
//! An OpenPGP or X.509 verdict also depends on a keyring and a trust
//! database (a key deleted, revoked, expired or trusted less) that helm
//! cannot key reliably, so git is asked again every time: a remembered
//! "signed by" must never outlive the key that made it true.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::signature::Signature;

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

    /// Keeps `signature`'s verdict when it cannot change under the same
    /// trust (see the module's comment); forgets any other.
    pub(crate) fn remember(&mut self, signature: &Signature) {
        if !lasting(signature) {
            self.stored.commits.remove(&signature.commit);
            return;
        }
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

/// Whether git's verdict on `signature` depends only on the commit and the
/// trust hash: unsigned, or signed with an ssh key.
fn lasting(signature: &Signature) -> bool {
    signature.verdict == 'N' || signature.key.starts_with("SHA256:")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(verdict: char, key: &str) -> Signature {
        Signature {
            commit: "c0ffee".to_string(),
            verdict,
            signer: "alice@example.com".to_string(),
            key: key.to_string(),
            entry: Some(1),
        }
    }

    #[test]
    fn only_ssh_and_unsigned_verdicts_are_remembered() {
        let home = tempfile::tempdir().unwrap();
        let id = uuid::Uuid::now_v7();
        for (signature, kept) in [
            (signed('G', "SHA256:abc"), true),
            (signed('U', "SHA256:abc"), true),
            (signed('N', ""), true),
            (signed('G', "0123456789ABCDEF"), false),
            (signed('E', ""), false),
        ] {
            let mut verdicts = Verdicts::load(home.path(), &id, "trust");
            verdicts.remember(&signature);
            verdicts.save();
            let again = Verdicts::load(home.path(), &id, "trust");
            assert_eq!(again.has("c0ffee"), kept, "{signature:?}");
        }
    }
}
