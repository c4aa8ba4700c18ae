//! CI on Forgejo in the `checks` part's shape (GitHub's `checks` part and
//! its `github-checks` payload): the commit statuses of a head with their
//! combined state, and the Actions runs of that head, each job a check run
//! (Forgejo's own status word kept as `forgeStatus`), with the last lines of
//! the logs asked for as its `job` (its steps are not read). A server without the Actions endpoints (404) says so
//! in `checkRunsUnavailable` rather than showing no runs.

use helm_forge::{ChecksOf, ForgeError, LogsWanted, shape};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::to_value;
use crate::api::{ForgejoApi, PAGE};
use crate::{shapes, wire};

/// The app every Actions job is said to come from.
const ACTIONS: &str = "forgejo-actions";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Log {
    tail: Vec<String>,
    lines: u64,
    bytes: u64,
}

/// A part of a run that could not be had, and why.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Unavailable {
    reason: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    message: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Job {
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Log>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log_unavailable: Option<Unavailable>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    #[serde(flatten)]
    run: shape::CheckRun,
    forge_status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<Job>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Checks {
    head_sha: String,
    check_runs: Vec<Run>,
    combined_state: String,
    statuses: Vec<shape::Status>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    statuses_truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    check_runs_unavailable: Option<Unavailable>,
}

#[derive(Deserialize)]
struct Combined {
    #[serde(flatten)]
    combined: wire::ForgejoCombinedStatus,
    #[serde(default)]
    total_count: Option<u64>,
}

/// The CI of `of`, with the logs `logs` asks for.
pub(crate) async fn of(
    api: &ForgejoApi,
    of: &ChecksOf,
    logs: LogsWanted,
) -> Result<Value, ForgeError> {
    let sha = match of {
        ChecksOf::Pr(number) => super::pull(api, *number).await?.head.sha,
        ChecksOf::Ref(git_ref) => {
            let combined = combined(api, git_ref).await?;
            let sha = combined.combined.sha.filter(|s| !s.is_empty());
            sha.unwrap_or_else(|| git_ref.clone())
        }
    };
    of_sha(api, &sha, Some(logs)).await
}

async fn combined(api: &ForgejoApi, at: &str) -> Result<Combined, ForgeError> {
    // A branch may hold `/`: one path segment all the same.
    let segment = crate::api::segment(at);
    let path = api.repo_path(&format!("/commits/{segment}/status?limit={PAGE}&page=1"));
    api.get(&path, &format!("read {at}'s combined status"))
        .await
}

/// The statuses and Actions runs of `sha`; jobs' logs only when `logs` asks.
pub(crate) async fn of_sha(
    api: &ForgejoApi,
    sha: &str,
    logs: Option<LogsWanted>,
) -> Result<Value, ForgeError> {
    let combined = combined(api, sha).await?;
    let statuses: Vec<shape::Status> = (combined.combined.statuses.unwrap_or_default())
        .into_iter()
        .map(shapes::status)
        .collect();
    let statuses_truncated = combined
        .total_count
        .is_some_and(|total| total > statuses.len() as u64);
    // Forgejo says "" with no statuses; GitHub's word then is `pending`,
    // which readiness reads as nothing to wait for.
    let combined_state = match combined.combined.state.as_str() {
        "" => "pending".to_string(),
        state => state.to_string(),
    };
    let (check_runs, unavailable) = runs(api, sha, logs).await?;
    to_value(&Checks {
        head_sha: sha.to_string(),
        check_runs,
        combined_state,
        statuses,
        statuses_truncated,
        check_runs_unavailable: unavailable,
    })
}

async fn runs(
    api: &ForgejoApi,
    sha: &str,
    logs: Option<LogsWanted>,
) -> Result<(Vec<Run>, Option<Unavailable>), ForgeError> {
    let sha = crate::api::segment(sha);
    let path = api.repo_path(&format!("/actions/runs?head_sha={sha}&limit={PAGE}&page=1"));
    let doing = format!("list the Actions runs of {sha}");
    let answer = api.answer(&path, &doing).await?;
    if answer.status.as_u16() == 404 {
        return Ok((
            Vec::new(),
            Some(Unavailable {
                reason: "not-found",
                status: Some(404),
                message: "no Actions runs listed by this server (it predates Forgejo's Actions API, or Actions are off)".into(),
            }),
        ));
    }
    let listed: wire::ForgejoRuns = crate::api::read(&answer, &doing, false)?;
    let mut runs = Vec::new();
    for run in listed.workflow_runs.unwrap_or_default() {
        let path = api.repo_path(&format!("/actions/runs/{}/jobs", run.id));
        let jobs: Vec<wire::ForgejoJob> = api
            .get(&path, &format!("list run {}'s jobs", run.id))
            .await?;
        for job in jobs {
            runs.push(check_run(api, job, logs).await?);
        }
    }
    Ok((runs, None))
}

/// Forgejo's job status as GitHub's status and conclusion.
fn github_words(status: &str) -> (&'static str, Option<&'static str>) {
    match status {
        "success" => ("completed", Some("success")),
        "failure" => ("completed", Some("failure")),
        "cancelled" => ("completed", Some("cancelled")),
        "skipped" => ("completed", Some("skipped")),
        "running" => ("in_progress", None),
        _ => ("queued", None),
    }
}

async fn check_run(
    api: &ForgejoApi,
    job: wire::ForgejoJob,
    logs: Option<LogsWanted>,
) -> Result<Run, ForgeError> {
    let (status, conclusion) = github_words(&job.status);
    let failed = conclusion.is_some_and(|c| c == "failure" || c == "cancelled");
    let wants_log =
        logs.is_some_and(|l| !l.none && conclusion.is_some() && (failed || !l.failed_only));
    let job_part = match (logs, wants_log) {
        (Some(logs), true) => Some(log(api, job.id, logs.tail).await?),
        _ => None,
    };
    Ok(Run {
        run: shape::CheckRun {
            id: job.id,
            name: job.name,
            status: status.to_string(),
            conclusion: conclusion.map(str::to_string),
            started_at: None,
            completed_at: None,
            url: job.html_url,
            app: Some(shape::App {
                slug: Some(ACTIONS.to_string()),
            }),
        },
        forge_status: job.status,
        job: job_part,
    })
}

/// The last `keep` lines of job `id`'s log, or why there are none.
async fn log(api: &ForgejoApi, id: u64, keep: usize) -> Result<Job, ForgeError> {
    let path = api.repo_path(&format!("/actions/jobs/{id}/logs"));
    let answer = api.answer(&path, &format!("read job {id}'s log")).await?;
    let mut job = Job {
        log: None,
        log_unavailable: None,
    };
    if !answer.status.is_success() {
        let status = answer.status.as_u16();
        job.log_unavailable = Some(Unavailable {
            reason: if status == 404 {
                "not-found"
            } else {
                "refused"
            },
            status: Some(status),
            message: format!("Forgejo answered {status}: {}", crate::error::said(&answer)),
        });
        return Ok(job);
    }
    let text = String::from_utf8_lossy(&answer.body);
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(keep);
    job.log = Some(Log {
        tail: lines[from..].iter().map(|l| l.to_string()).collect(),
        lines: lines.len() as u64,
        bytes: answer.body.len() as u64,
    });
    Ok(job)
}
