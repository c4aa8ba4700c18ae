//! Slate operations: list, erase one target, clear.

use super::Helm;
use crate::error::Result;
use crate::observe::Target;
use crate::storage::slate::Observation;

impl Helm {
    pub fn slate_list(&self, voyage: &str) -> Result<Vec<Observation>> {
        self.open(voyage)?.slate()
    }

    /// Takes one target off the slate; returns whether it was there.
    pub fn slate_erase(&self, voyage: &str, target: &Target) -> Result<bool> {
        self.open_for_write(voyage)?.erase(&target.slate_key())
    }

    /// Empties the slate; returns how many observations were removed.
    pub fn slate_clear(&self, voyage: &str) -> Result<usize> {
        self.open_for_write(voyage)?.clear_slate()
    }
}
