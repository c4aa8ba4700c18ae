//! What changed on each target of an entry's bearing since the previous
//! bearing that observed it, for the story: the two payloads read by the
//! target's kind ([`Target::changes`]), never a new request. A steer refused
//! as stale is no entry, so the next entry's bearing is where such a change
//! shows. Payloads reduced, jettisoned or too large to open say nothing.

use std::collections::HashMap;

use crate::egress::shown::Disclosure;
use crate::error::Result;
use crate::observe::Target;
use crate::storage::logbook::Entry;
use crate::storage::store::{Payload, VoyageStore};

/// What changed on one target of a bearing: since which entry, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    pub since: i64,
    pub words: Vec<String>,
}

/// (entry id, target key) → what changed on that target since the previous
/// bearing's observation of it; only targets where something did.
pub type Changes = HashMap<(i64, String), Changed>;

/// One target seen in two bearings with different payloads.
struct Pair {
    entry: i64,
    key: String,
    target: Target,
    since: i64,
    before: String,
    after: String,
}

/// The changes of every entry's bearing, read from the payloads as
/// `disclosure` shows them (a withheld name is compared as its note, which
/// names the later artifact on both sides). Payloads stored larger than
/// `limit` are not opened.
pub(crate) fn of(
    store: &mut VoyageStore,
    entries: &[Entry],
    limit: u64,
    disclosure: Disclosure,
) -> Result<Changes> {
    // The latest bearing to observe each target, by its key (GitHub's names
    // compare case-insensitively).
    let mut last: HashMap<String, (i64, String)> = HashMap::new();
    let mut pairs = Vec::new();
    for entry in entries {
        for observation in &entry.bearing {
            let Some((since, before)) = last.get(&folded(&observation.target)) else {
                continue;
            };
            if *before == observation.artifact {
                continue;
            }
            // Parsed only for a target whose payload changed: most bearings
            // see what the one before saw.
            let Some(target) = Target::from_key(&observation.target) else {
                continue;
            };
            if target.compares() {
                pairs.push(Pair {
                    entry: entry.id,
                    key: observation.target.clone(),
                    target,
                    since: *since,
                    before: before.clone(),
                    after: observation.artifact.clone(),
                });
            }
        }
        for observation in &entry.bearing {
            let seen = (entry.id, observation.artifact.clone());
            last.insert(folded(&observation.target), seen);
        }
    }
    let mut hashes: Vec<&str> = pairs
        .iter()
        .flat_map(|p| [p.before.as_str(), p.after.as_str()])
        .collect();
    hashes.sort_unstable();
    hashes.dedup();
    let mut payloads: HashMap<String, Vec<u8>> = HashMap::new();
    store.payloads(&hashes, limit, |hash, payload| {
        if let Payload::Stowed(Some(json)) = payload {
            payloads.insert(hash.to_string(), json);
        }
    })?;
    let mut changes = Changes::new();
    for pair in pairs {
        let (Some(before), Some(after)) = (payloads.get(&pair.before), payloads.get(&pair.after))
        else {
            continue;
        };
        let before = disclosure.json(before, &pair.after);
        let after = disclosure.json(after, &pair.after);
        let words = pair.target.changes(&before, &after);
        if !words.is_empty() {
            let changed = Changed {
                since: pair.since,
                words,
            };
            changes.insert((pair.entry, pair.key), changed);
        }
    }
    Ok(changes)
}

/// What changed on `target` since its previous look (`prior`, a stored
/// payload's JSON) to this one (`now`, as `disclosure` shows it; `artifact`
/// its hash): what re-observing it says. Empty when nothing did, or when
/// its kind does not compare.
pub(crate) fn since(
    target: &Target,
    prior: &[u8],
    now: &[u8],
    artifact: &str,
    disclosure: Disclosure,
) -> Vec<String> {
    if !target.compares() {
        return Vec::new();
    }
    target.changes(&disclosure.json(prior, artifact), now)
}

fn folded(key: &str) -> String {
    if Target::key_folds_case(key) {
        key.to_ascii_lowercase()
    } else {
        key.to_string()
    }
}
