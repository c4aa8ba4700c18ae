//! The freshness guard on a forge reached through the seam (ADR 0023,
//! "Freshness without ETags"): GitLab and Forgejo answer no conditional
//! request, so each observation of the steer's issue or pull request on the
//! bearing is looked at again whole, through the forge's `Repository`, and
//! compared part by part with what it saw, by the comparison `observe`
//! already words its changes with (`Target::changes`). A new note, a moved
//! head or an edited body refuses the steer as `stale`, saying what changed.
//! It also pins a merge to the head seen and adds the forge's own blockers to
//! what keeps a pull request from merging. It never writes.

use serde::Deserialize;
use serde_json::Value;

use super::Guard;
use super::beside::Beside;
use crate::actions::{Dispatch, IssueOrPull, Steer};
use crate::error::{Error, Kind, Result, arg, cmd};
use crate::model::entry::{Checked, Freshness, NotChecked, Verdict};
use crate::model::words;
use crate::observe::{Source, Target};
use crate::ops::forge_look::OpenedForge;
use crate::steering::Preflight;
use crate::storage::VoyageStore;
use crate::storage::slate::Observation;
use helm_forge::ForgeRepo;

/// The place and number a neutral target's key holds.
#[derive(Deserialize)]
struct Key {
    kind: String,
    forge: helm_forge::ForgeName,
    host: String,
    repo: String,
    number: u64,
}

/// One observation of the steer's target, newest first, and its payload.
struct Seen<'a> {
    observation: &'a Observation,
    target: Target,
    payload: Option<Value>,
}

/// Judges `bearing` for `steer` on `place` (an error refuses the steer),
/// with the reads `other` holds sent alongside the check's own (see
/// `beside`); their output comes back beside the verdict.
pub(crate) fn preflight_beside<'a, T>(
    guard: &Guard,
    opened: &'a OpenedForge,
    place: &ForgeRepo,
    steer: &Steer,
    bearing: &[Observation],
    other: Beside<'a, T>,
) -> (Result<Preflight>, Option<T>) {
    let mut other = other;
    let judged = judge(guard, opened, place, steer, bearing, &mut other);
    (judged, other.finish(&opened.runtime))
}

fn judge<T>(
    guard: &Guard,
    opened: &OpenedForge,
    place: &ForgeRepo,
    steer: &Steer,
    bearing: &[Observation],
    other: &mut Beside<'_, T>,
) -> Result<Preflight> {
    let Some(thread) = steer.thread() else {
        let mut freshness = Freshness::of(Verdict::NoTarget);
        let why = format!(
            "the steer creates its issue or pull request: there is nothing on {} to compare it with yet",
            place.forge
        );
        not_checked(&mut freshness, bearing, &[], &why);
        return Ok(verdict(freshness, None, Vec::new()));
    };
    let voyage = guard.file.id.to_string();
    let mut mine = of_target(bearing, place, thread);
    let others = format!(
        "not an observation of {}, which the steer acts on",
        subject(thread)
    );
    if !mine.is_empty() {
        // Beside the sealing connection, which has written nothing yet.
        let reader = VoyageStore::open(guard.file.clone())?;
        for one in &mut mine {
            let stored = reader.artifact(&one.observation.artifact)?;
            one.payload = super::super::observe::parse_stored(&stored);
        }
    }
    if mine.is_empty() {
        if guard.require_observed {
            return Err(not_observed(steer, place, thread, &voyage));
        }
        let mut freshness = Freshness::of(Verdict::NotObserved);
        not_checked(&mut freshness, bearing, &mine, &others);
        return Ok(verdict(freshness, None, Vec::new()));
    }
    let mut freshness = Freshness::of(Verdict::Fresh);
    let mut stale: Vec<&Seen> = Vec::new();
    let mut now_summary: Option<Value> = None;
    let mut nows = again(opened, &mine, other)?.into_iter();
    for one in &mine {
        let target = one.target.describe();
        let Some(payload) = &one.payload else {
            freshness.changed.push(format!(
                "{target}: its payload is no longer stowed, so it cannot be compared"
            ));
            continue;
        };
        let Some(now) = nows.next() else {
            return Err(Error::new(
                Kind::Corrupt,
                format!("{target} was not read again with the others"),
            ));
        };
        if now_summary.is_none() && matches!(thread, IssueOrPull::PullRequest(_)) {
            now_summary = now.get("summary").cloned();
        }
        let before = serde_json::to_vec(payload).unwrap_or_default();
        let after = serde_json::to_vec(&now).unwrap_or_default();
        let changes = one.target.changes(&before, &after);
        freshness.checked += 1;
        // Read again whole: every part it saw was asked about.
        let parts = one.target.subject().map(|s| s.parts).unwrap_or_default();
        freshness.observations.push(Checked {
            target: target.clone(),
            verdict: if changes.is_empty() { "fresh" } else { "stale" }.to_string(),
            parts: parts.iter().map(|p| p.to_string()).collect(),
        });
        if !changes.is_empty() {
            stale.push(one);
            freshness
                .changed
                .extend(changes.into_iter().map(|c| format!("{target}: {c}")));
        }
    }
    not_checked(&mut freshness, bearing, &mine, &others);
    if !freshness.changed.is_empty() {
        if !guard.allow_stale {
            return Err(refused_stale(steer, &stale, &freshness.changed, &voyage));
        }
        freshness.verdict = if stale.is_empty() {
            Verdict::Unchecked
        } else {
            Verdict::Stale
        };
    }
    let pinned = pin(steer, &mine)?;
    let not_ready = match (steer.needs_ready(), &now_summary) {
        (true, Some(summary)) => opened
            .repo
            .blockers(summary)
            .into_iter()
            .map(|b| b.words)
            .collect(),
        _ => Vec::new(),
    };
    if !not_ready.is_empty() && steer.overridden().is_none() {
        return Err(Error::new(
            Kind::NotReady,
            format!(
                "{} on {} is not ready to merge: {}",
                subject(thread),
                place.forge,
                not_ready.join("; ")
            ),
        )
        .hint(words![
            "nothing was merged or recorded; wait until it is ready and observe it again, or pass ",
            arg("override"),
            " with a reason to merge anyway",
        ]));
    }
    Ok(verdict(freshness, pinned, not_ready))
}

/// Each observation of `bearing` not in `mine`, with `why` it was not
/// asked about, so the entry never reads as having checked more than it did.
fn not_checked(freshness: &mut Freshness, bearing: &[Observation], mine: &[Seen], why: &str) {
    for observation in bearing {
        if mine
            .iter()
            .any(|m| std::ptr::eq(m.observation, observation))
        {
            continue;
        }
        freshness.not_checked.push(NotChecked {
            target: Target::from_key(&observation.target)
                .map_or_else(|| observation.target.clone(), |t| t.describe()),
            why: why.to_string(),
        });
    }
}

/// The bearing's observations of `thread` on `place` (host and path in any
/// case), newest first. An issue and a merge request are two things on
/// GitLab even under one number, so only the steer's own kind counts.
fn of_target<'a>(
    bearing: &'a [Observation],
    place: &ForgeRepo,
    thread: IssueOrPull,
) -> Vec<Seen<'a>> {
    let kind = if matches!(thread, IssueOrPull::PullRequest(_)) {
        "pr"
    } else {
        "issue"
    };
    let mut mine: Vec<Seen> = bearing
        .iter()
        .filter_map(|observation| {
            let key: Key = serde_json::from_str(&observation.target).ok()?;
            let same = key.kind == kind
                && key.forge == place.forge
                && key.host.eq_ignore_ascii_case(&place.host)
                && key.repo.eq_ignore_ascii_case(place.repo.as_str())
                && key.number == thread.number();
            if !same {
                return None;
            }
            Some(Seen {
                observation,
                target: Target::from_key(&observation.target)?,
                payload: None,
            })
        })
        .collect();
    mine.sort_by(|a, b| b.observation.observed_at.cmp(&a.observation.observed_at));
    mine
}

/// Each observation still stowed, read again through the forge, in order,
/// with `other`'s reads beside them; each redacted as what it is compared
/// with was. The first that cannot be read refuses the check, and the rest
/// are not asked.
fn again<T>(
    opened: &OpenedForge,
    mine: &[Seen<'_>],
    other: &mut Beside<'_, T>,
) -> Result<Vec<Value>> {
    let repo = opened.repo.as_ref();
    let reads = async {
        let mut nows = Vec::new();
        for one in mine {
            let Some(payload) = &one.payload else {
                continue;
            };
            let Source::Forge(look) = one.target.source() else {
                return Err(Error::new(
                    Kind::Corrupt,
                    format!("{} is not a target on a forge", one.target.describe()),
                ));
            };
            let read = crate::ops::forge_look::looked(look, repo).await;
            nows.push(as_compared(&one.target, payload, read)?);
        }
        Ok(nows)
    };
    opened.runtime.block_on(other.with(reads))
}

/// What was read again, redacted, or why the check could not be made.
fn as_compared(
    target: &Target,
    payload: &Value,
    read: std::result::Result<Value, helm_forge::ForgeError>,
) -> Result<Value> {
    let mut now = read.map_err(|err| {
        let error = err.error;
        let message = error.message().to_string();
        Error::new(
            error.kind(),
            format!(
                "cannot check that {} is unchanged: {message}",
                target.describe()
            ),
        )
        .hint(words![
            "nothing was acted on or recorded; try again, or pass ",
            arg("allow-stale"),
            " to act without the check",
        ])
    })?;
    crate::secrets::redact_payload(&mut now, Some(payload));
    Ok(now)
}

/// A merge pinned to the head the newest pull request observation saw; a
/// merge given `--sha` keeps it.
fn pin(steer: &Steer, mine: &[Seen]) -> Result<Option<Steer>> {
    if !steer.pins() {
        return Ok(None);
    }
    let head = mine.iter().find_map(|m| {
        let sha = m.payload.as_ref()?.pointer("/summary/head/sha")?.as_str()?;
        (!sha.is_empty()).then(|| sha.to_string())
    });
    Ok(head.map(|sha| steer.pinned(sha)))
}

fn subject(thread: IssueOrPull) -> String {
    match thread {
        IssueOrPull::Issue(n) => format!("issue #{n}"),
        IssueOrPull::PullRequest(n) => format!("PR #{n}"),
    }
}

fn refused_stale(steer: &Steer, stale: &[&Seen], changed: &[String], voyage: &str) -> Error {
    let again = stale
        .first()
        .and_then(|m| m.target.command_args())
        .unwrap_or_default();
    Error::new(
        Kind::Stale,
        format!(
            "{} changed since you observed it, so helm did not {}: {}",
            steer
                .thread()
                .map(subject)
                .unwrap_or_else(|| "the target".into()),
            steer.doing(),
            changed.join("; ")
        ),
    )
    .hint(words![
        "nothing was acted on or recorded; observe it again with ",
        cmd("observe").value("voyage", voyage).args(again),
        ", or pass ",
        arg("allow-stale"),
        " to act anyway",
    ])
}

fn not_observed(steer: &Steer, place: &ForgeRepo, thread: IssueOrPull, voyage: &str) -> Error {
    let kind = if matches!(thread, IssueOrPull::PullRequest(_)) {
        "pr"
    } else {
        "issue"
    };
    Error::new(
        Kind::NotObserved,
        format!(
            "the slate holds no observation of {}, and the steer requires one",
            subject(thread)
        ),
    )
    .hint(words![
        "nothing was acted on or recorded; observe it first with ",
        cmd("observe")
            .value("voyage", voyage)
            .word(format!("{kind} {}", thread.number()))
            .value("repo", format!("{}/{}", place.host, place.repo))
            .value("forge", place.forge.as_str()),
        " (",
        steer.doing(),
        ")",
    ])
}

fn verdict(freshness: Freshness, steer: Option<Steer>, not_ready: Vec<String>) -> Preflight {
    Preflight {
        freshness: Some(freshness),
        steer,
        not_ready,
    }
}
