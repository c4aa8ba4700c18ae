//! What changed in a pull request's CI: check runs, commit statuses and the
//! combined state. A push moves the head, and the new head's runs and
//! statuses are another commit's; they are still what a reader acts on, so
//! after the move each status and run is compared by name (a failing `lint`
//! gone, the combined state gone from failure to pending), not left unsaid.

use serde_json::Value;

use super::{Change, head_moved};
use crate::observe::conversation::ci;

/// The changes of the `checks` part.
pub(super) fn checks(old: &Value, new: &Value) -> Vec<Change> {
    let moved = head_moved(old["headSha"].as_str(), new["headSha"].as_str());
    let mut said: Vec<Change> = moved.iter().cloned().collect();
    let items = |v: &Value, key: &str| v[key].as_array().cloned().unwrap_or_default();
    // Runs are one run per id on one commit; across a push, by name.
    let run_key = if moved.is_some() { "name" } else { "id" };
    let (was, now) = (items(old, "checkRuns"), items(new, "checkRuns"));
    said.extend(compared(
        &was,
        &now,
        run_key,
        "check run",
        "name",
        run_outcome,
    ));
    // GitHub keeps one status per context: by context.
    let (was, now) = (items(old, "statuses"), items(new, "statuses"));
    said.extend(compared(&was, &now, "context", "status", "context", |s| {
        s["state"].as_str().unwrap_or("unknown").to_string()
    }));
    let (before, after) = (ci::combined(old), ci::combined(new));
    if before.is_some() && after.is_some() && before != after {
        said.push(Change::said(format!(
            "combined status {} → {}",
            before.unwrap_or_default(),
            after.unwrap_or_default()
        )));
    }
    said
}

fn run_outcome(run: &Value) -> String {
    run["conclusion"]
        .as_str()
        .or(run["status"].as_str())
        .unwrap_or("unknown")
        .replace('_', " ")
}

/// Items new, changed and gone between two listings, matched by `key`.
fn compared(
    was: &[Value],
    now: &[Value],
    key: &str,
    what: &str,
    name: &str,
    outcome: impl Fn(&Value) -> String,
) -> Vec<Change> {
    let named = |item: &Value| item[name].as_str().unwrap_or("unnamed").to_string();
    let mut said = Vec::new();
    for item in now {
        match was.iter().find(|w| w[key] == item[key]) {
            None => said.push(Change::said(format!(
                "new {what} {} ({})",
                named(item),
                outcome(item)
            ))),
            Some(before) if outcome(before) != outcome(item) => {
                said.push(Change::said(format!(
                    "{what} {} now {} (was {})",
                    named(item),
                    outcome(item),
                    outcome(before)
                )));
            }
            Some(_) => {}
        }
    }
    for item in was {
        if !now.iter().any(|n| n[key] == item[key]) {
            said.push(Change::said(format!(
                "{what} {} gone (was {})",
                named(item),
                outcome(item)
            )));
        }
    }
    // A matrix of a hundred jobs moving at once is one line past the first few.
    if said.len() > SAID {
        let more = said.len() - SAID;
        said.truncate(SAID);
        said.push(Change::said(format!("and {more} more {what} changes")));
    }
    said
}

/// How many changes of one listing are said one by one.
const SAID: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(changes: Vec<Change>) -> Vec<String> {
        super::super::settle(changes)
    }

    fn ci(head: &str, conclusion: &str, statuses: Value, combined: &str) -> Value {
        json!({"headSha": head, "combinedState": combined, "statuses": statuses,
               "checkRuns": [{"id": 1, "name": "build", "status": "completed", "conclusion": conclusion}]})
    }

    #[test]
    fn a_run_that_concluded_otherwise_is_named() {
        let old = ci("abc", "success", json!([]), "pending");
        let new = ci("abc", "failure", json!([]), "pending");
        assert_eq!(
            words(checks(&old, &new)),
            ["check run build now failure (was success)"]
        );
    }

    #[test]
    fn a_push_says_what_became_of_the_statuses_and_the_combined_state() {
        let old = ci(
            "abc",
            "success",
            json!([{"context": "lint", "state": "failure"}]),
            "failure",
        );
        let mut new = ci(
            "def",
            "success",
            json!([{"context": "deploy", "state": "pending"}]),
            "pending",
        );
        new["checkRuns"][0]["id"] = json!(2);
        assert_eq!(
            words(checks(&old, &new)),
            [
                "head moved from abc to def",
                "new status deploy (pending)",
                "status lint gone (was failure)",
                "combined status failure → pending"
            ]
        );
        // The statuses gone altogether: GitHub's `pending` with none is none.
        let bare = ci("def", "success", json!([]), "pending");
        assert_eq!(
            words(checks(&old, &bare)),
            [
                "head moved from abc to def",
                "status lint gone (was failure)",
                "combined status failure → none"
            ]
        );
    }

    #[test]
    fn a_status_that_changed_state_is_named() {
        let old = ci(
            "abc",
            "success",
            json!([{"context": "lint", "state": "pending"}]),
            "pending",
        );
        let new = ci(
            "abc",
            "success",
            json!([{"context": "lint", "state": "success"}]),
            "success",
        );
        assert_eq!(
            words(checks(&old, &new)),
            [
                "status lint now success (was pending)",
                "combined status pending → success"
            ]
        );
    }
}
