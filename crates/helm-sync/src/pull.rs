//! `voyage pull`: fetch a voyage's ref, check what arrived (`arrival`), and
//! merge it into the voyage here in one write transaction: the remote's new
//! entries after those already synced, the entries made here and never
//! pushed after them (renumbered, content kept), lifecycle and end by the
//! rules of `rules`. The record of what was synced moves only after that
//! transaction committed. A voyage not here yet is born whole from the
//! remote under a temporary name, then placed.

use uuid::Uuid;

use super::arrival::{self, Arrival};
use super::batch::Batch;
use super::git::StartedCommand;
use super::layout::{self, DerivationDoc, EntryDoc, EntryId, Status};
use super::names;
use super::rules::{self, ArtifactLifecycle, EntrySource};
use super::shadow;
use super::{Moved, Settings, Sync, SyncKillPoint, Synced, transport};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::Voyage;
use crate::model::words;
use crate::storage::VoyageStore;
use crate::storage::logbook::Entry;
use crate::storage::sync::{ArtifactRow, Born, Merge, NewEntry, View};

/// Pulls one voyage, named by id or prefix (here, else on the remote).
pub fn pull(sync: &Sync<'_>, voyage: &str) -> Result<Synced> {
    let id = resolve(sync, voyage)?;
    // A big voyage's fetch and checks take seconds: progress shows them.
    let mut progress = crate::model::tell::progress("voyage pull");
    progress.update(&format!("fetching from {}", sync.remote.label));
    // Started first, so they are ready when the fetch is done.
    let mut batch = Batch::start(&sync.repo)?;
    let refs = sync.repo.pending_refs()?;
    let refspec = format!("+{}:{}", names::voyage_ref(&id), sync.tracking(&id));
    let fetching = transport::start_fetch(&sync.repo, &sync.remote, &[refspec], false)?;
    // While git fetches: what this home last synced (no fetch moves it).
    let base = match sync.home.voyage_path(&id).exists() {
        true => shadow::read(&mut batch, &sync.synced(&id), &id),
        false => Ok(None),
    };
    if !fetching.finish()? {
        return Err(Error::new(
            Kind::NotFound,
            format!("voyage {id} is not on {}", sync.remote.label),
        )
        .hint(words![
            "push it from a machine that has it: ",
            cmd("voyage push")
        ]));
    }
    let tip = resolve_ref(&mut batch, &sync.tracking(&id), &id)?.ok_or_else(|| {
        Error::new(
            Kind::Storage,
            "the fetched ref vanished from helm's private repository",
        )
        .hint("retry the pull")
    })?;
    let synced = merge_tip(sync, &mut batch, &id, &tip, Some(refs), Some(base?))?;
    sync.tidy();
    Ok(synced)
}

/// What `pull --all` did.
pub struct All {
    pub pulled: Vec<Synced>,
    /// The voyages refused, with why; the others were pulled all the same.
    pub refused: Vec<(Uuid, Error)>,
}

/// Pulls every voyage on the remote.
pub fn pull_all(sync: &Sync<'_>) -> Result<All> {
    let prefix = format!("refs/helm/remotes/{}/", sync.remote.key);
    let refspec = format!("+{}*:{prefix}*", names::REF_PREFIX);
    let mut progress = crate::model::tell::progress("voyage pull --all");
    progress.update(&format!("fetching from {}", sync.remote.label));
    transport::fetch(&sync.repo, &sync.remote, &[refspec], true)?;
    let mut pulled = Vec::new();
    let mut refused = Vec::new();
    let mut batch = Batch::start(&sync.repo)?;
    for (name, tip) in tracked(sync, &prefix)? {
        let Ok(id) = Uuid::try_parse(&name) else {
            continue;
        };
        if id.hyphenated().to_string() != name {
            continue;
        }
        // Only a commit is merged: a ref at anything else is refused alone.
        let checked = resolve_ref(&mut batch, &tip, &id)
            .and_then(|_| merge_tip(sync, &mut batch, &id, &tip, None, None));
        match checked {
            Ok(synced) => pulled.push(synced),
            Err(err) => refused.push((id, err)),
        }
    }
    sync.tidy();
    Ok(All { pulled, refused })
}

/// `(name under prefix, commit)` of every ref helm fetched from the remote.
pub(crate) fn tracked(sync: &Sync<'_>, prefix: &str) -> Result<Vec<(String, String)>> {
    let text = sync.repo.text(
        &["for-each-ref", "--format=%(objectname) %(refname)", prefix],
        "git for-each-ref",
    )?;
    Ok(text
        .lines()
        .filter_map(|line| {
            let (oid, name) = line.split_once(' ')?;
            Some((name.strip_prefix(prefix)?.to_string(), oid.to_string()))
        })
        .collect())
}

/// The commit a ref (or object id) of the private repository names for
/// voyage `id`; `None` when there is none. A voyage ref is a chain of
/// commits: one at a blob, a tree or a tag is the remote's fault, refused
/// as `bad-remote` (fetching again would bring the same).
pub(crate) fn resolve_ref(batch: &mut Batch, name: &str, id: &Uuid) -> Result<Option<String>> {
    match batch.info(name)? {
        None => Ok(None),
        Some(info) if info.kind == "commit" => Ok(Some(info.oid)),
        Some(info) => Err(arrival::bad_remote(
            id,
            format!(
                "its ref {} points at a {} ({}), not a commit",
                names::voyage_ref(id),
                info.kind,
                info.oid
            ),
        )),
    }
}

/// The voyage's id: one here, else one on the remote, by id or prefix.
fn resolve(sync: &Sync<'_>, voyage: &str) -> Result<Uuid> {
    match sync.home.resolve(voyage) {
        Ok(file) => return Ok(file.id),
        Err(err) if err.kind() != Kind::NotFound => return Err(err),
        Err(_) => {}
    }
    // A whole id needs no listing: the fetch says whether the remote has it.
    if let Ok(id) = Uuid::try_parse(voyage.trim()) {
        return Ok(id);
    }
    let wanted: String = voyage
        .trim()
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let ids: Vec<Uuid> = transport::list(&sync.repo, &sync.remote)?
        .into_iter()
        .filter_map(|(name, _)| Uuid::try_parse(name.strip_prefix(names::REF_PREFIX)?).ok())
        .filter(|id| id.simple().to_string().starts_with(&wanted))
        .collect();
    match ids.as_slice() {
        [id] => Ok(*id),
        [] => Err(Error::new(
            Kind::NotFound,
            format!(
                "no voyage matches '{}' here or on {}",
                voyage.trim(),
                sync.remote.label
            ),
        )
        .hint(words![
            cmd("voyage list").switch("remote"),
            " shows the voyages on the remote",
        ])),
        _ => Err(Error::new(
            Kind::Ambiguous,
            format!(
                "voyage prefix '{}' names several voyages on {}",
                voyage.trim(),
                sync.remote.label
            ),
        )
        .hint("type more of the id")),
    }
}

enum Outcome {
    Merged(Voyage, Moved),
    /// The voyage here does not hold the last synced commit as its first
    /// entries (a stale record, or a voyage replaced by hand): compare all.
    Stale,
}

/// Merges the fetched commit `tip` into the voyage here; `refs` is a `git
/// update-ref --stdin` started ahead to record the snapshot, `known` the
/// last sync's snapshot when it was read already.
pub(crate) fn merge_tip(
    sync: &Sync<'_>,
    batch: &mut Batch,
    id: &Uuid,
    tip: &str,
    mut refs: Option<StartedCommand>,
    known: Option<Option<shadow::tree::Base>>,
) -> Result<Synced> {
    let path = sync.home.voyage_path(id);
    let mut base = match (known, path.exists()) {
        (Some(base), true) => base,
        (None, true) => shadow::read(batch, &sync.synced(id), id)?,
        (_, false) => None,
    };
    let done = |voyage: Voyage, moved: Moved, created: bool| Synced {
        voyage,
        moved,
        remote: sync.remote.label.clone(),
        reference: names::voyage_ref(id),
        head: tip.to_string(),
        created,
    };
    if base.as_ref().is_some_and(|b| b.remote == tip) {
        let voyage = VoyageStore::open(sync.home.resolve(&id.to_string())?)?.voyage()?;
        return Ok(done(voyage, Moved::default(), false));
    }
    let signing = sync.signing()?;
    if signing.verify {
        let since = base.as_ref().map(|b| b.remote.as_str());
        super::verifying::verify(&sync.repo, signing, id, since, tip)?;
    }
    loop {
        let mut progress = crate::model::tell::progress("voyage pull");
        progress.update("checking what arrived");
        let arrival = arrival::read(sync, batch, id, base.clone(), tip)?;
        sync.settings.reached(SyncKillPoint::PullFetched);
        progress.update("writing it into the voyage");
        let created = !path.exists();
        let outcome = if !created {
            let file = sync.home.resolve(&id.to_string())?;
            apply(
                &mut VoyageStore::open_for_write(file)?,
                &arrival,
                sync.settings,
            )?
        } else {
            let mut born = Born::new(sync.home, &arrival.voyage)?;
            let outcome = apply(&mut born.store, &arrival, sync.settings)?;
            if !born.place()? {
                // Another pull placed it first: merge into that one.
                continue;
            }
            outcome
        };
        match outcome {
            Outcome::Stale => base = None,
            Outcome::Merged(voyage, moved) => {
                sync.settings.reached(SyncKillPoint::PullCommitted);
                shadow::record(
                    sync,
                    batch,
                    refs.take(),
                    id,
                    arrival.base.as_ref(),
                    tip,
                    &arrival.changes,
                )?;
                return Ok(done(voyage, moved, created));
            }
        }
    }
}

/// The merge, in one write transaction; `Stale` writes nothing.
fn apply(store: &mut VoyageStore, arrival: &Arrival, settings: &Settings) -> Result<Outcome> {
    store.sync_merge(|m| {
        let here = m.voyage()?;
        if (&here.intent, &here.created_at) != (&arrival.voyage.intent, &arrival.voyage.created_at)
        {
            return Err(arrival::bad_remote(
                &here.id,
                "its intent or creation time differs from the voyage here".into(),
            ));
        }
        let Some(plan) = plan(m, arrival)? else {
            return Ok(Outcome::Stale);
        };
        let Some(artifacts) = merge_artifacts(m, arrival)? else {
            return Ok(Outcome::Stale);
        };
        m.replace_from(plan.first, &plan.rows)?;
        let status = rules::end(
            arrival.base_status().as_ref(),
            &here.status,
            &arrival.voyage.status,
        );
        if status != here.status {
            m.set_status(&status)?;
        }
        settings.reached(SyncKillPoint::PullWritten);
        let voyage = Voyage { status, ..here };
        Ok(Outcome::Merged(
            voyage,
            Moved {
                entries: plan.new_here,
                artifacts,
                renumbered: plan.renumbered,
            },
        ))
    })
}

/// What the logbook becomes: from which number, which rows.
pub(crate) struct Plan {
    pub(crate) first: u64,
    pub(crate) rows: Vec<NewEntry>,
    /// Remote entries the voyage did not hold.
    pub(crate) new_here: u64,
    /// Entries made here that move: (number before, number after).
    pub(crate) renumbered: Vec<(u64, u64)>,
}

/// The entries' merge, or `None` when the voyage here does not hold the
/// last synced commit's last entry under its number (then it may not hold
/// the others: the caller compares whole voyages). The entries before it
/// are taken to be the synced ones, as every sync leaves them.
pub(crate) fn plan(m: &View<'_>, arrival: &Arrival) -> Result<Option<Plan>> {
    let synced = arrival.from - 1;
    if synced > 0 {
        let Some(last) = arrival.base.as_ref().map(|base| base.last) else {
            return Ok(None);
        };
        let here = m.entry(synced)?;
        if here.map(|e| identity(&e)).transpose()? != last {
            return Ok(None);
        }
    }
    let local = m.entries_from(arrival.from)?;
    let local_ids = local
        .iter()
        .map(identity)
        .collect::<Result<Vec<EntryId>>>()?;
    let remote_ids: Vec<EntryId> = arrival.entries.iter().map(|(id, _)| *id).collect();
    let merged = rules::tail(&local_ids, &remote_ids);
    let mut first = rules::first_change(&merged, &local_ids, &remote_ids);
    // A row numbered out of turn (a voyage with a gap) moves too.
    if let Some(gap) = local
        .iter()
        .enumerate()
        .position(|(i, e)| e.id as u64 != arrival.from + i as u64)
    {
        first = first.min(gap);
    }
    let rows = merged[first..]
        .iter()
        .map(|source| match source {
            EntrySource::Remote(r) => arrival.entries[*r].1.to_row(),
            EntrySource::Local(l) => row_of(&local[*l]),
        })
        .collect();
    // Said to the person who made them: their numbers are how they cite them.
    let renumbered = merged
        .iter()
        .enumerate()
        .filter_map(|(i, source)| match source {
            EntrySource::Local(l) => Some((local[*l].id as u64, arrival.from + i as u64)),
            EntrySource::Remote(_) => None,
        })
        .filter(|(before, after)| before != after)
        .collect();
    let kept_local = merged.len() - remote_ids.len();
    let matched = local.len() - kept_local;
    Ok(Some(Plan {
        first: arrival.from + first as u64,
        rows,
        new_here: (remote_ids.len() - matched) as u64,
        renumbered,
    }))
}

/// An entry's identity across machines (the hash of its remote file).
pub(crate) fn identity(entry: &Entry) -> Result<EntryId> {
    let doc = EntryDoc::of(entry).map_err(|why| {
        Error::new(Kind::Corrupt, why).hint(words![
            "run ",
            cmd("voyage verify"),
            " for a report; nothing was synced"
        ])
    })?;
    Ok(layout::identity(&layout::encode(&doc)))
}

pub(crate) fn row_of(entry: &Entry) -> NewEntry {
    NewEntry {
        recorded_at: entry.recorded_at.clone(),
        provenance: entry.provenance.clone(),
        action: entry.action.clone(),
        bearing: entry
            .bearing
            .iter()
            .map(|o| (o.target.clone(), o.artifact.clone(), o.observed_at.clone()))
            .collect(),
    }
}

pub(crate) fn state_of(row: &ArtifactRow) -> ArtifactLifecycle {
    ArtifactLifecycle {
        status: row.status,
        derivations: row.derivations.iter().map(DerivationDoc::from).collect(),
    }
}

/// Brings every artifact the arrival names to its merged lifecycle:
/// payloads first, then summaries' derivations (their summaries stowed by
/// then). Returns how many artifacts changed here, or `None`, having
/// written nothing, when a payload the merge needs did not arrive (the
/// voyage here lacks what the last sync should have given it).
fn merge_artifacts(m: &Merge<'_>, arrival: &Arrival) -> Result<Option<u64>> {
    let mut merged = Vec::new();
    for (hash, incoming) in &arrival.artifacts {
        let here = m.artifact(hash)?.map(|row| state_of(&row));
        let state = rules::artifact(incoming.base.as_ref(), here.as_ref(), &incoming.remote);
        let status_here = here.as_ref().map(|s| s.status);
        if state.status == Status::Stowed
            && status_here != Some(Status::Stowed)
            && incoming.packed.is_none()
        {
            return Ok(None);
        }
        merged.push((hash, incoming, here, state));
    }
    let mut changed = std::collections::BTreeSet::new();
    let mut derivations = Vec::new();
    for (hash, incoming, here, state) in merged {
        if here.as_ref().map(|s| s.status) != Some(state.status) {
            match (state.status, &incoming.packed) {
                (Status::Stowed, Some(packed)) => m.stow(packed)?,
                (Status::Stowed, None) => {}
                (status, _) => m.drop_payload(hash, status.as_str())?,
            }
            changed.insert(hash.clone());
        }
        for derivation in &state.derivations {
            if !here
                .as_ref()
                .is_some_and(|s| s.derivations.contains(derivation))
            {
                derivations.push((hash.clone(), derivation.clone()));
            }
        }
    }
    for (hash, derivation) in derivations {
        m.derive(&hash, &(&derivation).into())?;
        changed.insert(hash);
    }
    Ok(Some(changed.len() as u64))
}
