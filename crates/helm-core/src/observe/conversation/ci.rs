//! A pull request's CI as its `checks` part shows it: the check runs and
//! the commit statuses of its head, and GitHub's combined state of the
//! statuses. Both are counted, because a green check run beside a failing
//! status is not a green pull request (issue 31): the digest, the brief and
//! the changes since an entry read it from here.

use serde_json::Value;

use crate::words::plural;

/// How many names a count carries before it says `…`.
const NAMED: usize = 3;

/// One line: `checks: 1 passed · statuses: 1 failing (lint) · combined:
/// failure`. Statuses and the combined state are said only when the part
/// has them (payloads from before statuses were read have neither); with
/// no status at all, GitHub's `pending` means nothing to wait for and is
/// said as `statuses: none`.
pub(crate) fn line(checks: &Value) -> Option<String> {
    let runs = checks.get("checkRuns")?.as_array()?;
    let mut line = format!("checks: {}", runs_counted(runs));
    if let Some(statuses) = checks.get("statuses").and_then(Value::as_array) {
        if statuses.is_empty() {
            line.push_str(" · statuses: none");
        } else {
            line.push_str(&format!(" · statuses: {}", statuses_counted(statuses)));
            if let Some(state) = combined(checks) {
                line.push_str(&format!(" · combined: {state}"));
            }
        }
    }
    Some(line)
}

/// GitHub's combined state of the statuses, `none` when there are no
/// statuses (GitHub answers `pending` then, with nothing pending). Every view
/// that says a PR's statuses (the story, the brief, the page) reads it here, so
/// "no statuses" is said one way.
pub fn combined(checks: &Value) -> Option<String> {
    let state = checks.get("combinedState")?.as_str()?;
    let statuses = checks.get("statuses").and_then(Value::as_array);
    let truncated = checks["statusesTruncated"].as_bool() == Some(true);
    match statuses {
        Some(list) if list.is_empty() && !truncated => Some("none".to_string()),
        _ => Some(state.to_string()),
    }
}

/// Where a check run's conclusion puts it.
fn run_outcome(run: &Value) -> Outcome {
    match run.get("conclusion").and_then(Value::as_str) {
        Some("success" | "neutral" | "skipped") => Outcome::Passed,
        Some(_) => Outcome::Failed,
        None => Outcome::Pending,
    }
}

/// Where a status's state puts it.
fn status_outcome(status: &Value) -> Outcome {
    match status.get("state").and_then(Value::as_str) {
        Some("success") => Outcome::Passed,
        Some("pending") => Outcome::Pending,
        _ => Outcome::Failed,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Passed,
    Failed,
    Pending,
}

/// `3 passed, 1 failed (lint), 2 pending`.
fn runs_counted(runs: &[Value]) -> String {
    counted(runs, run_outcome, "name", "failed")
}

/// `1 passed, 1 failing (lint)`: a status's failure is its present state.
fn statuses_counted(statuses: &[Value]) -> String {
    counted(statuses, status_outcome, "context", "failing")
}

fn counted(items: &[Value], outcome: fn(&Value) -> Outcome, name: &str, failed: &str) -> String {
    let mut parts = Vec::new();
    for (which, word) in [
        (Outcome::Passed, "passed"),
        (Outcome::Failed, failed),
        (Outcome::Pending, "pending"),
    ] {
        let these: Vec<&Value> = items.iter().filter(|i| outcome(i) == which).collect();
        if these.is_empty() {
            continue;
        }
        let mut said = format!("{} {word}", these.len());
        if which != Outcome::Passed {
            let mut names: Vec<&str> = these
                .iter()
                .take(NAMED)
                .map(|i| i[name].as_str().unwrap_or("unnamed"))
                .collect();
            if these.len() > NAMED {
                names.push("…");
            }
            said.push_str(&format!(" ({})", names.join(", ")));
        }
        parts.push(said);
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The number of files a pull request changes, from its summary (GitHub's
/// count) else its files part: `2 files`.
pub(crate) fn files(summary: Option<&Value>, files: Option<&Value>) -> Option<String> {
    let counted = summary
        .and_then(|s| s.get("changedFiles"))
        .and_then(Value::as_u64)
        .or_else(|| files.and_then(Value::as_array).map(|f| f.len() as u64))?;
    Some(format!("{counted} {}", plural(counted, "file", "files")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_failing_status_beside_a_green_run_is_said() {
        let checks = json!({"headSha": "f882a01", "combinedState": "failure",
            "checkRuns": [{"name": "ci", "status": "completed", "conclusion": "success"}],
            "statuses": [{"context": "lint", "state": "failure"}]});
        assert_eq!(
            line(&checks).as_deref(),
            Some("checks: 1 passed · statuses: 1 failing (lint) · combined: failure")
        );
        assert_eq!(combined(&checks).as_deref(), Some("failure"));
    }

    #[test]
    fn no_statuses_is_not_pending() {
        let checks = json!({"headSha": "f882a01", "combinedState": "pending",
            "checkRuns": [{"name": "ci", "status": "queued", "conclusion": null},
                          {"name": "build", "status": "completed", "conclusion": "timed_out"}],
            "statuses": []});
        assert_eq!(
            line(&checks).as_deref(),
            Some("checks: 1 failed (build), 1 pending (ci) · statuses: none")
        );
        assert_eq!(combined(&checks).as_deref(), Some("none"));
        // A payload from before statuses were read says only its runs.
        let old = json!({"checkRuns": []});
        assert_eq!(line(&old).as_deref(), Some("checks: none"));
    }

    #[test]
    fn many_failures_are_named_up_to_three() {
        let statuses: Vec<Value> = ["a", "b", "c", "d"]
            .iter()
            .map(|c| json!({"context": c, "state": "error"}))
            .collect();
        let checks = json!({"combinedState": "failure", "checkRuns": [], "statuses": statuses});
        assert_eq!(
            line(&checks).as_deref(),
            Some("checks: none · statuses: 4 failing (a, b, c, …) · combined: failure")
        );
    }

    #[test]
    fn files_come_from_githubs_count_else_the_listing() {
        let summary = json!({"changedFiles": 1});
        assert_eq!(files(Some(&summary), None).as_deref(), Some("1 file"));
        let listed = json!([{"filename": "a"}, {"filename": "b"}]);
        assert_eq!(files(None, Some(&listed)).as_deref(), Some("2 files"));
        assert_eq!(files(None, None), None);
    }
}
