//! The protocol itself: [`steer`] replays a recorded request id, settles an
//! earlier attempt of the same id (`settle::decide`), and only then acts and
//! records, all under the voyage's write lock.

use std::path::Path;

use super::pending::{self, Pending, Record, Request};
use super::refusals::{
    acted_but_unrecorded, check_replay, check_same_attempt, check_same_place, dropped_warnings,
    ended, killed, unknown,
};
use super::settle::{Earlier, decide};
use super::{ActError, Actor, Outcome, Probe, SteerKillPoint};
use crate::actions::{Dispatch, Steer};
use crate::cancel::Cancel;
use crate::error::{Error, Kind, Result};
use crate::model::{EntryAction, Provenance, Repo, SteerRecord};
use crate::storage::VoyageStore;
use crate::storage::logbook::Sealed;
use crate::storage::sealing::Decision;

/// One steer request, resolved and checked.
pub(crate) struct Attempt<'a> {
    pub(crate) home: &'a Path,
    pub(crate) provenance: &'a Provenance,
    /// The caller's `--request-id`, if any.
    pub(crate) request_id: Option<&'a str>,
    pub(crate) repo: &'a Repo,
    /// The forge and host when `repo` is not on GitHub.
    pub(crate) elsewhere: Option<&'a super::pending::Elsewhere>,
    pub(crate) steer: &'a Steer,
    /// Whether the caller still wants it: checked once, before the pending
    /// record is written and the request leaves, never after.
    pub(crate) cancel: &'a Cancel,
    /// The attempt's id when the caller made it (a disclosure footer names
    /// it); else the request id, or a new one.
    pub(crate) id: Option<&'a str>,
    /// The secret rules the posted texts carry by `--allow-secret`, which
    /// the entry records.
    pub(crate) allowed_secrets: &'a [String],
    /// The proposal this steer performs, which its entry names (issue 42).
    pub(crate) approval: Option<&'a crate::model::proposal::Approval>,
    /// The caller's trace context, which the entry records.
    pub(crate) trace: Option<&'a crate::model::Trace>,
}

/// A recorded (or replayed) steer.
#[derive(Debug)]
pub struct Steered {
    pub sealed: Sealed,
    /// What the caller should know although the steer succeeded, e.g. what
    /// GitHub silently did not apply.
    /// Words, since they may name an argument each front end spells.
    pub warnings: Vec<crate::error::Words>,
}

/// Performs and records one steer; see the module docs of `steering`.
pub(crate) fn steer(
    store: &mut VoyageStore,
    attempt: &Attempt<'_>,
    actor: &mut dyn Actor,
    probe: &mut dyn Probe,
) -> Result<Steered> {
    let attempt_id = attempt
        .id
        .or(attempt.request_id)
        .map(str::to_string)
        .unwrap_or_else(pending::new_attempt_id);
    let voyage = store.id();
    let steer = attempt.steer;
    let doing = format!("{} in {}", steer.doing(), attempt.repo);
    let forge = attempt
        .elsewhere
        .map_or(helm_forge::ForgeName::GitHub, |e| e.forge);
    let asked = steer.asked(attempt.repo);
    let mut acted: Option<(SteerRecord, bool)> = None;
    let mut settled: Option<Pending> = None;
    let mut died = false;
    let sealed = store.seal_with(attempt.request_id, |sealing| {
        let mut earlier_not_done = false;
        if let Some(earlier) = Pending::find(attempt.home, &voyage, &attempt_id)? {
            check_same_attempt(earlier.record(), steer, attempt.repo)?;
            check_same_place(earlier.record(), attempt.elsewhere)?;
            // The steer as performed (a merge pinned to the head seen).
            let performed = earlier
                .record()
                .request
                .as_ref()
                .map_or(steer, |r| &r.steer);
            match decide(sealing, earlier.record(), performed, &asked, actor)? {
                Earlier::Record(mut result) => {
                    if result.allowed_secrets.is_empty() {
                        result.allowed_secrets = attempt.allowed_secrets.to_vec();
                    }
                    result.approval = attempt.approval.cloned();
                    result.trace = attempt.trace.cloned();
                    settled = Some(earlier);
                    return Ok(Decision::Record(
                        attempt.provenance.clone(),
                        EntryAction::Steer(result),
                    ));
                }
                Earlier::Already(entry) => {
                    settled = Some(earlier);
                    return Ok(Decision::Already(entry));
                }
                Earlier::NotDone => earlier_not_done = true,
            }
        }
        // Settling records on an ended voyage; acting never happens there.
        if let Err(err) = sealing.ensure_active() {
            return Err(if earlier_not_done {
                ended(err, &attempt_id, forge)
            } else {
                err
            });
        }
        // Under the lock: the bearing checked is the one sealed.
        let preflight = actor.preflight(steer, &sealing.bearing)?;
        let acting = preflight.steer.as_ref().unwrap_or(steer);
        // The last point a cancelled steer stops at: nothing has left for
        // GitHub and nothing is recorded; past it, it completes and records.
        attempt.cancel.check(&format!("act ({doing})"))?;
        let clock = actor.clock();
        let mut record = Pending::begin(
            attempt.home,
            Record {
                voyage,
                request_id: Some(attempt_id.clone()),
                doing: doing.clone(),
                identity: attempt.provenance.identity.clone(),
                started_at: crate::model::now(),
                answer: None,
                request: Some(Request {
                    provenance: attempt.provenance.clone(),
                    repo: attempt.repo.clone(),
                    elsewhere: attempt.elsewhere.cloned(),
                    steer: acting.clone(),
                    request_id: attempt.request_id.map(str::to_string),
                }),
                clock,
            },
        )?;
        if probe.dies_at(SteerKillPoint::BeforeRequest) {
            died = true;
            return Err(killed(SteerKillPoint::BeforeRequest));
        }
        match actor.act(acting) {
            Ok(mut result) => {
                if probe.dies_at(SteerKillPoint::WhileAnswering) {
                    died = true;
                    return Err(killed(SteerKillPoint::WhileAnswering));
                }
                result.freshness = preflight.freshness;
                result.allowed_secrets = attempt.allowed_secrets.to_vec();
                result.approval = attempt.approval.cloned();
                result.trace = attempt.trace.cloned();
                // Past its write a call is never stopped: a caller who
                // cancelled meanwhile gets no answer, so the entry says it.
                result.completed_after_cancel = attempt.cancel.is_cancelled();
                crate::actions::overrode(&mut result, preflight.not_ready);
                let saved = record.answered(&result);
                if probe.dies_at(SteerKillPoint::BeforeCommit) {
                    died = true;
                    return Err(killed(SteerKillPoint::BeforeCommit));
                }
                acted = Some((result.clone(), saved));
                settled = Some(record);
                Ok(Decision::Record(
                    attempt.provenance.clone(),
                    EntryAction::Steer(Box::new(result)),
                ))
            }
            Err(ActError {
                outcome: Outcome::NotDone,
                error,
            }) => {
                record.finish();
                Err(error)
            }
            Err(ActError {
                outcome: Outcome::Unknown,
                error,
            }) => Err(unknown(
                error,
                &attempt_id,
                attempt.request_id.is_some(),
                forge,
            )),
        }
    });
    let sealed = match sealed {
        Ok(Some(sealed)) => Ok(sealed),
        Ok(None) => Err(Error::new(Kind::Storage, "the steer recorded nothing")),
        Err(err) => Err(err),
    };
    match sealed {
        Ok(sealed) if sealed.replayed => {
            check_replay(&sealed.entry, attempt)?;
            // A record left by an attempt killed after its commit.
            match settled {
                Some(record) => record.finish(),
                None => {
                    if let Some(left) = Pending::find(attempt.home, &voyage, &attempt_id)? {
                        left.finish();
                    }
                }
            }
            Ok(Steered {
                sealed,
                warnings: Vec::new(),
            })
        }
        Ok(sealed) => {
            if probe.dies_at(SteerKillPoint::AfterCommit) {
                return Err(killed(SteerKillPoint::AfterCommit));
            }
            if let Some(record) = settled {
                record.finish();
            }
            let warnings = dropped_warnings(&sealed.entry, forge);
            Ok(Steered { sealed, warnings })
        }
        Err(err) if died => Err(err),
        Err(err) => match acted {
            Some((answer, saved)) => Err(acted_but_unrecorded(
                err,
                &doing,
                &answer,
                saved,
                (&attempt_id, forge),
            )),
            None => Err(err),
        },
    }
}
