//! Reads the looks at a pull request's parts into its readiness: failing
//! or pending checks and statuses, checks seen on an earlier head and
//! missing now, a moved head, each reviewer whose latest opinionated review
//! requests changes (as GitHub counts it), a draft, conflicts; and, not
//! blocking, unresolved threads and reviews still requested. Each blocker
//! in words a reader can act on, and as data.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{BlockerKind as K, Looks, MergeBlocker, PartSeen, Readiness};
use crate::model::words;

/// The check run conclusions that block a merge (the contract's list).
const FAILED: [&str; 4] = ["failure", "timed_out", "cancelled", "action_required"];

/// How many places a line names before "and N more".
const NAMED: usize = 5;

/// The pull request's `checks` part, read for what blocks a merge (the
/// `…Seen` types below are its items and the reviews').
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChecksPart {
    head_sha: String,
    check_runs: Vec<CheckRunSeen>,
    combined_state: String,
    statuses: Vec<StatusSeen>,
    #[serde(default)]
    check_runs_truncated: bool,
    #[serde(default)]
    statuses_truncated: bool,
}

#[derive(Deserialize)]
struct CheckRunSeen {
    name: String,
    status: String,
    conclusion: Option<String>,
}

#[derive(Deserialize)]
struct StatusSeen {
    context: String,
    state: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReviewsPart {
    reviews: Vec<ReviewSeen>,
    #[serde(default)]
    reviews_truncated: bool,
    #[serde(default)]
    threads: Vec<ThreadSeen>,
}

#[derive(Deserialize)]
struct ReviewSeen {
    author: Option<String>,
    state: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ThreadSeen {
    is_resolved: bool,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    line: Option<u64>,
}

/// The pull request's own answer, read for a draft, conflicts, its head
/// and the reviews still requested.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct SummaryPart {
    state: Option<String>,
    draft: Option<bool>,
    mergeable: Option<bool>,
    mergeable_state: Option<String>,
    head: Option<HeadSeen>,
    requested_reviewers: Vec<String>,
    requested_teams: Vec<String>,
}

#[derive(Deserialize)]
struct HeadSeen {
    sha: String,
}

/// The verdict on `looks`. `pinned` is the head a merge goes out pinned to
/// (else the summary's head): checks seen on another commit say nothing
/// about it.
pub(crate) fn judge(looks: &Looks, pinned: Option<&str>) -> Readiness {
    let mut blockers = Vec::new();
    let mut also = Vec::new();
    let summary = match &looks.summary {
        PartSeen::Seen(value) => SummaryPart::deserialize(*value).ok(),
        _ => None,
    };
    if let Some(summary) = &summary {
        judge_summary(summary, &mut blockers, &mut also);
    }
    let head = pinned.or(summary
        .as_ref()
        .and_then(|s| s.head.as_ref().map(|h| h.sha.as_str())));
    match &looks.checks {
        PartSeen::Never => blockers.push(MergeBlocker::new(
            K::NotObserved,
            "its checks were not observed",
        )),
        PartSeen::Lost(why) => blockers.push(MergeBlocker::lost(
            K::Unreadable,
            words!["its checks cannot be read: ", why],
        )),
        PartSeen::Seen(value) => match ChecksPart::deserialize(*value) {
            Ok(checks) => {
                let earlier = looks
                    .earlier_checks
                    .and_then(|v| ChecksPart::deserialize(v).ok())
                    .filter(|e| e.head_sha != checks.head_sha);
                judge_checks(&checks, earlier.as_ref(), head, &mut blockers);
            }
            Err(err) => blockers.push(MergeBlocker::new(
                K::Unreadable,
                format!("its observed checks cannot be read: {err}"),
            )),
        },
    }
    match &looks.reviews {
        PartSeen::Never => blockers.push(MergeBlocker::new(
            K::NotObserved,
            "its reviews were not observed",
        )),
        PartSeen::Lost(why) => blockers.push(MergeBlocker::lost(
            K::Unreadable,
            words!["its reviews cannot be read: ", why],
        )),
        PartSeen::Seen(value) => match ReviewsPart::deserialize(*value) {
            Ok(reviews) => judge_reviews(&reviews, &mut blockers, &mut also),
            Err(err) => blockers.push(MergeBlocker::new(
                K::Unreadable,
                format!("its observed reviews cannot be read: {err}"),
            )),
        },
    }
    Readiness {
        ready: blockers.is_empty(),
        blockers,
        also,
    }
}

/// Whether the summary says the pull request was merged: there is no
/// readiness left to judge.
pub(crate) fn merged(summary: &serde_json::Value) -> bool {
    summary["merged"].as_bool() == Some(true)
}

fn judge_summary(
    summary: &SummaryPart,
    found: &mut Vec<MergeBlocker>,
    also: &mut Vec<MergeBlocker>,
) {
    if summary.state.as_deref() == Some("closed") {
        found.push(MergeBlocker::new(K::Closed, "it is closed"));
    }
    if summary.draft == Some(true) {
        found.push(MergeBlocker::new(K::Draft, "it is a draft"));
    }
    // GitHub computes `mergeable` in the background: only its `false` (or
    // the state `dirty`) says there are conflicts.
    if summary.mergeable == Some(false) || summary.mergeable_state.as_deref() == Some("dirty") {
        found.push(MergeBlocker::new(
            K::Conflicts,
            "it has conflicts with its base branch",
        ));
    }
    let mut requested: Vec<String> = summary.requested_reviewers.clone();
    requested.extend(summary.requested_teams.iter().map(|t| format!("team {t}")));
    if !requested.is_empty() {
        let mut blocker = MergeBlocker::new(
            K::ReviewRequested,
            format!("review still requested from {}", requested.join(", ")),
        );
        blocker.at = requested;
        also.push(blocker);
    }
}

fn judge_checks(
    checks: &ChecksPart,
    earlier: Option<&ChecksPart>,
    head: Option<&str>,
    found: &mut Vec<MergeBlocker>,
) {
    if let Some(head) = head
        && head != checks.head_sha
    {
        found.push(MergeBlocker::new(
            K::HeadMoved,
            format!(
                "its checks were observed on {}, not on its head {}",
                short(&checks.head_sha),
                short(head)
            ),
        ));
    }
    if let Some(earlier) = earlier {
        for run in &earlier.check_runs {
            if !checks.check_runs.iter().any(|r| r.name == run.name) {
                found.push(missing("check", &run.name, earlier, checks));
            }
        }
        for status in &earlier.statuses {
            if !checks.statuses.iter().any(|s| s.context == status.context) {
                found.push(missing("status", &status.context, earlier, checks));
            }
        }
    }
    for run in &checks.check_runs {
        match run.conclusion.as_deref() {
            _ if run.status != "completed" => found.push(
                MergeBlocker::new(
                    K::CheckPending,
                    format!("check {} is pending ({})", run.name, run.status),
                )
                .named(&run.name),
            ),
            Some(conclusion) if FAILED.contains(&conclusion) => found.push(
                MergeBlocker::new(
                    K::CheckFailed,
                    format!("check {} failed ({conclusion})", run.name),
                )
                .named(&run.name),
            ),
            _ => {}
        }
    }
    if checks.check_runs_truncated {
        found.push(MergeBlocker::new(
            K::NotAllRead,
            "not every check run was read (the listing was cut)",
        ));
    }
    // GitHub reports `pending` with no statuses at all: nothing to wait for.
    match checks.combined_state.as_str() {
        "success" => {}
        "pending" if checks.statuses.is_empty() && !checks.statuses_truncated => {}
        state => {
            let before = found.len();
            for status in checks.statuses.iter().filter(|s| s.state != "success") {
                let kind = match status.state.as_str() {
                    "pending" => K::StatusPending,
                    _ => K::StatusFailing,
                };
                let says = format!("status {} is {}", status.context, status.state);
                found.push(MergeBlocker::new(kind, says).named(&status.context));
            }
            if found.len() == before {
                let kind = match state {
                    "pending" => K::StatusPending,
                    _ => K::StatusFailing,
                };
                found.push(MergeBlocker::new(
                    kind,
                    format!("the combined status is {state}"),
                ));
            }
        }
    }
}

/// A check run or status that ran on the earlier head and not on this one.
fn missing(what: &str, name: &str, earlier: &ChecksPart, now: &ChecksPart) -> MergeBlocker {
    MergeBlocker::new(
        K::Missing,
        format!(
            "{what} {name} ran on {} and is missing on {}",
            short(&earlier.head_sha),
            short(&now.head_sha)
        ),
    )
    .named(name)
}

/// Each reviewer's latest opinionated review counts, as GitHub counts it:
/// a later `COMMENTED` leaves a `CHANGES_REQUESTED` standing; `APPROVED`
/// or `DISMISSED` clears it.
fn judge_reviews(
    reviews: &ReviewsPart,
    found: &mut Vec<MergeBlocker>,
    also: &mut Vec<MergeBlocker>,
) {
    let mut latest: BTreeMap<&str, &str> = BTreeMap::new();
    for review in &reviews.reviews {
        let state = review.state.as_str();
        if !matches!(state, "APPROVED" | "CHANGES_REQUESTED" | "DISMISSED") {
            continue;
        }
        let author = review.author.as_deref().unwrap_or("a deleted account");
        latest.insert(author, state);
    }
    for (author, state) in latest {
        if state == "CHANGES_REQUESTED" {
            found.push(
                MergeBlocker::new(K::ChangesRequested, format!("{author} requested changes"))
                    .named(author),
            );
        }
    }
    if reviews.reviews_truncated {
        found.push(MergeBlocker::new(
            K::NotAllRead,
            "not every review was read (the listing was cut)",
        ));
    }
    let open: Vec<String> = reviews
        .threads
        .iter()
        .filter(|t| !t.is_resolved)
        .map(|t| match (&t.path, t.line) {
            (Some(path), Some(line)) => format!("{path}:{line}"),
            (Some(path), None) => path.clone(),
            (None, _) => "a file".to_string(),
        })
        .collect();
    if !open.is_empty() {
        let noun = crate::words::plural(open.len() as u64, "thread", "threads");
        let mut places = open
            .iter()
            .take(NAMED)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if open.len() > NAMED {
            places.push_str(&format!(" and {} more", open.len() - NAMED));
        }
        let mut blocker = MergeBlocker::new(
            K::UnresolvedThreads,
            format!("{} unresolved {noun} ({places})", open.len()),
        );
        blocker.at = open;
        also.push(blocker);
    }
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

#[cfg(test)]
mod tests;
