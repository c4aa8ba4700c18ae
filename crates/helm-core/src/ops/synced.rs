//! The voyage's last push and last pull per remote, kept on this machine
//! (`$HELM_HOME/synced/<uuid>.json`) for the brief: an agent resuming a
//! voyage learns whether what it reads was shared and fetched, and when,
//! without asking the remote. A record, not the truth of the remote: it is
//! written after each sync succeeds, best effort (a sync is not failed for
//! a note about it), and never leaves the machine.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::storage::files::{self, Durability};
use crate::sync::Synced;

/// The most a record file may hold before it is read as none.
const LIMIT: u64 = 1 << 20;

/// One remote's last push and last pull.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoteSync {
    /// The remote as it was named (a remote's name, a URL or a path).
    pub remote: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push: Option<SyncNote>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pull: Option<SyncNote>,
}

/// One sync: when, the remote's commit after it, and what moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncNote {
    pub at: String,
    /// The remote's commit after the sync.
    pub head: String,
    pub entries: u64,
    pub artifacts: u64,
}

fn path(home: &Path, voyage: &str) -> PathBuf {
    home.join("synced").join(format!("{voyage}.json"))
}

/// Every remote's last push and pull of `voyage`, as recorded here.
pub(crate) fn read(home: &Path, voyage: &str) -> Vec<RemoteSync> {
    files::read_cache(&path(home, voyage), LIMIT)
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Notes `synced` as the last `push` or `pull` with its remote.
pub(crate) fn note(home: &Path, how: &str, synced: &Synced) {
    let voyage = synced.voyage.id.to_string();
    let mut all = read(home, &voyage);
    let index = match all.iter().position(|r| r.remote == synced.remote) {
        Some(index) => index,
        None => {
            all.push(RemoteSync {
                remote: synced.remote.clone(),
                ..RemoteSync::default()
            });
            all.len() - 1
        }
    };
    let note = Some(SyncNote {
        at: crate::model::now(),
        head: synced.head.clone(),
        entries: synced.moved.entries,
        artifacts: synced.moved.artifacts,
    });
    match how {
        "push" => all[index].push = note,
        _ => all[index].pull = note,
    }
    let file = path(home, &voyage);
    let Some(dir) = file.parent() else { return };
    if files::create_private_dir(dir).is_err() {
        return;
    }
    if let Ok(bytes) = serde_json::to_vec(&all) {
        let _ = files::write_atomic(&file, &bytes, Durability::BestEffort);
    }
}
