//! The verdicts on looks at a pull request, blocker by blocker.

use super::*;
use crate::error::Words;
use serde_json::{Value, json};

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

fn looks<'a>(checks: &'a Value, reviews: &'a Value) -> Looks<'a> {
    Looks {
        summary: PartSeen::Never,
        checks: PartSeen::Seen(checks),
        reviews: PartSeen::Seen(reviews),
        earlier_checks: None,
    }
}

fn says(readiness: &Readiness) -> Vec<String> {
    readiness.blockers.iter().map(|b| b.says.clone()).collect()
}

fn judged(checks: &Value, reviews: &Value) -> Vec<String> {
    says(&judge(&looks(checks, reviews), Some(HEAD)))
}

#[test]
fn green_checks_and_no_statuses_are_ready() {
    let runs = json!([{"name": "ci", "status": "completed", "conclusion": "success"},
                      {"name": "docs", "status": "completed", "conclusion": "skipped"}]);
    let verdict = judge(
        &looks(&checks(runs, "pending", json!([])), &reviews(&[])),
        None,
    );
    assert!(verdict.ready && verdict.blockers.is_empty());
    assert_eq!(verdict.line(), "readiness: ready");
}

#[test]
fn failing_pending_and_statuses_are_named() {
    let runs = json!([{"name": "lint", "status": "completed", "conclusion": "timed_out"},
                      {"name": "ci", "status": "in_progress", "conclusion": null}]);
    let statuses = json!([{"context": "deploy", "state": "pending"},
                          {"context": "ok", "state": "success"}]);
    let verdict = judge(
        &looks(&checks(runs, "pending", statuses), &reviews(&[])),
        Some(HEAD),
    );
    assert_eq!(
        says(&verdict),
        [
            "check lint failed (timed_out)",
            "check ci is pending (in_progress)",
            "status deploy is pending"
        ]
    );
    let kinds: Vec<K> = verdict.blockers.iter().map(|b| b.kind).collect();
    assert_eq!(kinds, [K::CheckFailed, K::CheckPending, K::StatusPending]);
    assert_eq!(verdict.blockers[0].name.as_deref(), Some("lint"));
}

#[test]
fn a_later_comment_leaves_changes_requested_and_approval_clears_it() {
    let green = checks(json!([]), "success", json!([]));
    let commented = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "COMMENTED")]);
    assert_eq!(judged(&green, &commented), ["carol requested changes"]);
    let approved = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "APPROVED")]);
    assert!(judged(&green, &approved).is_empty());
    let dismissed = reviews(&[("carol", "CHANGES_REQUESTED"), ("carol", "DISMISSED")]);
    assert!(judged(&green, &dismissed).is_empty());
}

#[test]
fn parts_not_seen_or_seen_on_another_head_are_not_ready() {
    let none = Looks {
        summary: PartSeen::Never,
        checks: PartSeen::Never,
        reviews: PartSeen::Lost(Words::of("jettisoned")),
        earlier_checks: None,
    };
    assert_eq!(
        says(&judge(&none, None)),
        [
            "its checks were not observed",
            "its reviews cannot be read: jettisoned"
        ]
    );
    let green = checks(json!([]), "success", json!([]));
    let other = "0".repeat(40);
    assert_eq!(
        says(&judge(&looks(&green, &reviews(&[])), Some(&other))),
        ["its checks were observed on 6dcb09b, not on its head 0000000"]
    );
}

#[test]
fn every_blocker_is_named_at_once_and_threads_are_also_named() {
    let earlier = json!({"headSha": "1111111aaaa", "combinedState": "success",
        "statuses": [{"context": "ci/legacy", "state": "success"}],
        "checkRuns": [{"name": "e2e", "status": "completed", "conclusion": "success"}]});
    let now = checks(
        json!([{"name": "lint", "status": "completed", "conclusion": "failure"}]),
        "failure",
        json!([{"context": "deploy", "state": "error"}]),
    );
    let mut reviewed = reviews(&[
        ("carol", "CHANGES_REQUESTED"),
        ("dave", "CHANGES_REQUESTED"),
    ]);
    reviewed["threads"] = json!([
        {"isResolved": false, "path": "src/a.rs", "line": 10},
        {"isResolved": true, "path": "src/b.rs", "line": 2},
        {"isResolved": false, "path": "src/c.rs", "line": null}
    ]);
    let summary = json!({"draft": true, "mergeable": false, "head": {"sha": HEAD},
        "requestedReviewers": ["erin"], "requestedTeams": []});
    let verdict = judge(
        &Looks {
            summary: PartSeen::Seen(&summary),
            checks: PartSeen::Seen(&now),
            reviews: PartSeen::Seen(&reviewed),
            earlier_checks: Some(&earlier),
        },
        None,
    );
    assert!(!verdict.ready);
    assert_eq!(
        says(&verdict),
        [
            "it is a draft",
            "it has conflicts with its base branch",
            "check e2e ran on 1111111 and is missing on 6dcb09b",
            "status ci/legacy ran on 1111111 and is missing on 6dcb09b",
            "check lint failed (failure)",
            "status deploy is error",
            "carol requested changes",
            "dave requested changes"
        ]
    );
    let also: Vec<&str> = verdict.also.iter().map(|b| b.says.as_str()).collect();
    assert_eq!(
        also,
        [
            "review still requested from erin",
            "2 unresolved threads (src/a.rs:10, src/c.rs)"
        ]
    );
    assert_eq!(verdict.also[1].at, ["src/a.rs:10", "src/c.rs"]);
    assert!(
        verdict
            .line()
            .contains("; also: review still requested from erin")
    );
}
