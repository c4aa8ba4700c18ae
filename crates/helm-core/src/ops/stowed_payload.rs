//! A payload the voyage stowed, read back as a disclosure shows it: the one
//! read both briefs make (`brief.rs` for a target's summary, `brief_pr.rs`
//! for a pull request's parts), kept apart so neither imports the other.

use serde_json::Value;

use crate::egress::shown::Disclosure;
use crate::storage::VoyageStore;

/// A stowed payload, if it can be read, as `disclosure` shows it.
pub(super) fn payload_of(store: &VoyageStore, hash: &str, disclosure: Disclosure) -> Option<Value> {
    let stored = store.artifact(hash).ok()?;
    if !stored.status.is_stowed() {
        return None;
    }
    let mut raw = Vec::new();
    crate::storage::artifact::unpack(&stored.data, &mut raw).ok()?;
    let mut payload = serde_json::from_slice(&raw).ok()?;
    disclosure.payload(&mut payload, hash);
    Some(payload)
}
