//! The freshness guard before a steer (ADR 0008): which observations on the
//! bearing are of the steer's issue or pull request, whether GitHub still
//! shows what they saw, and the head sha a merge is pinned to. It runs inside
//! the seal, under the voyage's write lock, so the bearing it judges is the
//! one the entry records. It never writes.

use serde_json::Value;

use crate::error::{Error, Kind, Result};
use crate::github::{self, parts_head_sha};
use crate::model::entry::{Freshness, Verdict};
use crate::model::{Observe, Steer};
use crate::steering::Preflight;
use crate::storage::slate::Observation;
use crate::storage::{VoyageFile, VoyageStore};

/// What the guard needs besides GitHub: the voyage to read payloads from
/// and whether a stale bearing may be acted on.
pub struct Guard {
    pub file: VoyageFile,
    pub allow_stale: bool,
}

/// Judges `bearing` for `steer`; an error refuses the steer.
pub fn preflight(
    guard: &Guard,
    session: &github::Session,
    steer: &Steer,
    bearing: &[Observation],
) -> Result<Preflight> {
    let Some(number) = steer.subject() else {
        return Ok(verdict(Freshness::of(Verdict::NoTarget), None));
    };
    let repo = &session.client.repo;
    let mine: Vec<(&Observation, bool)> = bearing
        .iter()
        .filter_map(|o| match Observe::from_key(&o.target)? {
            Observe::GitHubIssue {
                repo: r, number: n, ..
            } if r == *repo && n == number => Some((o, false)),
            Observe::GitHubPullRequest {
                repo: r, number: n, ..
            } if r == *repo && n == number => Some((o, true)),
            _ => None,
        })
        .collect();
    if mine.is_empty() {
        return Ok(verdict(Freshness::of(Verdict::NotObserved), None));
    }
    // A second connection: the sealing one holds the write lock but has
    // written nothing yet, so reading beside it is allowed.
    let reader = VoyageStore::open(guard.file.clone())?;
    let mut payloads: Vec<(&Observation, bool, Value)> = Vec::new();
    for (observation, is_pr) in &mine {
        let stored = reader.artifact(&observation.artifact)?;
        // A reduced or jettisoned payload kept no validators to ask with.
        if let Some(payload) = super::observe::parse_stored(&stored) {
            payloads.push((observation, *is_pr, payload));
        }
    }
    let pinned = pin(steer, &payloads);
    let values: Vec<&Value> = payloads.iter().map(|(_, _, v)| v).collect();
    let client = &session.client;
    let outcome = session.runtime.block_on(async {
        tokio::time::timeout(session.timeout, github::fresh::changes(client, &values)).await
    });
    let mut freshness = Freshness::of(Verdict::Fresh);
    freshness.checked = payloads.len();
    let failure = match outcome {
        Ok(Ok(changed)) if changed.is_empty() => return Ok(verdict(freshness, pinned)),
        Ok(Ok(changed)) if guard.allow_stale => {
            freshness.verdict = Verdict::Stale;
            freshness.changed = changed;
            return Ok(verdict(freshness, pinned));
        }
        Ok(Ok(changed)) => return Err(stale(steer, &mine, &changed)),
        Ok(Err(err)) => err
            .into_error(
                &format!("check that {} is unchanged", subject(steer)),
                &repo.to_string(),
                "nothing was acted on or recorded",
            )
            .message()
            .to_string(),
        Err(_elapsed) => format!(
            "GitHub did not answer the freshness check within {} s",
            session.timeout.as_secs()
        ),
    };
    if guard.allow_stale {
        freshness.verdict = Verdict::Unchecked;
        freshness.changed = vec![failure];
        return Ok(verdict(freshness, pinned));
    }
    Err(Error::new(Kind::GitHub, failure).hint(
        "nothing was acted on or recorded; try again, or pass --allow-stale to act without the check",
    ))
}

fn verdict(freshness: Freshness, steer: Option<Steer>) -> Preflight {
    Preflight {
        freshness: Some(freshness),
        steer,
    }
}

/// A merge without `--sha` pinned to the head the latest observation of the
/// pull request saw.
fn pin(steer: &Steer, payloads: &[(&Observation, bool, Value)]) -> Option<Steer> {
    let Steer::MergePullRequest {
        pr,
        method,
        sha: None,
    } = steer
    else {
        return None;
    };
    let sha = payloads
        .iter()
        .filter(|(_, is_pr, _)| *is_pr)
        .filter_map(|(o, _, payload)| Some((o.observed_at.as_str(), parts_head_sha(payload)?)))
        .max_by(|a, b| a.0.cmp(b.0))?
        .1;
    Some(Steer::MergePullRequest {
        pr: *pr,
        method: *method,
        sha: Some(sha),
    })
}

fn subject(steer: &Steer) -> String {
    let number = steer.subject().unwrap_or_default();
    match steer {
        Steer::Comment {
            on: crate::model::steer::Thread::Issue(_),
            ..
        }
        | Steer::EditIssue { .. }
        | Steer::CloseIssue { .. } => format!("issue #{number}"),
        _ => format!("PR #{number}"),
    }
}

fn stale(steer: &Steer, mine: &[(&Observation, bool)], changed: &[String]) -> Error {
    let oldest = mine.iter().map(|(o, _)| o.observed_at.as_str()).min();
    Error::new(
        Kind::Stale,
        format!(
            "{} changed since you observed it {}: {}",
            subject(steer),
            ago(oldest.unwrap_or_default()),
            changed.join("; ")
        ),
    )
    .hint("nothing was acted on or recorded; observe it again to see what changed, then steer (or pass --allow-stale to act anyway; the entry records what had changed)")
}

/// "4 min ago", from an RFC 3339 time.
fn ago(when: &str) -> String {
    let Ok(then) = when.parse::<jiff::Timestamp>() else {
        return format!("at {when}");
    };
    let seconds = jiff::Timestamp::now().as_second() - then.as_second();
    match seconds {
        s if s < 60 => "just now".to_string(),
        s if s < 3600 => format!("{} min ago", s / 60),
        s if s < 86_400 => format!("{} h ago", s / 3600),
        s => format!("{} days ago", s / 86_400),
    }
}
