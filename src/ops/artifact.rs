//! Artifact operations.

use super::Helm;
use crate::error::{Error, Kind, Result};
use crate::storage::artifact::Stored;

impl Helm {
    /// One artifact by hash or unique prefix, still compressed; refused when
    /// its payload is no longer stored.
    pub fn artifact_show(&self, voyage: &str, hash: &str) -> Result<Stored> {
        let stored = self.open(voyage)?.artifact(hash)?;
        if stored.status != "stowed" {
            return Err(Error::new(
                Kind::NotFound,
                format!(
                    "artifact {} was {}: its payload is no longer stored",
                    stored.hash, stored.status
                ),
            ));
        }
        Ok(stored)
    }
}
