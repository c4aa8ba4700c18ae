//! `steer --dry-run` (MCP `dryRun`): everything a steer does up to its
//! request (the inputs resolved, the voyage active, a request id already
//! recorded, the freshness guard on the slate as it is, merge readiness,
//! the head a merge is pinned to, what the action reads before acting) and
//! then the request it would send, kept by a rehearsing client instead of
//! sent. Nothing is acted on, recorded, cleared or left pending: no lock
//! is taken, since nothing is written. A refusal is the steer's own error,
//! so "would this merge, and if not why?" is answered by the same words.

use crate::actions::{Dispatch, Steer};
use crate::error::{Result, Words, cmd};
use crate::github::client::rehearsal::Unsent;
use crate::model::entry::Freshness;
use crate::model::words;
use crate::steering::Actor;
use crate::storage::VoyageStore;

use super::Helm;
use super::logbook::SteerRequest;

/// What a steer would do.
#[derive(Debug)]
pub struct Rehearsal {
    /// `merge PR #45 in o/r`.
    pub doing: String,
    pub repo: String,
    /// The entry a steer with this request id already recorded: it would
    /// replay that entry and act on nothing.
    pub replays: Option<i64>,
    /// What the freshness guard found on the slate as it is now.
    pub freshness: Option<Freshness>,
    /// The head sha a merge would be pinned to.
    pub pinned_sha: Option<String>,
    /// What is not ready, when `override` would merge anyway.
    pub not_ready: Vec<String>,
    /// The first request it would send; `None` when it would replay.
    pub request: Option<Unsent>,
    pub warnings: Vec<Words>,
}

impl Helm {
    /// Rehearses `request` on `voyage`: an error is the refusal the steer
    /// would meet.
    pub fn rehearse(&self, voyage: &str, request: &SteerRequest<'_>) -> Result<Rehearsal> {
        let steer = request.action.resolve(&self.cwd, self.stdin)?;
        let file = self.voyage_file(voyage)?;
        // The steer's own preparation: footer, outbound gate, length.
        let disclose = request.disclose || self.disclose;
        let prepared =
            super::posting::prepare(steer, request.asked(), disclose, &file.id.to_string())?;
        let steer = prepared.steer;
        let repo = self.repository(request.repo)?;
        let store = VoyageStore::open(file.clone())?;
        let mut rehearsal = Rehearsal {
            doing: format!("{} in {repo}", steer.doing()),
            repo: repo.to_string(),
            replays: None,
            freshness: None,
            pinned_sha: None,
            not_ready: Vec::new(),
            request: None,
            warnings: Vec::new(),
        };
        if let Some(id) = request.request_id
            && let Some(entry) = store.entry_by_request_id(id)?
        {
            rehearsal.replays = Some(entry.id);
            return Ok(rehearsal);
        }
        // An interrupted attempt of this id is settled before anything acts:
        // the dry run cannot say what that look on GitHub will find.
        if let Some(id) = request.request_id
            && crate::steering::pending::Pending::find(self.home.root(), &store.id(), id)?.is_some()
        {
            rehearsal.warnings.push(words![
                format!(
                    "an interrupted attempt with request id {id} is pending: the steer would first \
                     look on GitHub for what it did and record that instead of acting if it finds \
                     it (see "
                ),
                cmd("interrupted list"),
                ")",
            ]);
        }
        store.ensure_active()?;
        let bearing = store.slate()?;
        let guard = super::fresh::Guard {
            file,
            allow_stale: request.allow_stale,
            require_observed: request.require_observed,
        };
        let mut actor = self
            .rehearsing_actor(
                &repo,
                &request.provenance.identity,
                prepared.outbound.gate(),
            )?
            .guarded(guard);
        let preflight = actor.preflight(&steer, &bearing)?;
        let acting: &Steer = preflight.steer.as_ref().unwrap_or(&steer);
        rehearsal.pinned_sha = acting.pinned_to().map(str::to_string);
        rehearsal.not_ready = preflight.not_ready;
        let subject = steer.thread().map(|t| t.describe());
        rehearsal.warnings.extend(super::logbook::freshness_warning(
            preflight.freshness.as_ref(),
            subject,
            "would act",
        ));
        rehearsal.freshness = preflight.freshness;
        // The request is kept, not sent: the action's answer is an error
        // saying so, unless a read before the write failed.
        let acted = actor.act(acting);
        rehearsal.request = actor.unsent().map(redacted);
        match (acted, &rehearsal.request) {
            (Err(failed), None) => Err(failed.error),
            _ => Ok(rehearsal),
        }
    }
}

/// `unsent` as the preview shows it: an allowed secret it carries is sent,
/// but not echoed to whoever reads the dry run.
fn redacted(mut unsent: Unsent) -> Unsent {
    if let Some((path, _)) = crate::secrets::redact(&unsent.path) {
        unsent.path = path;
    }
    if let Some(body) = unsent.body.as_mut() {
        crate::egress::outbound::redact(body);
    }
    unsent
}
