//! Artifact operations: show one payload, list them all, and lighten the
//! cargo (reduce to a summary, jettison), which works on ended voyages too.

use super::Helm;
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;
use crate::storage::artifact::ArtifactStatus;
use crate::storage::lifecycle::{Jettisoned, ListedArtifact, Reduced};

/// What `artifact show` prints: a payload, and a note when it is a
/// reduced artifact's summary rather than the payload itself.
#[derive(Debug)]
pub struct Shown {
    pub data: Vec<u8>,
    pub note: Option<String>,
    /// The payload as this Helm's disclosure shows it, when that is not
    /// the payload as stored (`egress::shown`); a view prints this.
    pub shown: Option<crate::egress::shown::Disclosed>,
}

impl Helm {
    /// One artifact by hash or unique prefix, still compressed. A reduced
    /// one shows its summary; a jettisoned one is refused.
    pub fn artifact_show(&self, voyage: &str, hash: &str) -> Result<Shown> {
        let (stored, summary) = self.open(voyage)?.artifact_with_summary(hash)?;
        match (stored.status, summary) {
            (ArtifactStatus::Stowed, _) => Ok(Shown {
                shown: self.disclosed(&stored.data, &stored.hash)?,
                data: stored.data,
                note: None,
            }),
            (ArtifactStatus::Reduced, Some((derivation, summary))) => Ok(Shown {
                note: Some(format!(
                    "artifact {} is reduced ({}, {}): this is its summary, artifact {}",
                    stored.hash,
                    derivation.method,
                    crate::text::when(&derivation.created_at),
                    derivation.summary
                )),
                data: summary.data,
                shown: None,
            }),
            (ArtifactStatus::Reduced, None) => Err(Error::new(
                Kind::Corrupt,
                format!(
                    "artifact {} is reduced but its summary is missing",
                    stored.hash
                ),
            )
            .hint(words!["run ", cmd("voyage verify"), " for a report"])),
            (status @ ArtifactStatus::Jettisoned, _) => Err(Error::new(
                Kind::NotFound,
                format!(
                    "artifact {} was {status}: its payload is gone, only its hash remains",
                    stored.hash
                ),
            )
            .hint("the bearings still name it; observe the target again to stow a fresh payload")),
        }
    }

    /// A stored payload as a view may see it, when this Helm's disclosure
    /// marks anything in it.
    fn disclosed(
        &self,
        data: &[u8],
        hash: &str,
    ) -> Result<Option<crate::egress::shown::Disclosed>> {
        use crate::egress::shown::{Disclosed, Disclosure};
        if self.disclosure == Disclosure::Whole {
            return Ok(None);
        }
        let mut raw = Vec::new();
        crate::storage::artifact::unpack(data, &mut raw)
            .map_err(|err| Error::io(format!("cannot read artifact {hash}"), &err))?;
        let Ok(mut payload) = serde_json::from_slice(&raw) else {
            return Ok(None);
        };
        let untrusted = self.disclosure.payload(&mut payload, hash);
        Ok(Some(Disclosed { payload, untrusted }))
    }

    pub fn artifact_list(&self, voyage: &str) -> Result<Vec<ListedArtifact>> {
        self.open(voyage)?.artifacts()
    }

    pub fn artifact_reduce(
        &self,
        voyage: &str,
        hashes: &[String],
        method: &str,
        summary: &str,
    ) -> Result<Vec<Reduced>> {
        self.open_for_write(voyage)?
            .reduce(hashes, method, summary, &crate::model::now())
    }

    pub fn artifact_jettison(&self, voyage: &str, hashes: &[String]) -> Result<Vec<Jettisoned>> {
        self.open_for_write(voyage)?.jettison(hashes)
    }
}
