//! `voyage push --all`: every voyage here with news for the remote, sent in
//! one `git push`: one connection and one ref advertisement however many
//! voyages move, each ref by its own compare-and-swap (`transport`), so a voyage the
//! remote refuses (moved there by another home) is named and the others
//! land. Each voyage is built as `push` builds it, and a refused one is
//! then settled as `push` settles it: built again on what the remote holds
//! when the voyage here holds all of it, else refused as `diverged`. The
//! objects of the voyages built without `git fast-import` are written as one
//! pack (`pack`), not as six loose objects a voyage.

use uuid::Uuid;

use super::batch::Batch;
use super::git;
use super::push::{self, PushPlan, Ready};
use super::shadow;
use super::transport::{self, PushOutcome, Update};
use super::{Sync, SyncKillPoint, Synced};
use crate::error::{Error, Result};
use crate::storage::VoyageStore;

/// What `push --all` did.
pub struct AllPushed {
    /// The voyages pushed or up to date, newest first.
    pub synced: Vec<Synced>,
    /// The voyages refused, with why; the others were pushed all the same.
    pub refused: Vec<(Uuid, Error)>,
}

/// Pushes every voyage here that has news for the remote.
pub fn push_all(sync: &Sync<'_>, subject: super::Subject<'_>) -> Result<AllPushed> {
    let mut progress = crate::model::tell::progress("voyage push --all");
    progress.update("reading what the remote was last seen holding");
    let mut batch = Batch::start(&sync.repo)?;
    let mut all = AllPushed {
        synced: Vec::new(),
        refused: Vec::new(),
    };
    let mut ready = Vec::new();
    // The objects every voyage's build writes itself go into one pack,
    // written before the push sends them. Not when signing: re-signing reads
    // each voyage's commits back through git as soon as they are written. A
    // configuration that cannot be read is each voyage's refusal, as before.
    let gathering = matches!(sync.signing(), Ok(signing) if !signing.sign);
    if gathering {
        sync.repo.gather();
    }
    for file in sync.home.voyage_files()? {
        let id = file.id;
        // Each store is closed once built: a home of thousands of voyages
        // holds no file open for the push.
        let prepared = VoyageStore::open_for_write(file).and_then(|mut store| {
            let base = shadow::read(&mut batch, &sync.synced(&id), &id)?;
            push::prepare(sync, &mut batch, &mut store, &id, base, subject)
        });
        match prepared {
            Ok(PushPlan::Nothing(synced)) => all.synced.push(*synced),
            Ok(PushPlan::Ready(built)) => ready.push(*built),
            Err(err) => all.refused.push((id, err)),
        }
    }
    if gathering {
        sync.repo.write_gathered()?;
    }
    if !ready.is_empty() {
        progress.update(&format!(
            "sending {} {} to {}",
            ready.len(),
            crate::model::words::plural(ready.len(), "voyage", "voyages"),
            sync.remote.label
        ));
        let moved = send_all(sync, ready, &mut all)?;
        for (built, why) in moved {
            let id = built.id;
            match settle(sync, &mut batch, built, &why, subject, &mut progress) {
                Ok(synced) => all.synced.push(synced),
                Err(err) => all.refused.push((id, err)),
            }
        }
        sync.tidy();
    }
    all.synced
        .sort_by_key(|synced| std::cmp::Reverse(synced.voyage.id));
    all.refused.sort_by_key(|(id, _)| std::cmp::Reverse(*id));
    Ok(all)
}

/// The one `git push` of every built voyage, and the record of those the
/// remote took; returns those whose ref moved on the remote, with git's
/// words for it.
fn send_all(
    sync: &Sync<'_>,
    ready: Vec<Ready>,
    all: &mut AllPushed,
) -> Result<Vec<(Ready, String)>> {
    sync.settings.reached(SyncKillPoint::PushBuilt);
    // Started now, so it is ready when the push comes back.
    let refs = sync.repo.pending_refs()?;
    let updates: Vec<Update<'_>> = ready
        .iter()
        .map(|built| Update {
            name: &built.name,
            commit: &built.written.remote,
        })
        .collect();
    let outcomes = match transport::push_many(&sync.repo, &sync.remote, &updates) {
        Ok(outcomes) => outcomes,
        Err(err) => {
            let scratch: Vec<_> = ready.iter().flat_map(Ready::scratch_deleted).collect();
            let _ = git::update_refs(refs, &scratch);
            return Err(err);
        }
    };
    sync.settings.reached(SyncKillPoint::PushPushed);
    let mut recorded = Vec::new();
    let mut moved = Vec::new();
    for (built, outcome) in ready.into_iter().zip(outcomes) {
        match outcome {
            Ok(outcome @ (PushOutcome::Done | PushOutcome::AlreadyThere)) => {
                recorded.extend(built.recorded(sync));
                all.synced.push(built.finish(sync, &outcome));
            }
            Ok(PushOutcome::Moved(why)) => {
                recorded.extend(built.scratch_deleted());
                moved.push((built, why));
            }
            Err(err) => {
                recorded.extend(built.scratch_deleted());
                all.refused.push((built.id, err));
            }
        }
    }
    git::update_refs(refs, &recorded)?;
    Ok(moved)
}

/// A voyage whose ref moved on the remote: pushed again on what the remote
/// holds when the voyage here holds all of it, else refused (`diverged`).
fn settle(
    sync: &Sync<'_>,
    batch: &mut Batch,
    built: Ready,
    why: &str,
    subject: super::Subject<'_>,
    progress: &mut crate::model::tell::Ongoing,
) -> Result<Synced> {
    let id = built.id;
    let mut store = VoyageStore::open_for_write(sync.home.resolve(&id.to_string())?)?;
    let base = push::settle(sync, batch, &mut store, &id, built.base, why)?;
    push::send(sync, batch, &mut store, &id, base, subject, progress)
}
