//! The one line a `github-checks` payload comes down to: what failed and at
//! which step, what passed, what is still running, e.g.
//! `"ci / test" failed at step "cargo test" · lint passed · 1 pending`, and
//! what of a run could not be had: `"ci / test" failed (log expired)`.

use serde::Serialize;
use serde_json::Value;

use crate::observe::payload::to_value;

/// Conclusions that make a check run red.
pub(crate) fn failed(conclusion: Option<&str>) -> bool {
    matches!(
        conclusion,
        Some("failure" | "timed_out" | "cancelled" | "action_required" | "startup_failure")
    )
}

fn verb(conclusion: &str) -> &'static str {
    match conclusion {
        "timed_out" => "timed out",
        "cancelled" => "was cancelled",
        "action_required" => "needs action",
        "startup_failure" => "failed to start",
        _ => "failed",
    }
}

/// Passed checks are named while they are this few, else counted.
const NAMED_PASSES: usize = 2;

/// The digest of a payload's `checks`; `None` when it is not one.
pub(crate) fn digest(checks: &Value) -> Option<String> {
    let runs = checks.get("checkRuns")?.as_array()?;
    let statuses = checks.get("statuses")?.as_array()?;
    let mut red = Vec::new();
    let mut passed = Vec::new();
    let (mut pending, mut skipped) = (0, 0);
    let mut missing = Vec::new();
    for run in runs {
        let name = run.get("name")?.as_str()?;
        let conclusion = run.get("conclusion").and_then(Value::as_str);
        let gaps = unavailable(run);
        if run.get("status")?.as_str()? != "completed" {
            pending += 1;
        } else if failed(conclusion) {
            let step = run["job"]["steps"]
                .as_array()
                .and_then(|steps| steps.iter().find(|s| failed(s["conclusion"].as_str())))
                .and_then(|s| s["name"].as_str());
            let mut said = format!("\"{name}\" {}", verb(conclusion.unwrap_or_default()));
            if let Some(step) = step {
                said.push_str(&format!(" at step \"{step}\""));
            }
            let mut gaps = gaps;
            if run.get("job").is_none() && asked_logs(checks) {
                gaps.push("no log: not an Actions job".to_string());
            }
            if !gaps.is_empty() {
                said.push_str(&format!(" ({})", gaps.join(", ")));
            }
            red.push(said);
            continue;
        } else if conclusion == Some("success") {
            passed.push(name);
        } else {
            skipped += 1;
        }
        missing.extend(gaps.iter().map(|gap| format!("\"{name}\" {gap}")));
    }
    for status in statuses {
        let context = status.get("context")?.as_str()?;
        match status.get("state")?.as_str()? {
            "success" => passed.push(context),
            "pending" => pending += 1,
            state if asked_logs(checks) => {
                red.push(format!("\"{context}\" {state} (no log: a commit status)"));
            }
            state => red.push(format!("\"{context}\" {state}")),
        }
    }
    let mut words = red;
    if passed.len() <= NAMED_PASSES {
        words.extend(passed.iter().map(|name| format!("{name} passed")));
    } else {
        words.push(format!("{} passed", passed.len()));
    }
    if skipped > 0 {
        words.push(format!("{skipped} skipped"));
    }
    if pending > 0 {
        words.push(format!("{pending} pending"));
    }
    words.extend(missing);
    if words.is_empty() {
        return Some("no checks".to_string());
    }
    Some(words.join(" · "))
}

/// A failing check run or status that has no log on GitHub, and why.
#[derive(Serialize)]
struct WithoutLog {
    /// The run's `name` or the status's `context`, as the payload has it.
    name: Value,
    why: String,
}

/// The failing check runs and statuses that have no log on GitHub, as the
/// payload's `withoutLog` array: a commit status never has one (its sender
/// keeps its own, at its `targetUrl`), nor a check run of an app other than
/// GitHub Actions (at its `url`). Said so a look that asked for failed logs
/// and came back without one does not read as a log missed.
pub(crate) fn without_log(checks: &Value) -> Value {
    let mut found = Vec::new();
    let where_ = |url: &Value, field: &str| match url.as_str() {
        Some(url) => format!("; see {url}"),
        None => format!(" (and it names no {field})"),
    };
    for run in checks["checkRuns"].as_array().into_iter().flatten() {
        if failed(run["conclusion"].as_str()) && run.get("job").is_none() {
            found.push(WithoutLog {
                name: run["name"].clone(),
                why: format!(
                    "not a GitHub Actions job: GitHub keeps no log for another app's check run{}",
                    where_(&run["url"], "url")
                ),
            });
        }
    }
    for status in checks["statuses"].as_array().into_iter().flatten() {
        if matches!(status["state"].as_str(), Some("failure" | "error")) {
            found.push(WithoutLog {
                name: status["context"].clone(),
                why: format!(
                    "a commit status: GitHub keeps no log for statuses, only their sender does{}",
                    where_(&status["targetUrl"], "targetUrl")
                ),
            });
        }
    }
    to_value(&found)
}

/// Whether the look asked for logs: its payload then lists what has none.
fn asked_logs(checks: &Value) -> bool {
    checks.get("withoutLog").is_some()
}

/// Whether every part of every run was had (no `unavailable` anywhere).
pub(crate) fn complete(checks: &Value) -> bool {
    let runs = checks["checkRuns"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    runs.iter().all(|run| unavailable(run).is_empty())
}

/// What of a run could not be had, e.g. `log expired`, `job not found`.
fn unavailable(run: &Value) -> Vec<String> {
    let parts = [
        ("job", &run["job"]["unavailable"]),
        ("log", &run["job"]["logUnavailable"]),
        ("annotations", &run["annotationsUnavailable"]),
    ];
    parts
        .into_iter()
        .filter_map(|(part, gap)| {
            let words = match gap.get("reason")?.as_str()? {
                "not-found" => "not found",
                "too-large" => "too large",
                reason => reason,
            };
            Some(format!("{part} {words}"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_the_failed_step_the_passes_and_counts_the_rest() {
        let checks = json!({"statuses": [], "checkRuns": [
            {"name": "ci / test", "status": "completed", "conclusion": "failure",
             "job": {"steps": [
                {"name": "checkout", "conclusion": "success"},
                {"name": "cargo test", "conclusion": "failure"},
                {"name": "upload", "conclusion": "skipped"}]}},
            {"name": "lint", "status": "completed", "conclusion": "success"},
            {"name": "docs", "status": "in_progress", "conclusion": null}
        ]});
        assert_eq!(
            digest(&checks).as_deref(),
            Some("\"ci / test\" failed at step \"cargo test\" · lint passed · 1 pending")
        );
        let many = json!({"checkRuns": [], "statuses": [
            {"context": "a", "state": "success"}, {"context": "b", "state": "success"},
            {"context": "c", "state": "success"}, {"context": "deploy", "state": "error"}]});
        assert_eq!(
            digest(&many).as_deref(),
            Some("\"deploy\" error · 3 passed")
        );
        let none = json!({"checkRuns": [], "statuses": []});
        assert_eq!(digest(&none).as_deref(), Some("no checks"));
        assert_eq!(digest(&json!({"checkRuns": 1})), None);
        let gaps = json!({"statuses": [], "checkRuns": [
            {"name": "test", "status": "completed", "conclusion": "failure",
             "job": {"unavailable": {"reason": "not-found", "message": "x"}}},
            {"name": "build", "status": "completed", "conclusion": "success",
             "job": {"steps": [], "logUnavailable": {"reason": "expired", "message": "x"}}}
        ]});
        assert_eq!(
            digest(&gaps).as_deref(),
            Some("\"test\" failed (job not found) · build passed · \"build\" log expired")
        );
    }

    #[test]
    fn a_failure_without_a_log_says_none_exists_and_why() {
        let mut checks = json!({"checkRuns": [
            {"name": "ci", "status": "completed", "conclusion": "success", "job": {"steps": []}},
            {"name": "sonar", "status": "completed", "conclusion": "failure",
             "url": "https://sonar.example/run/1"}
        ], "statuses": [{"context": "lint", "state": "failure", "targetUrl": null}]});
        let none = without_log(&checks);
        assert_eq!(none.as_array().map(Vec::len), Some(2));
        assert_eq!(none[0]["name"], "sonar");
        assert!(
            none[0]["why"]
                .as_str()
                .unwrap()
                .ends_with("another app's check run; see https://sonar.example/run/1")
        );
        assert_eq!(
            none[1]["why"],
            "a commit status: GitHub keeps no log for statuses, only their sender does \
             (and it names no targetUrl)"
        );
        checks["withoutLog"] = none;
        assert_eq!(
            digest(&checks).as_deref(),
            Some(
                "\"sonar\" failed (no log: not an Actions job) · \"lint\" failure \
                 (no log: a commit status) · ci passed"
            )
        );
    }
}
