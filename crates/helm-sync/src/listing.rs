//! `voyage list --remote`: the voyages a remote holds, read from the
//! `voyage.json` at the tip of each voyage ref, without touching any voyage
//! here. The refs are fetched into helm's private repository (so a later
//! pull moves only what is new since).

use uuid::Uuid;

use super::arrival::{self, status_of};
use super::batch::Batch;
use super::names;
use super::pull::{resolve_ref, tracked};
use super::{Sync, transport};
use crate::error::Result;
use crate::model::Voyage;
use crate::storage::voyage::Summary;

/// What a remote holds.
pub struct RemoteListing {
    pub voyages: Vec<Summary>,
    /// The refs that do not hold a readable voyage: the ref's name, and why.
    pub unreadable: Vec<(String, String)>,
}

/// The voyages on the remote, newest first.
pub fn list(sync: &Sync<'_>) -> Result<RemoteListing> {
    let prefix = format!("refs/helm/remotes/{}/", sync.remote.key);
    let refspec = format!("+{}*:{prefix}*", names::REF_PREFIX);
    transport::fetch(&sync.repo, &sync.remote, &[refspec], true)?;
    sync.tidy();
    let mut batch = Batch::start(&sync.repo)?;
    let mut voyages = Vec::new();
    let mut unreadable = Vec::new();
    for (name, tip) in tracked(sync, &prefix)? {
        let shown = format!("{}{name}", names::REF_PREFIX);
        let id = match Uuid::try_parse(&name) {
            Ok(id) if id.hyphenated().to_string() == name => id,
            _ => {
                unreadable.push((shown, "the ref's name is not a voyage id".to_string()));
                continue;
            }
        };
        // A ref at a blob or a tree holds no voyage.json to read.
        if let Err(err) = resolve_ref(&mut batch, &tip, &id) {
            unreadable.push((shown, err.message().to_string()));
            continue;
        }
        match arrival::voyage_doc(&mut batch, &tip, &id) {
            Ok(doc) => voyages.push(Summary {
                voyage: Voyage {
                    id,
                    intent: doc.intent.clone(),
                    created_at: doc.created_at.clone(),
                    status: status_of(&doc),
                },
                entries: doc.entries,
            }),
            Err(why) => unreadable.push((shown, why)),
        }
    }
    voyages.sort_by_cached_key(|summary| {
        let created = summary.voyage.created_at.parse::<jiff::Timestamp>().ok();
        std::cmp::Reverse((created, summary.voyage.id))
    });
    Ok(RemoteListing {
        voyages,
        unreadable,
    })
}
