//! What the steer protocol says when it refuses or fails: a request id
//! reused for another request (naming the field that differs), an outcome
//! GitHub may have produced, a look that cannot tell, an action performed
//! but not recorded.

use super::Attempt;
use super::pending::{Elsewhere, Record};
use crate::actions::{Dispatch, Headline, Replay, Steer};
use crate::error::{Error, Kind, Result};
use crate::error::{Words, arg, cmd};
use crate::model::words;
use crate::model::{EntryAction, Repo, SteerRecord};
use crate::storage::logbook::Entry;
use helm_forge::ForgeName;

/// The same attempt id must name the same request.
pub(super) fn check_same_attempt(record: &Record, steer: &Steer, repo: &Repo) -> Result<()> {
    let differs = match &record.request {
        // The record keeps the steer as performed (a merge pinned to the
        // head seen), which a merge asked without `--sha` still matches.
        Some(request) => steer.differs(repo, &request.steer.asked(&request.repo)),
        // An older helm's record: compare what it kept.
        None => (record.doing != format!("{} in {}", steer.doing(), repo)).then_some("action"),
    };
    match differs {
        None => Ok(()),
        Some(field) => Err(reused(
            record.attempt(),
            &format!("an interrupted attempt to {}", record.doing),
            field,
        )),
    }
}

/// The same attempt id must name the same forge and host: `o/r` on GitHub
/// and on a Forgejo host are two repositories.
pub(super) fn check_same_place(record: &Record, elsewhere: Option<&Elsewhere>) -> Result<()> {
    match &record.request {
        Some(request) if request.elsewhere.as_ref() != elsewhere => Err(reused(
            record.attempt(),
            &format!("an interrupted attempt to {}", record.doing),
            "forge",
        )),
        _ => Ok(()),
    }
}

/// A replayed request id must name the same request: every field the
/// entry records of what was asked.
pub(super) fn check_replay(entry: &Entry, attempt: &Attempt<'_>) -> Result<()> {
    let differs = match entry.parsed_action() {
        Some(EntryAction::Steer(record)) => attempt.steer.differs(attempt.repo, record),
        _ => Some("action"),
    };
    match differs {
        None => Ok(()),
        Some(field) => Err(reused(
            attempt.request_id.unwrap_or_default(),
            &format!("entry {} ({})", entry.id, entry.headline()),
            field,
        )),
    }
}

fn reused(id: &str, used_for: &str, field: &str) -> Error {
    Error::new(
        Kind::Conflict,
        format!(
            "request id '{id}' was already used for {used_for}, a different request: the {field} differs; nothing was performed"
        ),
    )
    .hint(words![
        "use a fresh ",
        arg("request-id"),
        " for a new request, or repeat the first one exactly",
    ])
}

pub(super) fn dropped_warnings(entry: &Entry, forge: ForgeName) -> Vec<Words> {
    let Some(EntryAction::Steer(record)) = entry.parsed_action() else {
        return Vec::new();
    };
    crate::actions::dropped(record)
        .into_iter()
        .map(|what| {
            Words::of(format!(
                "{forge} did not apply {what}; the token may not be allowed to set it"
            ))
        })
        .collect()
}

pub(super) fn unknown(error: Error, attempt_id: &str, given: bool, forge: ForgeName) -> Error {
    let retry = if given {
        words![
            "retry with the same ",
            arg("request-id"),
            format!(" {attempt_id}")
        ]
    } else {
        words![
            "run ",
            cmd("interrupted settle").word(attempt_id),
            " (or retry with ",
            arg("request-id"),
            format!(" {attempt_id})"),
        ]
    };
    // An outcome known to be partial already says the forge acted.
    let mut message = error.message().clone();
    if error.kind() != Kind::UnknownOutcome {
        message.push(format!("; {forge} may have acted"));
    }
    Error::new(error.kind(), message).hint(words![
        "helm kept a record of the attempt; ",
        retry,
        format!(": helm looks on {forge} for the effect and records it, and acts again only if {forge} shows nothing happened"),
    ])
}

pub(super) fn cannot_tell(doing: &str, attempt_id: &str, why: &Words, forge: ForgeName) -> Error {
    Error::new(
        Kind::UnknownOutcome,
        words![
            format!("an earlier attempt '{attempt_id}' to {doing} was interrupted, and helm cannot tell whether {forge} acted: "),
            why,
        ],
    )
    .hint(words![
        format!("check on {forge}; then "),
        cmd("interrupted settle").word(attempt_id),
        " once it shows, or ",
        cmd("interrupted discard").word(attempt_id),
        " and steer again",
    ])
}

/// A retry on an ended voyage whose earlier attempt the forge shows did not
/// happen: helm never acts on an ended voyage.
pub(super) fn ended(error: Error, attempt_id: &str, forge: ForgeName) -> Error {
    Error::new(
        error.kind(),
        words![
            error.message(),
            format!("; {forge} shows the interrupted attempt '{attempt_id}' did not act, and helm does not act on an ended voyage"),
        ],
    )
    .hint(words![
        cmd("interrupted settle").word(attempt_id),
        " clears its record; start a new voyage to act again",
    ])
}

/// The forge acted but the entry could not be committed: say what it did,
/// whether the answer was saved, and how to settle it.
pub(super) fn acted_but_unrecorded(
    err: Error,
    doing: &str,
    answer: &SteerRecord,
    saved: bool,
    (attempt_id, forge): (&str, ForgeName),
) -> Error {
    let mut what = Vec::new();
    if let Some(id) = crate::actions::comment(answer) {
        what.push(format!("comment {id}"));
    }
    if let Some(url) = &answer.url {
        what.push(url.clone());
    }
    what.extend(crate::actions::made(answer));
    let what = if what.is_empty() {
        String::new()
    } else {
        format!(" ({})", what.join(", "))
    };
    let hint = if saved {
        words![
            format!("{forge}'s answer is saved; "),
            cmd("interrupted settle").word(attempt_id),
            " (or a retry with ",
            arg("request-id"),
            format!(" {attempt_id}) records it without acting again"),
        ]
    } else {
        words![
            format!(
                "{forge}'s answer could not be saved either; note the result above, free the disk, and record it by hand with "
            ),
            cmd("log"),
        ]
    };
    Error::new(
        err.kind(),
        words![
            format!("{forge} did {doing}{what}, but recording the entry failed: "),
            err.message(),
        ],
    )
    .hint(hint)
}

pub(super) fn killed(point: super::SteerKillPoint) -> Error {
    Error::new(Kind::Io, format!("killed at {point:?}"))
}
