//! Check runs and commit statuses for reading: one line each, and under a
//! failed run its annotations and its job's failed steps and log tail,
//! which is where a red build says why.

use serde_json::Value;

use super::screen::{Look, Screen, plural};
use super::{array, string};
use crate::output::short_hash;

const RUNS: usize = 15;
const STATUSES: usize = 10;
const ANNOTATIONS: usize = 3;
/// Lines of a failed job's log, from its end.
const LOG_TAIL: usize = 10;

/// `why`: for a pull request's checks part, which does not read jobs, the
/// command that shows a failed run's log.
pub(super) fn render(screen: &mut Screen, checks: &Value, why: Option<&str>) {
    let runs = array(checks, "checkRuns").unwrap_or_default();
    let statuses = array(checks, "statuses").unwrap_or_default();
    screen.heading(&format!(
        "checks on {} ({}, {}, combined status {})",
        short_hash(&string(checks, "headSha")),
        plural(runs.len(), "check run"),
        plural(statuses.len(), "status"),
        string(checks, "combinedState")
    ));
    let runs_shown = screen.keep(RUNS);
    for run in runs.iter().take(runs_shown) {
        let outcome = run
            .get("conclusion")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_else(|| string(run, "status").replace('_', " "));
        let line = format!("{} {}  {outcome}", mark(&outcome), string(run, "name"));
        screen.styled(look(&outcome), &line);
        if failed(&outcome) {
            failure(screen, run);
            if let (None, Some(why)) = (run.get("job"), why) {
                screen.line(&format!("    why: {why}"));
            }
        }
    }
    if runs.len() > runs_shown {
        let rest = runs.len() - runs_shown;
        screen.omitted(rest, &format!("… {} more", plural(rest, "check run")));
    }
    let statuses_shown = screen.keep(STATUSES);
    for status in statuses.iter().take(statuses_shown) {
        let state = string(status, "state");
        let description = string(status, "description");
        let mut line = format!("{} {}  {state}", mark(&state), string(status, "context"));
        if !description.is_empty() {
            line.push_str(&format!(" · {description}"));
        }
        screen.styled(look(&state), &line);
    }
    if statuses.len() > statuses_shown {
        let rest = statuses.len() - statuses_shown;
        screen.omitted(rest, &format!("… {} more", plural(rest, "status")));
    }
    for (key, what) in [
        ("checkRunsTruncated", "check runs"),
        ("statusesTruncated", "statuses"),
    ] {
        if checks.get(key).and_then(Value::as_bool) == Some(true) {
            screen.line(&format!(
                "(GitHub listed no more {what}: there may be more)"
            ));
        }
    }
}

/// Under a failed run: annotations, failed steps, the log's last lines.
fn failure(screen: &mut Screen, run: &Value) {
    let annotations = array(run, "annotations").unwrap_or_default();
    let annotations_shown = screen.keep(ANNOTATIONS);
    for annotation in annotations.iter().take(annotations_shown) {
        screen.line(&format!(
            "    {}:{} {}",
            string(annotation, "path"),
            annotation
                .get("startLine")
                .and_then(Value::as_u64)
                .unwrap_or(0),
            string(annotation, "message")
        ));
    }
    if annotations.len() > annotations_shown {
        let rest = annotations.len() - annotations_shown;
        screen.omitted(rest, &format!("    … {}", plural(rest, "more annotation")));
    }
    let Some(job) = run.get("job") else {
        return;
    };
    for step in array(job, "steps").unwrap_or_default() {
        let conclusion = string(step, "conclusion");
        if failed(&conclusion) {
            screen.line(&format!("    step {}: {conclusion}", string(step, "name")));
        }
    }
    if let Some(log) = job.get("log") {
        let tail: Vec<String> = array(log, "tail")
            .unwrap_or_default()
            .iter()
            .map(|line| line.as_str().unwrap_or_default().to_string())
            .collect();
        let total = log.get("lines").and_then(Value::as_u64).unwrap_or(0) as usize;
        screen.line(&format!(
            "    log ({}; the last {} follow):",
            plural(total, "line"),
            tail.len().min(screen.keep(LOG_TAIL))
        ));
        // Lines the look itself did not keep are left out too.
        screen.skip(total.saturating_sub(tail.len()));
        screen.tail(&tail, "      ", screen.keep(LOG_TAIL));
    } else if let Some(why) = job.get("logUnavailable") {
        screen.line(&format!("    no log: {}", string(why, "reason")));
    }
}

fn failed(outcome: &str) -> bool {
    matches!(
        outcome,
        "failure" | "timed_out" | "cancelled" | "action_required" | "startup_failure" | "error"
    )
}

/// Green for passed, yellow for failed, plain for the rest.
fn look(outcome: &str) -> Look {
    match outcome {
        "success" => Look::Good,
        _ if failed(outcome) => Look::Bad,
        _ => Look::Plain,
    }
}

/// A mark a reader scans for: `✓` passed, `✗` failed, `·` anything else.
fn mark(outcome: &str) -> &'static str {
    match outcome {
        "success" => "✓",
        _ if failed(outcome) => "✗",
        _ => "·",
    }
}
