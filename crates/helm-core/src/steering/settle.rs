//! Settling an interrupted attempt: what its pending record means, decided
//! under the voyage's write lock (ADR 0012). The record is read again once
//! the lock is held and only that record is acted on; GitHub is looked at
//! under the same lock; an effect is claimed only if it came after the
//! attempt began, by the acting account, and no entry of the voyage names it
//! yet. A retry with the same id decides the same way before it acts
//! (`protocol`); `helm interrupted settle` never acts, and records on an
//! ended voyage too, since the action happened before the end. A dry run
//! decides the same way from a read snapshot (`foresee`), writing nothing.

use std::path::Path;

use super::pending::{Pending, Record, Request};
use super::refusals::{cannot_tell, check_same_attempt, ended};
use super::{Actor, Effect};
use crate::actions::{Dispatch, Steer};
use crate::error::{Error, Kind, Result};
use crate::error::{arg, cmd};
use crate::model::words;
use crate::model::{EntryAction, Repo, SteerRecord};
use crate::storage::VoyageStore;
use crate::storage::logbook::{Entry, Sealed};
use crate::storage::sealing::{Decision, KnownResults, LogbookSnapshot};

/// What an earlier attempt's record comes to.
#[derive(Debug)]
pub(crate) enum Earlier {
    /// Its effect, to be recorded now (from the saved answer, or found on
    /// GitHub), marked with how it was learnt.
    Record(Box<SteerRecord>),
    /// An entry already records it.
    Already(Box<Entry>),
    /// GitHub shows it did not happen.
    NotDone,
}

/// Decides, under the lock, what `record` (an earlier attempt of `performed`,
/// asked as `asked`) comes to: its saved answer, unless an entry already
/// records that; else a look on GitHub, whose first trace no entry names
/// yet is its effect. A look that cannot tell is an error saying what to
/// check.
pub(super) fn decide(
    logged: &dyn KnownResults,
    record: &Record,
    performed: &Steer,
    asked: &SteerRecord,
    actor: &mut dyn Actor,
) -> Result<Earlier> {
    if let Some(answer) = &record.answer {
        let comment = crate::actions::comment(answer);
        if let Some(entry) = logged.entry_with_result(answer, comment, &record.started_at)? {
            return Ok(Earlier::Already(Box::new(entry)));
        }
        let mut answer = answer.clone();
        fill_asked(&mut answer, asked);
        answer.settled = Some("saved-answer".into());
        return Ok(Earlier::Record(Box::new(answer)));
    }
    match actor.look(performed, &record.began())? {
        Effect::Found(traces) => {
            for mut trace in traces {
                let named = match crate::actions::names(&trace) {
                    Some((path, value)) => logged.names(&trace, path, value)?,
                    None => false,
                };
                if named {
                    continue;
                }
                fill_asked(&mut trace, asked);
                // The forge that showed it: GitHub's entries say so by
                // leaving `forge` out (ADR 0006's value).
                let shown_by = trace.forge.as_deref().unwrap_or("github");
                trace.settled = Some(format!("found-on-{shown_by}"));
                return Ok(Earlier::Record(Box::new(trace)));
            }
            Ok(Earlier::NotDone)
        }
        Effect::NotDone => Ok(Earlier::NotDone),
        Effect::CannotTell(why) => Err(cannot_tell(
            &record.doing,
            record.attempt(),
            &why,
            record.forge(),
        )),
    }
}

/// What a retry of `steer` in `repo` with `attempt_id` would make of the
/// interrupted attempt pending under that id, decided as the retry decides
/// under the lock (the same request, then `decide`, then an ended voyage
/// refused) but from `reading`, a read snapshot: the dry run's answer. The
/// actor only looks; nothing is written and the record stays. `None` when
/// no attempt is pending; an error is the refusal the retry would meet.
pub(crate) fn foresee(
    reading: &LogbookSnapshot<'_>,
    home: &Path,
    voyage: &uuid::Uuid,
    attempt_id: &str,
    steer: &Steer,
    repo: &Repo,
    actor: &mut dyn Actor,
) -> Result<Option<Earlier>> {
    let Some(earlier) = Pending::find(home, voyage, attempt_id)? else {
        return Ok(None);
    };
    check_same_attempt(earlier.record(), steer, repo)?;
    let performed = earlier
        .record()
        .request
        .as_ref()
        .map_or(steer, |r| &r.steer);
    let decided = decide(
        reading,
        earlier.record(),
        performed,
        &steer.asked(repo),
        actor,
    )?;
    if matches!(decided, Earlier::NotDone) {
        reading
            .ensure_active()
            .map_err(|err| ended(err, attempt_id, earlier.record().forge()))?;
    }
    Ok(Some(decided))
}

/// What `helm interrupted settle` found.
#[derive(Debug)]
pub enum Settlement {
    /// The steer's entry is now recorded (from the saved answer or from
    /// what GitHub shows).
    Recorded(Box<Sealed>),
    /// An entry already recorded it; the record was left over.
    AlreadyRecorded(Box<Entry>),
    /// GitHub shows nothing happened; the record is discarded.
    NothingHappened(Box<Record>),
}

/// Settles an interrupted attempt explicitly, without ever acting. The
/// entry it records carries the attempt id as its request id, so a second
/// settle, or a retry with that id, finds it and records nothing.
pub(crate) fn settle(
    store: &mut VoyageStore,
    home: &Path,
    attempt_id: &str,
    actor: &mut dyn Actor,
    trace: Option<&crate::model::Trace>,
) -> Result<Settlement> {
    let voyage = store.id();
    let first = find(home, &voyage, attempt_id)?;
    request_of(first.record())?;
    let mut settled: Option<Pending> = None;
    let mut nothing: Option<Record> = None;
    let sealed = store.seal_with(Some(attempt_id), |sealing| {
        // The record as it is now: a retry may have replaced it meanwhile.
        let current = find(home, &voyage, attempt_id)?;
        let request = request_of(current.record())?;
        let asked = request.steer.asked(&request.repo);
        match decide(sealing, current.record(), &request.steer, &asked, actor)? {
            Earlier::Record(mut result) => {
                result.trace = trace.cloned();
                settled = Some(current);
                Ok(Decision::Record(
                    request.provenance,
                    EntryAction::Steer(result),
                ))
            }
            Earlier::Already(entry) => {
                settled = Some(current);
                Ok(Decision::Already(entry))
            }
            Earlier::NotDone => {
                // Under the lock: no retry can have replaced it.
                nothing = Some(current.record().clone());
                current.finish();
                Ok(Decision::Nothing)
            }
        }
    })?;
    // Only this attempt's record goes: `finish` checks what the file holds.
    settled.unwrap_or(first).finish();
    match sealed {
        Some(sealed) if sealed.replayed => Ok(Settlement::AlreadyRecorded(Box::new(sealed.entry))),
        Some(sealed) => Ok(Settlement::Recorded(Box::new(sealed))),
        None => nothing
            .map(|left| Settlement::NothingHappened(Box::new(left)))
            .ok_or_else(|| Error::new(Kind::Storage, "settling decided nothing")),
    }
}

/// Drops an interrupted attempt's record without recording anything, for
/// when a person has checked GitHub by hand. Under the voyage's lock, so a
/// steer in flight with the same id finishes first.
pub(crate) fn discard(store: &mut VoyageStore, home: &Path, attempt_id: &str) -> Result<Record> {
    let voyage = store.id();
    let mut left = None;
    store.seal_with(None, |_sealing| {
        let record = find(home, &voyage, attempt_id)?;
        left = Some(record.record().clone());
        record.finish();
        Ok(Decision::Nothing)
    })?;
    left.ok_or_else(|| Error::new(Kind::Storage, "discarding found nothing"))
}

fn find(home: &Path, voyage: &uuid::Uuid, attempt_id: &str) -> Result<Pending> {
    Pending::find(home, voyage, attempt_id)?.ok_or_else(|| {
        Error::new(
            Kind::NotFound,
            format!("no interrupted steer '{attempt_id}' on voyage {voyage}"),
        )
        .hint(words![
            cmd("interrupted list"),
            " shows the interrupted steers of a voyage",
        ])
    })
}

fn request_of(record: &Record) -> Result<Request> {
    record.request.clone().ok_or_else(|| {
        Error::new(
            Kind::Conflict,
            format!(
                "the interrupted steer '{}' was recorded by an older helm, without its request",
                record.attempt()
            ),
        )
        .hint(words![
            "retry the original command with ",
            arg("request-id"),
            ", or check GitHub and run ",
            cmd("interrupted discard"),
        ])
    })
}

/// Fills in what was asked where an answer does not say (answers saved by
/// an older helm, or effects found on GitHub): the issue or pull request,
/// and each field of the action's part the answer lacks.
pub(super) fn fill_asked(record: &mut SteerRecord, asked: &SteerRecord) {
    if record.issue.is_none() {
        record.issue = asked.issue;
    }
    if record.pr.is_none() {
        record.pr = asked.pr;
    }
    for (name, value) in &asked.part {
        if !record.part.contains_key(name) {
            record.part.insert(name.clone(), value.clone());
        }
    }
}
