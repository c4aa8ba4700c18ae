//! CI on GitLab in the `checks` shape GitHub's part and `github-checks` have:
//! the head's newest pipeline (a merge request's from `GET …/pipelines`, a
//! ref's from `GET /projects/:id/pipelines?ref=` or `?sha=`), its jobs as
//! check runs (GitLab's status read into `status`/`conclusion`, its own word
//! kept as `forgeStatus`, with `stage` and `allowFailure`: a failed job that
//! may fail is `neutral`, so it does not block), and the last lines of the
//! jobs' traces that `logs` asks for. GitLab's external commit statuses are
//! not in the endpoints helm is held to, so `statuses` is empty and the
//! combined state `pending`, which helm reads as "no statuses", as GitHub's.

use helm_forge::shape::CheckRun;
use helm_forge::{ChecksOf, ForgeError, LogsWanted};
use helm_http::client::storage::Tail;
use http::Method;
use serde::Serialize;
use serde_json::Value;

use super::to_value;
use crate::api::{GitLabApi, encode, said};
use crate::wire::{GitLabJob, GitLabMr, GitLabPipeline};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Log {
    tail: Vec<String>,
    lines: u64,
    bytes: u64,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    lines_cut: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Unavailable {
    reason: &'static str,
    status: u16,
    message: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JobLog {
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Log>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log_unavailable: Option<Unavailable>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    #[serde(flatten)]
    run: CheckRun,
    forge_status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    stage: Option<String>,
    allow_failure: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<JobLog>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Checks {
    head_sha: String,
    check_runs: Vec<Run>,
    combined_state: &'static str,
    statuses: Vec<Value>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    check_runs_truncated: bool,
}

/// GitLab's job status as helm's (GitHub's) `status` and `conclusion`.
fn read_status(job: &GitLabJob) -> (&'static str, Option<&'static str>) {
    match job.status.as_str() {
        "running" => ("in_progress", None),
        "success" => ("completed", Some("success")),
        "failed" if job.allow_failure => ("completed", Some("neutral")),
        "failed" => ("completed", Some("failure")),
        "canceled" | "canceling" => ("completed", Some("cancelled")),
        "skipped" => ("completed", Some("skipped")),
        // A manual job that may fail waits for no one: it never blocks.
        "manual" if job.allow_failure => ("completed", Some("skipped")),
        // created, pending, preparing, scheduled, waiting_for_resource, manual
        _ => ("queued", None),
    }
}

/// The CI of `of`, with the log tails `logs` asks for.
pub(crate) async fn checks(
    api: &GitLabApi,
    of: &ChecksOf,
    logs: LogsWanted,
) -> Result<Value, ForgeError> {
    match of {
        ChecksOf::Pr(number) => {
            let base = api.path(&format!("/merge_requests/{number}"));
            let mr: GitLabMr = api.get(&base).await?;
            of_mr(api, &base, mr.head().unwrap_or_default(), Some(logs)).await
        }
        ChecksOf::Ref(git_ref) => {
            let is_sha = git_ref.len() == 40 && git_ref.chars().all(|c| c.is_ascii_hexdigit());
            let by = if is_sha { "sha" } else { "ref" };
            let path = api.path(&format!("/pipelines?{by}={}", encode(git_ref)));
            let (pipelines, _) = api.pages::<GitLabPipeline>(&path).await?;
            let head = pipelines.first().map(|p| p.sha.clone());
            let head = head.unwrap_or_else(|| {
                if is_sha {
                    git_ref.clone()
                } else {
                    String::new()
                }
            });
            shaped(api, head, pipelines.first(), Some(logs)).await
        }
    }
}

/// The CI of the merge request at `base` whose head is `head`.
pub(crate) async fn of_mr(
    api: &GitLabApi,
    base: &str,
    head: &str,
    logs: Option<LogsWanted>,
) -> Result<Value, ForgeError> {
    let (pipelines, _) = api
        .pages::<GitLabPipeline>(&format!("{base}/pipelines"))
        .await?;
    // Newest first, as GitLab lists them: the head's newest pipeline.
    let pipeline = pipelines.iter().find(|p| p.sha == head);
    shaped(api, head.to_string(), pipeline, logs).await
}

async fn shaped(
    api: &GitLabApi,
    head_sha: String,
    pipeline: Option<&GitLabPipeline>,
    logs: Option<LogsWanted>,
) -> Result<Value, ForgeError> {
    let (jobs, truncated) = match pipeline {
        Some(p) => {
            api.pages::<GitLabJob>(&api.path(&format!("/pipelines/{}/jobs", p.id)))
                .await?
        }
        None => (Vec::new(), false),
    };
    let mut runs = Vec::new();
    for job in jobs {
        let (status, conclusion) = read_status(&job);
        let wanted = logs.is_some_and(|l| {
            !l.none && status == "completed" && (!l.failed_only || job.status == "failed")
        });
        let log = match wanted {
            true => Some(trace(api, job.id, logs.map_or(0, |l| l.tail)).await?),
            false => None,
        };
        runs.push(Run {
            run: CheckRun {
                id: job.id,
                name: job.name.clone(),
                status: status.to_string(),
                conclusion: conclusion.map(str::to_string),
                started_at: job.started_at.clone(),
                completed_at: job.finished_at.clone(),
                url: job.web_url.clone(),
                app: None,
            },
            forge_status: job.status.clone(),
            stage: job.stage.clone(),
            allow_failure: job.allow_failure,
            job: log,
        });
    }
    Ok(to_value(&Checks {
        head_sha,
        check_runs: runs,
        combined_state: "pending",
        statuses: Vec::new(),
        check_runs_truncated: truncated,
    }))
}

/// The last `keep` lines of a job's trace; a refusal of the trace alone is
/// said in the part, not a failed look.
async fn trace(api: &GitLabApi, job: u64, keep: usize) -> Result<JobLog, ForgeError> {
    let path = api.path(&format!("/jobs/{job}/trace"));
    let answer = api
        .client
        .send(Method::GET, &path, "text/plain", None)
        .await
        .map_err(|err| ForgeError::not_done(crate::api::transport(err, "GET", &path)))?;
    if !answer.status.is_success() {
        let status = answer.status.as_u16();
        return Ok(JobLog {
            log: None,
            log_unavailable: Some(Unavailable {
                reason: if status == 404 {
                    "not-found"
                } else {
                    "refused"
                },
                status,
                message: said(&answer).unwrap_or_else(|| format!("GitLab answered {status}")),
            }),
        });
    }
    let mut tail = Tail::new(keep);
    tail.push(&answer.body);
    let (lines, tail) = tail.finish();
    Ok(JobLog {
        log: Some(Log {
            tail: lines,
            lines: tail.seen_lines,
            bytes: tail.seen_bytes,
            lines_cut: tail.lines_cut,
        }),
        log_unavailable: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: &str, allow_failure: bool) -> GitLabJob {
        serde_json::from_str(&format!(
            r#"{{"id":1,"name":"test","status":"{status}","allow_failure":{allow_failure},"web_url":null}}"#
        ))
        .unwrap()
    }

    #[test]
    fn gitlabs_job_statuses_in_helms_words() {
        let read = |status, allowed| read_status(&job(status, allowed));
        assert_eq!(read("success", false), ("completed", Some("success")));
        assert_eq!(read("failed", false), ("completed", Some("failure")));
        assert_eq!(read("failed", true), ("completed", Some("neutral")));
        assert_eq!(read("canceled", false), ("completed", Some("cancelled")));
        assert_eq!(read("running", false), ("in_progress", None));
        assert_eq!(read("manual", true), ("completed", Some("skipped")));
        assert_eq!(read("manual", false), ("queued", None));
        assert_eq!(read("waiting_for_resource", false), ("queued", None));
    }
}
