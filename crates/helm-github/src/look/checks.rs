//! The requests behind a `github-checks` look: the head (a pull request's,
//! or the ref as given), every page of its check runs and of its combined
//! status, then for each failed run its annotations, for an Actions job its
//! steps, and the tail of the job's log, read through the storage redirect
//! without the token ([`storage::tail`]). All of it is kept from the prior
//! look when every validator (the pull request, each page of check runs and
//! statuses) answers 304. A run's part that cannot be had (a job answering
//! 404, an expired log) is marked [`Unavailable`]; the look keeps the rest.
//! Each request answered and each log byte read is counted in the caller's
//! [`LookProgress`].

use futures_util::future::try_join_all;
use helm_forge::shape::{self, failed};
use helm_forge::{ChecksOf, LogsWanted, LookProgress};
use http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::fetch::{is_false, shaped, to_value};
use super::parts::{fresh, holding};
use super::unavailable::{Unavailable, complete, without_log};
use crate::client::Client;
use crate::client::storage::{self, Tail};
use crate::conditional::{get_listing, get_one, get_pages, whole};
use crate::error::GitHubError;
use crate::wire::{GitHubCheckRun, GitHubStatus};
use helm_forge::{NamedPart, Prior};

/// The app whose check runs are GitHub Actions jobs (a job's id is its
/// check run's).
const ACTIONS: &str = "github-actions";

fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(d)
}

#[derive(Deserialize)]
struct Combined {
    state: String,
    sha: String,
    statuses: Vec<GitHubStatus>,
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
struct Annotation {
    path: String,
    start_line: u64,
    end_line: u64,
    #[serde(deserialize_with = "present")]
    annotation_level: Option<String>,
    #[serde(deserialize_with = "present")]
    title: Option<String>,
    #[serde(deserialize_with = "present")]
    message: Option<String>,
}

#[derive(Deserialize)]
struct JobAnswer {
    #[serde(default)]
    steps: Option<Vec<Step>>,
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all(serialize = "camelCase"))]
struct Step {
    number: u64,
    name: String,
    status: String,
    #[serde(deserialize_with = "present")]
    conclusion: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Log {
    /// The last lines, oldest first.
    tail: Vec<String>,
    /// Lines and bytes the whole log had.
    lines: u64,
    bytes: u64,
    #[serde(skip_serializing_if = "is_false")]
    lines_cut: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Job {
    /// The job's steps; absent when the job itself is `unavailable`.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<Step>>,
    /// Why the job could not be read (then nothing else of it was asked).
    #[serde(skip_serializing_if = "Option::is_none")]
    unavailable: Option<Unavailable>,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<Log>,
    /// Why there is no log (logs and their storage addresses expire).
    #[serde(skip_serializing_if = "Option::is_none")]
    log_unavailable: Option<Unavailable>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    #[serde(flatten)]
    run: shape::CheckRun,
    #[serde(skip_serializing_if = "Option::is_none")]
    annotations: Option<Vec<Annotation>>,
    #[serde(skip_serializing_if = "is_false")]
    annotations_truncated: bool,
    /// Why a failed run's annotations could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    annotations_unavailable: Option<Unavailable>,
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
    #[serde(skip_serializing_if = "is_false")]
    check_runs_truncated: bool,
    #[serde(skip_serializing_if = "is_false")]
    statuses_truncated: bool,
}

/// The checks of `of`: `None` when the prior payload still holds whole
/// (every request behind it answered 304, and none of its runs had a part
/// missing, which may be had now); else the `checks` part and, for a pull
/// request, its summary read for the head sha (not shown, its validator
/// kept).
pub(super) async fn checks(
    client: &Client,
    of: &ChecksOf,
    logs: LogsWanted,
    prior: Option<&Prior<'_>>,
    progress: &dyn LookProgress,
) -> Result<Option<Vec<NamedPart>>, GitHubError> {
    // A look with a part missing is never kept whole: what was missing (an
    // expired log address above all) may be had now.
    if let Some(prior) = prior.filter(|p| p.value("checks").is_some_and(complete)) {
        let known = prior.validators();
        let held = holding(client, Some(known)).await?;
        if !known.is_empty() && known.keys().all(|name| held.contains(name)) {
            return Ok(None);
        }
    }
    let mut named = Vec::new();
    let at = match of {
        ChecksOf::Pr(number) => {
            let path = client.repo_path(&format!("/pulls/{number}"));
            let (pr, validator) = get_one::<Value>(client, &path).await?;
            named.push(NamedPart {
                name: "summary",
                part: fresh(Value::Null, false, vec![validator]),
                shown: false,
            });
            let Some(sha) = pr["head"]["sha"].as_str() else {
                return Err(GitHubError::shape_text(
                    "the pull request has no head sha".to_string(),
                ));
            };
            sha.to_string()
        }
        ChecksOf::Ref(git_ref) => git_ref.clone(),
    };
    progress.add(1);
    let runs_path = client.repo_path(&format!("/commits/{at}/check-runs"));
    let status_path = client.repo_path(&format!("/commits/{at}/status"));
    let runs = get_listing::<GitHubCheckRun>(client, &runs_path, |page| page.get("check_runs"));
    let status = get_pages(client, &status_path, |page| page.get("statuses"));
    let ((runs, runs_truncated, runs_seen), (pages, statuses_truncated, status_seen)) =
        tokio::try_join!(runs, status)?;
    progress.add(1);
    let mut combined: Option<Combined> = None;
    for page in pages {
        let page: Combined = serde_json::from_value(page).map_err(GitHubError::shape)?;
        match &mut combined {
            None => combined = Some(page),
            Some(first) => first.statuses.extend(page.statuses),
        }
    }
    let Some(combined) = combined else {
        return Err(GitHubError::shape_text(
            "no combined status came back".into(),
        ));
    };
    let check_runs = try_join_all(
        runs.into_iter()
            .map(|run| detail(client, run, logs, progress)),
    )
    .await?;
    let mut seen = runs_seen;
    seen.extend(status_seen);
    let checks = Checks {
        head_sha: combined.sha,
        check_runs,
        combined_state: combined.state,
        statuses: shaped(combined.statuses),
        check_runs_truncated: runs_truncated,
        statuses_truncated,
    };
    let mut checks = to_value(&checks);
    // What failed without a log to read, and why, when logs were asked for.
    if !logs.none {
        checks["withoutLog"] = without_log(&checks);
    }
    named.push(NamedPart {
        name: "checks",
        part: fresh(checks, false, seen),
        shown: true,
    });
    Ok(Some(named))
}

/// A check run with what explains it: a failed one's annotations, and an
/// Actions job's steps and log tail as `logs` asks.
async fn detail(
    client: &Client,
    run: GitHubCheckRun,
    logs: LogsWanted,
    progress: &dyn LookProgress,
) -> Result<Run, GitHubError> {
    let failing = failed(run.conclusion.as_deref());
    let actions = run.app.as_ref().and_then(|a| a.slug.as_deref()) == Some(ACTIONS);
    let completed = run.status == "completed";
    let wants_log = actions && completed && !logs.none && (failing || !logs.failed_only);
    let annotations = async {
        if !failing {
            return Ok(Annotations::default());
        }
        let path = client.repo_path(&format!("/check-runs/{}/annotations", run.id));
        let read = get_listing::<Annotation>(client, &path, whole).await;
        progress.add(1);
        Ok::<_, GitHubError>(match read {
            Ok((items, truncated, _)) => Annotations {
                items: Some(items),
                truncated,
                unavailable: None,
            },
            Err(err) => Annotations {
                unavailable: Some(Unavailable::from_github(err)?),
                ..Annotations::default()
            },
        })
    };
    let job = async {
        if !(actions && (failing || wants_log)) {
            return Ok(None);
        }
        let path = client.repo_path(&format!("/actions/jobs/{}", run.id));
        let read = get_one::<JobAnswer>(client, &path).await;
        progress.add(1);
        let answer = match read {
            Ok((answer, _)) => answer,
            Err(err) => {
                return Ok(Some(Job {
                    steps: None,
                    unavailable: Some(Unavailable::from_github(err)?),
                    log: None,
                    log_unavailable: None,
                }));
            }
        };
        let mut job = Job {
            steps: Some(answer.steps.unwrap_or_default()),
            unavailable: None,
            log: None,
            log_unavailable: None,
        };
        if wants_log {
            match log(client, run.id, logs.tail, progress).await? {
                Ok(log) => job.log = Some(log),
                Err(why) => job.log_unavailable = Some(why),
            }
        }
        Ok(Some(job))
    };
    let (annotations, job) = tokio::try_join!(annotations, job)?;
    Ok(Run {
        run: run.into(),
        annotations: annotations.items,
        annotations_truncated: annotations.truncated,
        annotations_unavailable: annotations.unavailable,
        job,
    })
}

/// A failed run's annotations, or why there are none.
#[derive(Default)]
struct Annotations {
    items: Option<Vec<Annotation>>,
    truncated: bool,
    unavailable: Option<Unavailable>,
}

/// The last `keep` lines of job `id`'s log, or why there is none: GitHub's
/// 404 or 410 (expired or never written), the storage host's refusal of the
/// address GitHub gave (it expires), or a log served in place that is too
/// large. A failure of the whole exchange is the outer error.
async fn log(
    client: &Client,
    id: u64,
    keep: usize,
    progress: &dyn LookProgress,
) -> Result<Result<Log, Unavailable>, GitHubError> {
    let path = client.repo_path(&format!("/actions/jobs/{id}/logs"));
    let answer = match client.get_unfollowed(&path).await {
        Ok(answer) => answer,
        Err(err) => return Unavailable::from_github(err).map(Err),
    };
    let tail = match answer.status.as_u16() {
        301 | 302 | 303 | 307 | 308 => {
            let Some(location) = answer
                .headers
                .get(http::header::LOCATION)
                .and_then(|v| v.to_str().ok())
            else {
                return Err(GitHubError::shape_text(format!(
                    "GitHub redirected job {id}'s log nowhere (no Location)"
                )));
            };
            match storage::tail(location, keep, client.deadline(), &|n| {
                progress.add(n);
                client.received(n);
            })
            .await?
            {
                Ok(tail) => tail,
                Err(refusal) => return Ok(Err(Unavailable::from_storage(refusal))),
            }
        }
        // Served in place: already read whole, so only its tail is kept.
        200 => {
            let mut tail = Tail::new(keep);
            tail.push(&answer.body);
            tail
        }
        _ if answer.status == StatusCode::NOT_MODIFIED => {
            return Err(GitHubError::shape_text(format!(
                "GitHub answered 304 to job {id}'s log, which helm did not ask conditionally"
            )));
        }
        _ => return Unavailable::from_github(GitHubError::from_answer(&answer)).map(Err),
    };
    let (lines, tail) = tail.finish();
    Ok(Ok(Log {
        tail: lines,
        lines: tail.seen_lines,
        bytes: tail.seen_bytes,
        lines_cut: tail.lines_cut,
    }))
}
