//! The protocol itself: [`steer`] (replay, settle an earlier attempt, act,
//! record), and the explicit [`settle`] and [`discard`] of an interrupted
//! attempt.

use std::path::Path;

use super::pending::{self, Pending, Record, Request};
use super::{ActError, Actor, Effect, KillPoint, Outcome, Probe};
use crate::error::{Error, Kind, Result};
use crate::model::{Action, Provenance, Repo, Steer, SteerRecord};
use crate::storage::VoyageStore;
use crate::storage::logbook::{Entry, Sealed};

/// One steer request, resolved and checked.
pub struct Attempt<'a> {
    pub home: &'a Path,
    pub provenance: &'a Provenance,
    /// The caller's `--request-id`, if any.
    pub request_id: Option<&'a str>,
    pub repo: &'a Repo,
    pub steer: &'a Steer,
    /// Facts decided before the seal that the entry records (the freshness
    /// verdict, the sha a merge is pinned to).
    pub annotate: &'a dyn Fn(&mut SteerRecord),
}

/// A recorded (or replayed) steer.
#[derive(Debug)]
pub struct Steered {
    pub sealed: Sealed,
    /// What the caller should know although the steer succeeded, e.g. what
    /// GitHub silently did not apply.
    pub warnings: Vec<String>,
}

/// Performs and records one steer; see the module docs of `steering`.
pub fn steer(
    store: &mut VoyageStore,
    attempt: &Attempt<'_>,
    actor: &mut dyn Actor,
    probe: &mut dyn Probe,
) -> Result<Steered> {
    let attempt_id = attempt
        .request_id
        .map(str::to_string)
        .unwrap_or_else(pending::new_attempt_id);
    let voyage = store.id();
    let steer = attempt.steer;
    let doing = format!("{} in {}", steer.doing(), attempt.repo);
    let mut acted: Option<(SteerRecord, bool)> = None;
    let mut settled: Option<Pending> = None;
    let mut died = false;
    let sealed = store.seal(attempt.provenance, attempt.request_id, |bearing| {
        if let Some(earlier) = Pending::find(attempt.home, &voyage, &attempt_id)? {
            check_same_attempt(earlier.record(), attempt)?;
            if let Some(mut answer) = earlier.record().answer.clone() {
                fill_asked(&mut answer, &steer.asked(attempt.repo));
                answer.settled = Some("saved-answer".into());
                settled = Some(earlier);
                return Ok(Action::Steer(Box::new(answer)));
            }
            // The steer as performed (a merge pinned to the head seen).
            let performed = earlier
                .record()
                .request
                .as_ref()
                .map_or(steer, |r| &r.steer);
            match actor.look(performed, &earlier.record().started_at)? {
                Effect::Done(mut found) => {
                    fill_asked(&mut found, &steer.asked(attempt.repo));
                    found.settled = Some("found-on-github".into());
                    settled = Some(earlier);
                    return Ok(Action::Steer(found));
                }
                Effect::NotDone => {}
                Effect::CannotTell(why) => return Err(cannot_tell(&doing, &attempt_id, &why)),
            }
        }
        // Under the lock: the bearing checked is the one sealed.
        let preflight = actor.preflight(steer, bearing)?;
        let acting = preflight.steer.as_ref().unwrap_or(steer);
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
                    steer: acting.clone(),
                    request_id: attempt.request_id.map(str::to_string),
                }),
            },
        )?;
        if probe.dies_at(KillPoint::BeforeRequest) {
            died = true;
            return Err(killed(KillPoint::BeforeRequest));
        }
        match actor.act(acting) {
            Ok(mut result) => {
                if probe.dies_at(KillPoint::WhileAnswering) {
                    died = true;
                    return Err(killed(KillPoint::WhileAnswering));
                }
                result.freshness = preflight.freshness;
                (attempt.annotate)(&mut result);
                let saved = record.answered(&result);
                if probe.dies_at(KillPoint::BeforeCommit) {
                    died = true;
                    return Err(killed(KillPoint::BeforeCommit));
                }
                acted = Some((result.clone(), saved));
                settled = Some(record);
                Ok(Action::Steer(Box::new(result)))
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
            }) => Err(unknown(error, &attempt_id, attempt.request_id.is_some())),
        }
    });
    match sealed {
        Ok(sealed) if sealed.replayed => {
            check_replay(&sealed.entry, attempt)?;
            // A record left by an attempt killed after its commit.
            if let Some(left) = Pending::find(attempt.home, &voyage, &attempt_id)? {
                left.finish();
            }
            Ok(Steered {
                sealed,
                warnings: Vec::new(),
            })
        }
        Ok(sealed) => {
            if probe.dies_at(KillPoint::AfterCommit) {
                return Err(killed(KillPoint::AfterCommit));
            }
            if let Some(record) = settled {
                record.finish();
            }
            let warnings = dropped_warnings(&sealed.entry);
            Ok(Steered { sealed, warnings })
        }
        Err(err) if died => Err(err),
        Err(err) => match acted {
            Some((answer, saved)) => Err(acted_but_unrecorded(
                err,
                &doing,
                &answer,
                saved,
                &attempt_id,
            )),
            None => Err(err),
        },
    }
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

/// Settles an interrupted attempt explicitly, without ever acting.
pub fn settle(
    store: &mut VoyageStore,
    home: &Path,
    attempt_id: &str,
    actor: &mut dyn Actor,
) -> Result<Settlement> {
    let voyage = store.id();
    let record = find(home, &voyage, attempt_id)?;
    let Some(request) = record.record().request.clone() else {
        return Err(Error::new(
            Kind::Conflict,
            format!("the interrupted steer '{attempt_id}' was recorded by an older helm, without its request"),
        )
        .hint("retry the original command with --request-id, or check GitHub and run `helm interrupted discard`"));
    };
    if let Some(id) = &request.request_id
        && let Some(entry) = store.entry_by_request_id(id)?
    {
        record.finish();
        return Ok(Settlement::AlreadyRecorded(Box::new(entry)));
    }
    let doing = record.record().doing.clone();
    let started = record.record().started_at.clone();
    let found = match record.record().answer.clone() {
        Some(answer) => {
            if let Some(entry) = store.entry_with_result(&answer, &started)? {
                record.finish();
                return Ok(Settlement::AlreadyRecorded(Box::new(entry)));
            }
            Some((answer, "saved-answer"))
        }
        None => match actor.look(&request.steer, &started)? {
            Effect::Done(found) => Some((*found, "found-on-github")),
            Effect::NotDone => None,
            Effect::CannotTell(why) => return Err(cannot_tell(&doing, attempt_id, &why)),
        },
    };
    let Some((mut result, how)) = found else {
        let left = record.record().clone();
        record.finish();
        return Ok(Settlement::NothingHappened(Box::new(left)));
    };
    fill_asked(&mut result, &request.steer.asked(&request.repo));
    result.settled = Some(how.into());
    let sealed = store.seal(
        &request.provenance,
        request.request_id.as_deref(),
        |_bearing| Ok(Action::Steer(Box::new(result))),
    )?;
    record.finish();
    Ok(Settlement::Recorded(Box::new(sealed)))
}

/// Drops an interrupted attempt's record without recording anything, for
/// when a person has checked GitHub by hand.
pub fn discard(store: &VoyageStore, home: &Path, attempt_id: &str) -> Result<Record> {
    let record = find(home, &store.id(), attempt_id)?;
    let left = record.record().clone();
    record.finish();
    Ok(left)
}

fn find(home: &Path, voyage: &uuid::Uuid, attempt_id: &str) -> Result<Pending> {
    Pending::find(home, voyage, attempt_id)?.ok_or_else(|| {
        Error::new(
            Kind::NotFound,
            format!("no interrupted steer '{attempt_id}' on voyage {voyage}"),
        )
        .hint("`helm interrupted list` shows the interrupted steers of a voyage")
    })
}

/// The same attempt id must name the same request.
fn check_same_attempt(record: &Record, attempt: &Attempt<'_>) -> Result<()> {
    let same = match &record.request {
        Some(request) => {
            request.repo == *attempt.repo
                && (request.steer == *attempt.steer || request.steer.unpinned() == *attempt.steer)
        }
        // An older helm's record: compare what it kept.
        None => record.doing == format!("{} in {}", attempt.steer.doing(), attempt.repo),
    };
    if same {
        return Ok(());
    }
    Err(Error::new(
        Kind::Conflict,
        format!(
            "request id '{}' was already used for {}, a different action",
            record.attempt(),
            record.doing
        ),
    )
    .hint("use a fresh --request-id for a new action"))
}

/// A replayed request id must name the same request: same kind,
/// repository, number and text.
fn check_replay(entry: &Entry, attempt: &Attempt<'_>) -> Result<()> {
    match entry.parsed_action() {
        Some(Action::Steer(record)) if attempt.steer.same_request(attempt.repo, record) => Ok(()),
        _ => Err(Error::new(
            Kind::Conflict,
            format!(
                "request id '{}' was already used for entry {} ({}), a different action",
                attempt.request_id.unwrap_or_default(),
                entry.id,
                entry.headline()
            ),
        )
        .hint("use a fresh --request-id for a new action")),
    }
}

/// Fills in what was asked where an answer does not say (answers saved by
/// an older helm, or effects found on GitHub).
fn fill_asked(record: &mut SteerRecord, asked: &SteerRecord) {
    fn keep<T: Clone>(field: &mut Option<T>, asked: &Option<T>) {
        if field.is_none() {
            field.clone_from(asked);
        }
    }
    keep(&mut record.issue, &asked.issue);
    keep(&mut record.pr, &asked.pr);
    keep(&mut record.in_reply_to, &asked.in_reply_to);
    keep(&mut record.title, &asked.title);
    keep(&mut record.body, &asked.body);
    keep(&mut record.head, &asked.head);
    keep(&mut record.base, &asked.base);
    keep(&mut record.draft, &asked.draft);
    keep(&mut record.close_reason, &asked.close_reason);
    keep(&mut record.merge_method, &asked.merge_method);
    keep(&mut record.pinned_sha, &asked.pinned_sha);
    for (field, asked) in [
        (&mut record.labels, &asked.labels),
        (&mut record.assignees, &asked.assignees),
        (&mut record.reviewers, &asked.reviewers),
        (&mut record.teams, &asked.teams),
    ] {
        if field.is_empty() {
            field.clone_from(asked);
        }
    }
}

fn dropped_warnings(entry: &Entry) -> Vec<String> {
    let Some(Action::Steer(record)) = entry.parsed_action() else {
        return Vec::new();
    };
    let Some(applied) = &record.applied else {
        return Vec::new();
    };
    applied
        .dropped(record)
        .into_iter()
        .map(|what| format!("GitHub did not apply {what}; the token may not be allowed to set it"))
        .collect()
}

fn unknown(error: Error, attempt_id: &str, given: bool) -> Error {
    let retry = if given {
        format!("retry with the same --request-id {attempt_id}")
    } else {
        format!(
            "run `helm interrupted settle {attempt_id}` (or retry with --request-id {attempt_id})"
        )
    };
    Error::new(
        error.kind(),
        format!("{}; GitHub may have acted", error.message()),
    )
    .hint(format!(
        "helm kept a record of the attempt; {retry}: helm looks on GitHub for the effect and records it, and acts again only if GitHub shows nothing happened"
    ))
}

fn cannot_tell(doing: &str, attempt_id: &str, why: &str) -> Error {
    Error::new(
        Kind::Conflict,
        format!("an earlier attempt '{attempt_id}' to {doing} was interrupted, and helm cannot tell whether GitHub acted: {why}"),
    )
    .hint(format!(
        "check on GitHub; then `helm interrupted settle {attempt_id}` once it shows, or `helm interrupted discard {attempt_id}` and steer again"
    ))
}

/// GitHub acted but the entry could not be committed: say what GitHub did,
/// whether the answer was saved, and how to settle it.
fn acted_but_unrecorded(
    err: Error,
    doing: &str,
    answer: &SteerRecord,
    saved: bool,
    attempt_id: &str,
) -> Error {
    let mut what = Vec::new();
    if let Some(id) = answer.comment_id {
        what.push(format!("comment {id}"));
    }
    if let Some(url) = &answer.url {
        what.push(url.clone());
    }
    if let Some(sha) = &answer.merge_sha {
        what.push(format!("merge commit {sha}"));
    }
    let what = if what.is_empty() {
        String::new()
    } else {
        format!(" ({})", what.join(", "))
    };
    let hint = if saved {
        format!(
            "GitHub's answer is saved; `helm interrupted settle {attempt_id}` (or a retry with --request-id {attempt_id}) records it without acting again"
        )
    } else {
        "GitHub's answer could not be saved either; note the result above, free the disk, and record it by hand with `helm log`".to_string()
    };
    Error::new(
        err.kind(),
        format!(
            "GitHub did {doing}{what}, but recording the entry failed: {}",
            err.message()
        ),
    )
    .hint(hint)
}

fn killed(point: KillPoint) -> Error {
    Error::new(Kind::Io, format!("killed at {point:?}"))
}
