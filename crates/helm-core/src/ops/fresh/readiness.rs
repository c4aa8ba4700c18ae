//! Whether a merge is ready, as the slate's newest observation of the pull
//! request's `checks` and `reviews` parts shows it (the contract's "A merge
//! you can defend", ADR 0020): pure, from payloads already read, never a
//! request of its own. What is not ready is said in words a reader can act
//! on: what is failing, pending, blocked by a review, or was not observed.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::error::Words;
use crate::model::words;

/// What the slate shows of one part of the pull request.
pub(super) enum PartSeen<'a> {
    /// No observation on the slate looked at the part.
    Never,
    /// Its newest observation cannot be read (reduced, jettisoned): why,
    /// in words that may name a command (each front end names it).
    Lost(Words),
    /// The part as its newest observation saw it.
    Seen(&'a Value),
}

/// The check run conclusions that block a merge (the contract's list).
const FAILED: [&str; 4] = ["failure", "timed_out", "cancelled", "action_required"];

/// The pull request's `checks` part as the slate holds it, read for what
/// blocks a merge (the `…Seen` types below are its items and the reviews').
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
}

#[derive(Deserialize)]
struct ReviewSeen {
    author: Option<String>,
    state: String,
}

/// Everything that keeps PR `pr` from being ready, each a short phrase
/// ("check lint failed (failure)", "carol requested changes"); empty when
/// it is ready. `pinned` is the head the merge goes out pinned to: checks
/// seen on another commit say nothing about it.
pub(super) fn not_ready(checks: PartSeen, reviews: PartSeen, pinned: Option<&str>) -> Vec<Words> {
    let mut found: Vec<Words> = Vec::new();
    let mut judged = Vec::new();
    match checks {
        PartSeen::Never => found.push(Words::of("its checks were not observed")),
        PartSeen::Lost(why) => found.push(words!["its checks cannot be read: ", why]),
        PartSeen::Seen(value) => match ChecksPart::deserialize(value) {
            Ok(checks) => judge_checks(&checks, pinned, &mut judged),
            Err(err) => judged.push(format!("its observed checks cannot be read: {err}")),
        },
    }
    found.extend(judged.drain(..).map(Words::of));
    match reviews {
        PartSeen::Never => found.push(Words::of("its reviews were not observed")),
        PartSeen::Lost(why) => found.push(words!["its reviews cannot be read: ", why]),
        PartSeen::Seen(value) => match ReviewsPart::deserialize(value) {
            Ok(reviews) => judge_reviews(&reviews, &mut judged),
            Err(err) => judged.push(format!("its observed reviews cannot be read: {err}")),
        },
    }
    found.extend(judged.into_iter().map(Words::of));
    found
}

fn judge_checks(checks: &ChecksPart, pinned: Option<&str>, found: &mut Vec<String>) {
    if let Some(pinned) = pinned
        && pinned != checks.head_sha
    {
        found.push(format!(
            "its checks were observed on {}, not on {} the merge is pinned to",
            short(&checks.head_sha),
            short(pinned)
        ));
    }
    for run in &checks.check_runs {
        match run.conclusion.as_deref() {
            _ if run.status != "completed" => {
                found.push(format!("check {} is pending ({})", run.name, run.status));
            }
            Some(conclusion) if FAILED.contains(&conclusion) => {
                found.push(format!("check {} failed ({conclusion})", run.name));
            }
            _ => {}
        }
    }
    if checks.check_runs_truncated {
        found.push("not every check run was read (the listing was cut)".to_string());
    }
    // GitHub reports `pending` with no statuses at all: nothing to wait for.
    match checks.combined_state.as_str() {
        "success" => {}
        "pending" if checks.statuses.is_empty() && !checks.statuses_truncated => {}
        state => {
            let named: Vec<String> = checks
                .statuses
                .iter()
                .filter(|s| s.state != "success")
                .map(|s| format!("status {} is {}", s.context, s.state))
                .collect();
            if named.is_empty() {
                found.push(format!("the combined status is {state}"));
            }
            found.extend(named);
        }
    }
}

/// Each reviewer's latest opinionated review counts, as GitHub counts it:
/// a later `COMMENTED` leaves a `CHANGES_REQUESTED` standing; `APPROVED`
/// or `DISMISSED` clears it.
fn judge_reviews(reviews: &ReviewsPart, found: &mut Vec<String>) {
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
            found.push(format!("{author} requested changes"));
        }
    }
    if reviews.reviews_truncated {
        found.push("not every review was read (the listing was cut)".to_string());
    }
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HEAD: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

    fn checks(runs: Value, combined: &str, statuses: Value) -> Value {
        json!({"headSha": HEAD, "checkRuns": runs, "combinedState": combined, "statuses": statuses})
    }

    fn reviews(list: &[(&str, &str)]) -> Value {
        let list: Vec<Value> = list
            .iter()
            .map(|(who, state)| json!({"id": 1, "author": who, "state": state}))
            .collect();
        json!({"reviews": list, "threads": []})
    }

    fn judge(checks: &Value, reviews: &Value) -> Vec<String> {
        not_ready(PartSeen::Seen(checks), PartSeen::Seen(reviews), Some(HEAD))
            .iter()
            .map(Words::to_string)
            .collect()
    }

    #[test]
    fn green_checks_and_no_statuses_are_ready() {
        let runs = json!([{"name": "ci", "status": "completed", "conclusion": "success"},
                          {"name": "docs", "status": "completed", "conclusion": "skipped"}]);
        assert!(judge(&checks(runs, "pending", json!([])), &reviews(&[])).is_empty());
    }

    #[test]
    fn failing_pending_and_statuses_are_named() {
        let runs = json!([{"name": "lint", "status": "completed", "conclusion": "timed_out"},
                          {"name": "ci", "status": "in_progress", "conclusion": null}]);
        let statuses = json!([{"context": "deploy", "state": "pending"},
                              {"context": "ok", "state": "success"}]);
        assert_eq!(
            judge(&checks(runs, "pending", statuses), &reviews(&[])),
            [
                "check lint failed (timed_out)",
                "check ci is pending (in_progress)",
                "status deploy is pending"
            ]
        );
    }

    #[test]
    fn a_later_comment_leaves_changes_requested_and_approval_clears_it() {
        let green = checks(json!([]), "success", json!([]));
        let commented = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "COMMENTED")]);
        assert_eq!(judge(&green, &commented), ["carol requested changes"]);
        let approved = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "APPROVED")]);
        assert!(judge(&green, &approved).is_empty());
        let dismissed = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "DISMISSED")]);
        assert!(judge(&green, &dismissed).is_empty());
    }

    #[test]
    fn parts_not_seen_or_seen_on_another_head_are_not_ready() {
        assert_eq!(
            not_ready(
                PartSeen::Never,
                PartSeen::Lost(Words::of("jettisoned")),
                None
            )
            .iter()
            .map(Words::to_string)
            .collect::<Vec<_>>(),
            [
                "its checks were not observed",
                "its reviews cannot be read: jettisoned"
            ]
        );
        let green = checks(json!([]), "success", json!([]));
        let other = "0".repeat(40);
        assert_eq!(
            not_ready(
                PartSeen::Seen(&green),
                PartSeen::Seen(&reviews(&[])),
                Some(&other)
            )
            .iter()
            .map(Words::to_string)
            .collect::<Vec<_>>(),
            ["its checks were observed on 6dcb09b, not on 0000000 the merge is pinned to"]
        );
    }
}
