//! The one line a `github-checks` payload comes down to: what failed and at
//! which step, what passed, what is still running, e.g.
//! `"ci / test" failed at step "cargo test" · lint passed · 1 pending`, and
//! what of a run could not be had: `"ci / test" failed (log expired)`.

use helm_forge::shape::failed;
use serde_json::Value;

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

/// Whether the look asked for logs: its payload then lists what has none.
fn asked_logs(checks: &Value) -> bool {
    checks.get("withoutLog").is_some()
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
        // As helm-github's look writes it (its `without_log`).
        checks["withoutLog"] = json!([
            {"name": "sonar", "why": "not a GitHub Actions job: GitHub keeps no log for \
                another app's check run; see https://sonar.example/run/1"},
            {"name": "lint", "why": "a commit status: GitHub keeps no log for statuses, \
                only their sender does (and it names no targetUrl)"}
        ]);
        assert_eq!(
            digest(&checks).as_deref(),
            Some(
                "\"sonar\" failed (no log: not an Actions job) · \"lint\" failure \
                 (no log: a commit status) · ci passed"
            )
        );
    }
}
