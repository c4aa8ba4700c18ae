//! CI on Forgejo in the `checks` part's shape (GitHub's `checks` part and
//! its `github-checks` payload): the commit statuses of a head with their
//! combined state, and the Actions runs of that head, each job a check run
//! (Forgejo's own status word kept as `forgeStatus`), with the last lines of
//! the logs asked for as its `job` (its steps are not read). A server
//! without the Actions endpoints (404) says so in `checkRunsUnavailable`
//! rather than showing no runs; runs left unread say `checkRunsTruncated`,
//! which readiness counts against a merge.

use helm_forge::{ChecksOf, ForgeError, LogsWanted, shape};
use helm_http::client::storage::Tail;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::to_value;
use crate::api::{ForgejoApi, MAX_PAGES, PAGE};
use crate::{shapes, wire};

/// The app every Actions job is said to come from.
const ACTIONS: &str = "forgejo-actions";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Log {
    tail: Vec<String>,
    lines: u64,
    bytes: u64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lines_cut: bool,
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
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    check_runs_truncated: bool,
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
    let (check_runs, check_runs_truncated, unavailable) = runs(api, sha, logs).await?;
    to_value(&Checks {
        head_sha: sha.to_string(),
        check_runs,
        check_runs_truncated,
        combined_state,
        statuses,
        statuses_truncated,
        check_runs_unavailable: unavailable,
    })
}

/// The Actions runs of `sha`, every page (`total_count` says when the
/// server's `MAX_RESPONSE_ITEMS` cut one short) up to [`MAX_PAGES`], each
/// run's jobs a check run; `true` when runs were left unread, which
/// readiness counts as a blocker. A 404 is a server without Actions, a 403
/// Actions the token may not read: either is said, not the look's failure.
async fn runs(
    api: &ForgejoApi,
    sha: &str,
    logs: Option<LogsWanted>,
) -> Result<(Vec<Run>, bool, Option<Unavailable>), ForgeError> {
    let sha = crate::api::segment(sha);
    let doing = format!("list the Actions runs of {sha}");
    let mut listed: Vec<wire::ForgejoRun> = Vec::new();
    let mut cut = false;
    for page in 1..=MAX_PAGES {
        let path = api.repo_path(&format!(
            "/actions/runs?head_sha={sha}&limit={PAGE}&page={page}"
        ));
        let answer = api.answer(&path, &doing).await?;
        let status = answer.status.as_u16();
        if page == 1 && matches!(status, 403 | 404) {
            // No Actions here, or none the token may read: the statuses
            // still tell, so the look goes on without runs and says why.
            let unavailable = match status {
                404 => Unavailable {
                    reason: "not-found",
                    status: Some(404),
                    message: "no Actions runs listed by this server (it predates Forgejo's Actions API, or Actions are off)".into(),
                },
                _ => Unavailable {
                    reason: "refused",
                    status: Some(status),
                    message: format!(
                        "Forgejo refused the Actions runs ({status}: {})",
                        crate::error::said(&answer)
                    ),
                },
            };
            return Ok((Vec::new(), false, Some(unavailable)));
        }
        let these: wire::ForgejoRuns = crate::api::read(&answer, &doing, false)?;
        let mut fresh = 0;
        for run in these.workflow_runs.unwrap_or_default() {
            if listed.iter().all(|had| had.id != run.id) {
                listed.push(run);
                fresh += 1;
            }
        }
        // Without a count, only an empty page ends the listing.
        let more = these
            .total_count
            .map_or(fresh > 0, |total| (listed.len() as u64) < total);
        // A page with nothing new while more is said to be left: a server
        // that ignores `page`, so what is left cannot be had.
        if !more || fresh == 0 {
            cut = more;
            break;
        }
        cut = page == MAX_PAGES;
    }
    let mut runs = Vec::new();
    for run in listed {
        let path = api.repo_path(&format!("/actions/runs/{}/jobs", run.id));
        let doing = format!("list run {}'s jobs", run.id);
        let answer = api.answer(&path, &doing).await?;
        if answer.status.as_u16() == 404 {
            // A Forgejo that lists runs but not yet their jobs: its commit
            // statuses still tell each job's outcome.
            let message = "this server lists Actions runs but not their jobs (a Forgejo older than its jobs API); the commit statuses tell their outcomes";
            let unavailable = Unavailable {
                reason: "not-found",
                status: Some(404),
                message: message.into(),
            };
            return Ok((Vec::new(), false, Some(unavailable)));
        }
        let jobs: Vec<wire::ForgejoJob> = crate::api::read(&answer, &doing, false)?;
        for job in jobs {
            runs.push(check_run(api, job, logs).await?);
        }
    }
    Ok((runs, cut, None))
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

/// The last `keep` lines of job `id`'s log, or why there are none. The log
/// is served in place, read within helm-http's bound on one answer, and its
/// tail kept as the core keeps a GitHub log's ([`Tail`]: each line bounded,
/// `\r\n` ended, a cut line marked). A log that cannot be read (too large,
/// no answer) is this job's log unavailable, not the look's failure.
async fn log(api: &ForgejoApi, id: u64, keep: usize) -> Result<Job, ForgeError> {
    let path = api.repo_path(&format!("/actions/jobs/{id}/logs"));
    let mut job = Job {
        log: None,
        log_unavailable: None,
    };
    let answer = match api.answer(&path, &format!("read job {id}'s log")).await {
        Ok(answer) => answer,
        Err(failed) => {
            job.log_unavailable = Some(Unavailable {
                reason: "unreadable",
                status: None,
                message: failed.error.message().to_string(),
            });
            return Ok(job);
        }
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
    let mut tail = Tail::new(keep);
    tail.push(&answer.body);
    let (lines, tail) = tail.finish();
    job.log = Some(Log {
        tail: lines,
        lines: tail.seen_lines,
        bytes: tail.seen_bytes,
        lines_cut: tail.lines_cut,
    });
    Ok(job)
}
