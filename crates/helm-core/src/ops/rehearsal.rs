//! `steer --dry-run` (MCP `dryRun`): everything a steer does up to its
//! request (the inputs resolved, the voyage active, a request id already
//! recorded, an interrupted attempt of the same request settled as the
//! retry would (from a read snapshot, looking on GitHub without writing),
//! the freshness guard on the slate as it is, merge readiness,
//! the head a merge is pinned to, the action's plan: its reads and its
//! writes through the outbound gate) and then the first write of the plan,
//! kept instead of sent. Nothing is acted on, recorded, cleared or left pending: no lock
//! is taken, since nothing is written. A refusal is the steer's own error,
//! so "would this merge, and if not why?" is answered by the same words.

use crate::actions::{Dispatch, Headline, Steer};
use crate::error::{Result, Words};
use crate::model::entry::Freshness;
use crate::model::{EntryAction, SteerRecord};
use crate::steering::{Actor, Earlier};
use crate::storage::VoyageStore;

use super::Helm;
use super::Located;
use super::forge_actor::ForgeActor;
use super::logbook::SteerRequest;
use super::planned::Unsent;
use helm_http::client::gate::WriteGate;

/// What a steer would do.
#[derive(Debug)]
pub struct Rehearsal {
    /// `merge PR #45 in o/r`.
    pub doing: String,
    pub repo: String,
    /// The forge it would act on, which a human reading the dry run is told
    /// showed an interrupted attempt's effect.
    pub forge: helm_forge::ForgeName,
    /// The entry a steer with this request id already recorded: it would
    /// replay that entry and act on nothing.
    pub replays: Option<i64>,
    /// What the freshness guard found on the slate as it is now.
    pub freshness: Option<Freshness>,
    /// The head sha a merge would be pinned to.
    pub pinned_sha: Option<String>,
    /// What is not ready, when `override` would merge anyway.
    pub not_ready: Vec<String>,
    /// What settling the interrupted attempt with this request id would
    /// decide before anything else.
    pub settles: Option<Settles>,
    /// The first request it would send; `None` when it would replay.
    pub request: Option<Unsent>,
    pub warnings: Vec<Words>,
}

/// What a retry would make of the interrupted attempt with its request id,
/// as the retry decides it; a refusal (it cannot tell) is the dry run's
/// error, and an entry already recording it is `replays`.
#[derive(Debug)]
pub enum Settles {
    /// Record the attempt's effect, found on GitHub or its saved answer,
    /// without acting.
    Record {
        attempt: String,
        /// `comment on issue #42`.
        headline: String,
        /// `found-on-github` (or the forge's own) or `saved-answer`.
        settled: String,
        url: Option<String>,
        /// What names the effect in the world: `commentId` and its id, a
        /// created issue's number, a merge's sha.
        names: Option<(String, serde_json::Value)>,
    },
    /// The forge shows the attempt did not act: the steer acts.
    Act { attempt: String },
}

impl Settles {
    fn record(attempt: &str, effect: Box<SteerRecord>) -> Settles {
        let names = crate::actions::names(&effect)
            .map(|(path, value)| (path.trim_start_matches("$.").to_string(), value));
        let (settled, url) = (effect.settled.clone(), effect.url.clone());
        Settles::Record {
            attempt: attempt.to_string(),
            headline: EntryAction::Steer(effect).headline(),
            settled: settled.unwrap_or_default(),
            url,
            names,
        }
    }
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
        let located = self.locate(request.repo, request.forge)?;
        let (repo, forge) = match &located {
            Located::GitHub(repo) => (repo.clone(), helm_forge::ForgeName::GitHub),
            Located::Forge(place) => (crate::steering::pending::repo_of(place), place.forge),
        };
        let mut store = VoyageStore::open(file.clone())?;
        let mut rehearsal = Rehearsal {
            doing: format!("{} in {repo}", steer.doing()),
            repo: repo.to_string(),
            forge,
            replays: None,
            freshness: None,
            pinned_sha: None,
            not_ready: Vec::new(),
            settles: None,
            request: None,
            warnings: Vec::new(),
        };
        if let Some(id) = request.request_id
            && let Some(entry) = store.entry_by_request_id(id)?
        {
            rehearsal.replays = Some(entry.id);
            return Ok(rehearsal);
        }
        let identity = &request.provenance.identity;
        let attempt = prepared.attempt_id.as_str();
        let mut looked = None;
        // An interrupted attempt of this id is settled before anything acts:
        // decided as the retry would, from a read snapshot, the actor only
        // looking; the record stays where it is.
        if crate::steering::pending::Pending::find(self.home.root(), &store.id(), attempt)?
            .is_some()
        {
            let mut actor = self.rehearser(&located, identity, prepared.outbound.gate())?;
            let voyage = store.id();
            let foreseen = store.read_with(|reading| {
                let home = self.home.root();
                crate::steering::foresee(reading, home, &voyage, attempt, &steer, &repo, &mut actor)
            })?;
            match foreseen {
                Some(Earlier::Record(effect)) => {
                    rehearsal.settles = Some(Settles::record(attempt, effect));
                    return Ok(rehearsal);
                }
                Some(Earlier::Already(entry)) => {
                    rehearsal.replays = Some(entry.id);
                    return Ok(rehearsal);
                }
                Some(Earlier::NotDone) => {
                    rehearsal.settles = Some(Settles::Act {
                        attempt: attempt.to_string(),
                    });
                }
                None => {}
            }
            looked = Some(actor);
        }
        store.ensure_active()?;
        let bearing = store.slate()?;
        let guard = super::fresh::Guard {
            file,
            allow_stale: request.allow_stale,
            require_observed: request.require_observed,
        };
        let actor = match looked {
            Some(actor) => actor,
            None => self.rehearser(&located, identity, prepared.outbound.gate())?,
        };
        let mut actor = actor.guarded(guard);
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

impl Helm {
    /// A dry run's actor where `at` is, its writes passed through `gate`:
    /// it keeps the plan's first write instead of sending it. A proposal
    /// and an approval's dry run rehearse with it too.
    pub(super) fn rehearser(
        &self,
        at: &Located,
        identity: &str,
        gate: WriteGate,
    ) -> Result<ForgeActor> {
        Ok(self
            .forge_actor(at, Some(identity))?
            .gated(gate)
            .rehearsing())
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
