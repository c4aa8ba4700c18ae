//! The operations that write the logbook: `log` and `steer`, each sealing the
//! slate into its entry's bearing, and the explicit settling of a steer whose
//! outcome was unknown.

use super::Helm;
use super::Located;
use super::forge_actor::ForgeActor;
use crate::actions::Headline;
use crate::actions::{ActionArgs, Steer};
use crate::error::{Error, Kind, Result};
use crate::error::{Words, arg};
use crate::model::entry::{Freshness, Verdict};
use crate::model::words;
use crate::model::{EntryAction, Provenance, Repo};
use crate::steering::Actor;
use crate::steering::pending::{self, Elsewhere, Record};
use crate::steering::{self, Attempt, Live, Steered};
use crate::storage::logbook::Sealed;

/// A steer as a front end asks for it.
pub struct SteerRequest<'a> {
    pub provenance: &'a Provenance,
    pub request_id: Option<&'a str>,
    pub action: &'a ActionArgs,
    /// `--repo`, else `GH_REPO`, else the git remote.
    pub repo: Option<&'a str>,
    /// `--forge`: the forge of `repo`'s host, else `HELM_FORGE`, git config,
    /// the host's own.
    pub forge: Option<&'a str>,
    /// Act even when the target changed since it was observed
    /// (`--allow-stale`, MCP `allowStale`); the entry records what changed.
    pub allow_stale: bool,
    /// Refuse, instead of acting with a warning, when the slate holds no
    /// observation of the issue or pull request the steer acts on
    /// (`--require-observed`, MCP `requireObserved`).
    pub require_observed: bool,
    /// Whether the caller still wants it (an MCP client may cancel): the
    /// steer stops before it acts, or completes and records.
    pub cancel: &'a crate::cancel::Cancel,
    /// The secret rules a posted text may carry (`--allow-secret`); the
    /// entry records those it did carry.
    pub allow_secret: &'a [String],
    /// End every body posted with the disclosure footer (`--disclose`; also
    /// on when `HELM_DISCLOSE=1`).
    pub disclose: bool,
}

impl SteerRequest<'_> {
    /// What the texts it posts depend on (`posting::prepare`).
    pub(crate) fn asked(&self) -> super::posting::Asked<'_> {
        super::posting::Asked {
            provenance: self.provenance,
            request_id: self.request_id,
            allow_secret: self.allow_secret,
        }
    }
}

pub use crate::steering::Settlement;

impl Helm {
    /// Records a freeform state, sealing the slate into the entry's bearing.
    pub fn log(
        &self,
        voyage: &str,
        provenance: &Provenance,
        request_id: Option<&str>,
        state: &str,
    ) -> Result<Sealed> {
        let state = state.trim();
        if state.is_empty() {
            return Err(Error::usage("the state is empty").hint(
                "say where the voyage stands, e.g. waiting, blocked, ready, or your own words",
            ));
        }
        let mut store = self.open_for_write(voyage)?;
        let sealed = store.seal(provenance, request_id, |_bearing| {
            Ok(EntryAction::Log {
                status: state.to_string(),
                refused: None,
                request_id: None,
                trace: self.trace.clone(),
            })
        })?;
        if sealed.replayed {
            match sealed.entry.parsed_action() {
                Some(EntryAction::Log { status, .. }) if status == state => {}
                _ => {
                    return Err(Error::new(
                        Kind::Conflict,
                        format!(
                            "request id '{}' was already used for entry {} ({}), a different action",
                            request_id.unwrap_or_default(),
                            sealed.entry.id,
                            sealed.entry.headline()
                        ),
                    )
                    .hint(words!["use a fresh ", arg("request-id"), " for a new action"]));
                }
            }
        }
        Ok(sealed)
    }

    /// Performs a steer on its forge and records it (see `steering`).
    pub fn steer(&self, voyage: &str, request: &SteerRequest<'_>) -> Result<Steered> {
        let steer = request.action.resolve(&self.cwd, self.stdin)?;
        let file = self.voyage_file(voyage)?;
        let disclose = request.disclose || self.disclose;
        let prepared =
            super::posting::prepare(steer, request.asked(), disclose, &file.id.to_string())?;
        let guard = super::fresh::Guard {
            file: file.clone(),
            allow_stale: request.allow_stale,
            require_observed: request.require_observed,
        };
        let identity = &request.provenance.identity;
        let at = self.locate(request.repo, request.forge)?;
        let mut actor = self
            .forge_actor(&at, Some(identity))?
            .gated(prepared.outbound.gate())
            .guarded(guard);
        let (repo, elsewhere): (Repo, _) = match &at {
            Located::GitHub(repo) => (repo.clone(), None),
            Located::Forge(place) => {
                let elsewhere = Elsewhere {
                    forge: place.forge,
                    host: place.host.clone(),
                };
                (pending::repo_of(place), Some(elsewhere))
            }
        };
        let mut store = crate::storage::VoyageStore::open(file)?;
        let attempt = Attempt {
            home: self.home.root(),
            provenance: request.provenance,
            request_id: request.request_id,
            repo: &repo,
            elsewhere: elsewhere.as_ref(),
            steer: &prepared.steer,
            cancel: request.cancel,
            id: Some(&prepared.attempt_id),
            allowed_secrets: &prepared.allowed,
            approval: None,
            trace: self.trace.as_ref(),
        };
        let mut steered = steering::steer(&mut store, &attempt, &mut actor, &mut Live)?;
        if !steered.sealed.replayed {
            steered.warnings.extend(stale_warning(&steered.sealed));
        }
        steered
            .warnings
            .extend(actor.warnings().into_iter().map(Words::of));
        Ok(steered)
    }

    /// The steers interrupted on a voyage, oldest first.
    pub fn interrupted(&self, voyage: &str) -> Result<Vec<Record>> {
        let file = self.voyage_file(voyage)?;
        Ok(pending::list(self.home.root(), &file.id))
    }

    /// Settles an interrupted steer by its attempt id: records it from its
    /// saved answer or from what GitHub shows, or discards it when GitHub
    /// shows nothing happened. Never acts.
    pub fn settle(&self, voyage: &str, attempt: &str) -> Result<Settlement> {
        let mut store = self.open(voyage)?;
        let record = pending::Pending::find(self.home.root(), &store.id(), attempt)?;
        let request = record.as_ref().and_then(|p| p.record().request.clone());
        let mut actor: Option<Box<dyn steering::Actor>> = match &request {
            Some(request) => {
                let identity = Some(request.provenance.identity.as_str());
                let place = match request.place()? {
                    None => self.github_place(&request.repo)?,
                    Some(place) => place,
                };
                Some(Box::new(ForgeActor::new(
                    self.open_forge(&place, identity)?,
                    place,
                    self.home.root(),
                )))
            }
            None => None,
        };
        match actor.as_mut() {
            Some(actor) => steering::settle(
                &mut store,
                self.home.root(),
                attempt,
                actor.as_mut(),
                self.trace.as_ref(),
            ),
            None => steering::settle(
                &mut store,
                self.home.root(),
                attempt,
                &mut NoGitHub,
                self.trace.as_ref(),
            ),
        }
    }

    /// Drops an interrupted steer's record without recording anything.
    pub fn discard(&self, voyage: &str, attempt: &str) -> Result<Record> {
        let mut store = self.open(voyage)?;
        steering::discard(&mut store, self.home.root(), attempt)
    }
}

/// Says so when `--allow-stale` acted on a stale or unchecked bearing, and
/// when the steer acted on an issue or pull request the slate held no
/// observation of.
fn stale_warning(sealed: &Sealed) -> Option<Words> {
    let Some(EntryAction::Steer(record)) = sealed.entry.parsed_action() else {
        return None;
    };
    let subject = match (record.pr, record.issue) {
        (Some(pr), _) => Some(format!("PR #{pr}")),
        (None, Some(issue)) => Some(format!("issue #{issue}")),
        (None, None) => None,
    };
    freshness_warning(record.freshness.as_ref(), subject, "acted")
}

/// What the caller should know of a freshness verdict the steer acts on
/// (`acted`), or would in a dry run (`would act`); `subject` is `PR #45` or
/// `issue #42`.
pub(super) fn freshness_warning(
    freshness: Option<&Freshness>,
    subject: Option<String>,
    acted: &str,
) -> Option<Words> {
    let freshness = freshness?;
    let what = freshness.changed.join("; ");
    match freshness.verdict {
        Verdict::Stale => Some(words![
            format!("{acted} on a stale bearing ("),
            arg("allow-stale"),
            format!("): {what}")
        ]),
        Verdict::Unchecked => Some(words![
            format!("{acted} without the freshness check ("),
            arg("allow-stale"),
            format!("): {what}")
        ]),
        Verdict::NotObserved => Some(words![
            format!(
                "{acted} on {} with no observation of it on the slate: nothing was checked \
                 against GitHub first (observe it before steering, or pass ",
                subject.unwrap_or_else(|| "its target".to_string())
            ),
            arg("require-observed"),
            " to refuse instead)",
        ]),
        _ => None,
    }
}

/// An actor for records that cannot be looked up (no request kept): it is
/// never asked, because settling such a record stops earlier.
struct NoGitHub;

impl steering::Actor for NoGitHub {
    fn act(
        &mut self,
        _steer: &Steer,
    ) -> std::result::Result<crate::model::SteerRecord, steering::ActError> {
        Err(steering::ActError {
            outcome: steering::Outcome::NotDone,
            error: Error::new(Kind::Conflict, "helm does not act while settling"),
        })
    }

    fn look(
        &mut self,
        _steer: &Steer,
        _began: &crate::model::clock::Began,
    ) -> Result<steering::Effect> {
        Ok(steering::Effect::CannotTell(crate::error::Words::of(
            "the record does not say what was asked",
        )))
    }
}
