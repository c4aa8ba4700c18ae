//! `voyage push`: build what the remote lacks on top of the last synced
//! commit (`build`), and push it by compare-and-swap on the voyage's ref.
//! When the remote moved meanwhile, the push looks at what it holds now: if
//! the voyage here already holds all of it (a push whose record was lost to
//! a crash, or someone else's push of the same entries), it builds again on
//! top of it; otherwise it is refused as `diverged`, to pull first. Nothing
//! here writes the voyage, except numbering its entries 1..=n when an old
//! voyage has a gap.

use uuid::Uuid;

use super::arrival::{self, Arrival};
use super::batch::Batch;
use super::build::{self, Built};
use super::fast_import::Written;
use super::git;
use super::names;
use super::pull::{self, plan, resolve_ref, state_of};
use super::rules;
use super::shadow::{self, tree::Base};
use super::signing;
use super::transport::{self, PushOutcome};
use super::{Moved, Sync, SyncKillPoint, Synced};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::Voyage;
use crate::model::words;
use crate::storage::VoyageStore;
use crate::storage::sync::View;

/// How many times a push builds again after finding the remote moved to a
/// commit this voyage already holds.
const ATTEMPTS: usize = 4;

/// Pushes `voyage`; `subject` words an entry for its commit's subject line
/// (the story's headline, which only the actions above sync can word).
pub fn push(sync: &Sync<'_>, voyage: &str, subject: super::Subject<'_>) -> Result<Synced> {
    let file = sync.home.resolve(voyage)?;
    let id = file.id;
    // A big voyage's first push spends seconds before git sends anything.
    let mut progress = crate::model::tell::progress("voyage push");
    progress.update("reading what the remote was last seen holding");
    let mut store = VoyageStore::open_for_write(file)?;
    // What the last sync left is read from its loose files; git's
    // `cat-file` starts only if they cannot answer.
    let mut batch = Batch::lazy(&sync.repo);
    let base = shadow::read(&mut batch, &sync.synced(&id), &id)?;
    send(
        sync,
        &mut batch,
        &mut store,
        &id,
        base,
        subject,
        &mut progress,
    )
}

/// A voyage's push: built and not yet sent, or nothing to send.
pub(crate) enum PushPlan {
    Nothing(Box<Synced>),
    Ready(Box<Ready>),
}

/// A voyage's commits, built (and signed) on the last sync, not yet sent.
pub(crate) struct Ready {
    pub(crate) id: Uuid,
    /// The voyage's ref on the remote.
    pub(crate) name: String,
    /// The last sync these commits are built on (`None`: a first push, or
    /// one that compared whole voyages).
    pub(crate) base: Option<Base>,
    pub(crate) written: Written,
    scratch: Vec<String>,
    moved: Moved,
    voyage: Voyage,
}

impl Ready {
    /// Where the remote's ref must still be for the push to land.
    pub(crate) fn expected(&self) -> Option<&str> {
        self.base.as_ref().map(|b| b.remote.as_str())
    }

    /// The private refs fast-import left, to delete whatever happens.
    pub(crate) fn scratch_deleted(&self) -> Vec<(String, String)> {
        self.scratch
            .iter()
            .map(|name| (name.clone(), String::new()))
            .collect()
    }

    /// The private refs that record a push the remote took: what is now
    /// synced, what the remote now holds, and the scratch refs gone.
    pub(crate) fn recorded(&self, sync: &Sync<'_>) -> Vec<(String, String)> {
        let mut updates = vec![
            (sync.synced(&self.id), self.written.shadow.clone()),
            (sync.tracking(&self.id), self.written.remote.clone()),
        ];
        updates.extend(self.scratch_deleted());
        updates
    }

    /// The report of a push the remote took.
    pub(crate) fn finish(self, sync: &Sync<'_>, outcome: &PushOutcome) -> Synced {
        // The ref was made by this push, not found there.
        let created = self.expected().is_none() && *outcome == PushOutcome::Done;
        let moved = match outcome {
            PushOutcome::AlreadyThere => Moved::default(),
            _ => self.moved,
        };
        done(
            sync,
            &self.id,
            self.voyage,
            moved,
            self.written.remote,
            created,
        )
    }
}

fn done(
    sync: &Sync<'_>,
    id: &Uuid,
    voyage: Voyage,
    moved: Moved,
    head: String,
    created: bool,
) -> Synced {
    Synced {
        voyage,
        moved,
        remote: sync.remote.label.clone(),
        reference: names::voyage_ref(id),
        head,
        created,
    }
}

/// Builds what the remote lacks on `base` (numbering an old voyage's
/// entries first, or comparing whole voyages when `base` is stale), signed
/// when this sync signs.
pub(crate) fn prepare(
    sync: &Sync<'_>,
    batch: &mut Batch,
    store: &mut VoyageStore,
    id: &Uuid,
    mut base: Option<Base>,
    subject: super::Subject<'_>,
) -> Result<PushPlan> {
    loop {
        match build::build(&sync.repo, batch, store, id, base.as_ref(), subject)? {
            Built::Renumber => renumber(store)?,
            Built::Stale => base = None,
            Built::Nothing(voyage) => {
                let head = base.map(|b| b.remote).unwrap_or_default();
                let synced = done(sync, id, voyage, Moved::default(), head, false);
                return Ok(PushPlan::Nothing(Box::new(synced)));
            }
            Built::Commit {
                written,
                scratch,
                moved,
                voyage,
            } => {
                let signing = sync.signing()?;
                let written = match signing.sign {
                    true => {
                        let base = base.as_ref().map(|b| b.remote.as_str());
                        signing::sign(&sync.repo, signing, base, written)?
                    }
                    false => written,
                };
                return Ok(PushPlan::Ready(Box::new(Ready {
                    id: *id,
                    name: names::voyage_ref(id),
                    base,
                    written,
                    scratch,
                    moved,
                    voyage,
                })));
            }
        }
    }
}

/// Builds and pushes on `base` until the remote takes it, building again
/// on what the remote holds when the voyage here holds all of it.
pub(crate) fn send(
    sync: &Sync<'_>,
    batch: &mut Batch,
    store: &mut VoyageStore,
    id: &Uuid,
    mut base: Option<Base>,
    subject: super::Subject<'_>,
    progress: &mut crate::model::tell::Ongoing,
) -> Result<Synced> {
    for _ in 0..ATTEMPTS {
        progress.update("writing its entries and artifacts as git commits");
        let ready = match prepare(sync, batch, store, id, base, subject)? {
            PushPlan::Nothing(synced) => return Ok(*synced),
            PushPlan::Ready(ready) => *ready,
        };
        sync.settings.reached(SyncKillPoint::PushBuilt);
        // Started now, so it is ready when the push comes back.
        let refs = sync.repo.pending_refs()?;
        progress.update(&format!("sending to {}", sync.remote.label));
        let pushed = transport::push(&sync.repo, &sync.remote, &ready.name, &ready.written.remote);
        match pushed {
            Ok(outcome @ (PushOutcome::Done | PushOutcome::AlreadyThere)) => {
                sync.settings.reached(SyncKillPoint::PushPushed);
                git::update_refs(refs, &ready.recorded(sync))?;
                sync.tidy();
                return Ok(ready.finish(sync, &outcome));
            }
            Ok(PushOutcome::Moved(why)) => {
                git::update_refs(refs, &ready.scratch_deleted())?;
                base = settle(sync, batch, store, id, ready.base, &why)?;
            }
            Err(err) => {
                let _ = git::update_refs(refs, &ready.scratch_deleted());
                return Err(err);
            }
        }
    }
    Err(diverged(sync, id))
}

fn diverged(sync: &Sync<'_>, id: &Uuid) -> Error {
    Error::new(
        Kind::Diverged,
        format!(
            "voyage {id} moved on {} since this machine last synced it: it holds what is not here",
            sync.remote.label
        ),
    )
    .hint(words![
        "pull first (",
        cmd("voyage pull")
            .word(id)
            .value("remote", &sync.remote.label),
        "), then push again; nothing was pushed",
    ])
}

/// The remote moved away from `base`: fetches it and returns it as the new
/// base when the voyage here holds all it holds, else refuses. A remote
/// that did not move refused for another reason (`why`), said as it is.
pub(crate) fn settle(
    sync: &Sync<'_>,
    batch: &mut Batch,
    store: &mut VoyageStore,
    id: &Uuid,
    base: Option<Base>,
    why: &str,
) -> Result<Option<Base>> {
    let refspec = format!("+{}:{}", names::voyage_ref(id), sync.tracking(id));
    let tip = match transport::fetch(&sync.repo, &sync.remote, &[refspec], false)? {
        true => resolve_ref(batch, &sync.tracking(id), id)?,
        false => None,
    };
    if tip.as_deref() == base.as_ref().map(|b| b.remote.as_str()) {
        return Err(Error::new(
            Kind::Io,
            format!("the remote {} refused the push: {why}", sync.remote.label),
        )
        .hint("check that you may push to the remote; nothing was pushed"));
    }
    let Some(tip) = tip else {
        // The ref is gone from the remote: push the voyage as new.
        return Ok(None);
    };
    let mut base = base;
    loop {
        let arrival = arrival::read(sync, batch, id, base.clone(), &tip)?;
        match store.sync_read(|v| holds_all(v, &arrival))? {
            None if base.is_some() => base = None,
            Some(true) => {
                shadow::record(
                    sync,
                    batch,
                    None,
                    id,
                    arrival.base.as_ref(),
                    &tip,
                    &arrival.changes,
                )?;
                return shadow::read(batch, &sync.synced(id), id);
            }
            _ => return Err(diverged(sync, id)),
        }
    }
}

/// Whether pulling `arrival` would change nothing here; `None` when the
/// voyage here does not hold the arrival's base.
fn holds_all(v: &View<'_>, arrival: &Arrival) -> Result<Option<bool>> {
    let here = v.voyage()?;
    if (&here.intent, &here.created_at) != (&arrival.voyage.intent, &arrival.voyage.created_at) {
        return Err(arrival::bad_remote(
            &here.id,
            "its intent or creation time differs from the voyage here".into(),
        ));
    }
    let Some(plan) = plan(v, arrival)? else {
        return Ok(None);
    };
    if !plan.rows.is_empty() || plan.new_here > 0 {
        return Ok(Some(false));
    }
    for (hash, incoming) in &arrival.artifacts {
        let Some(row) = v.artifact(hash)? else {
            return Ok(Some(false));
        };
        let state = state_of(&row);
        if rules::artifact(incoming.base.as_ref(), Some(&state), &incoming.remote) != state {
            return Ok(Some(false));
        }
    }
    let status = rules::end(
        arrival.base_status().as_ref(),
        &here.status,
        &arrival.voyage.status,
    );
    Ok(Some(status == here.status))
}

/// Numbers the entries 1..=n, in their order (an old voyage with a gap).
fn renumber(store: &mut VoyageStore) -> Result<()> {
    store.sync_merge(|m| {
        let all = m.entries_from(1)?;
        if let Some(gap) = all
            .iter()
            .enumerate()
            .position(|(i, e)| e.id != i as i64 + 1)
        {
            let rows: Vec<_> = all[gap..].iter().map(pull::row_of).collect();
            m.replace_from(gap as u64 + 1, &rows)?;
        }
        Ok(())
    })
}
