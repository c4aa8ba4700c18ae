//! GitHub observations: an issue, a pull request or a repository, each with
//! the focuses asked for. The requests of one observation run concurrently;
//! any failed request fails the observation with GitHub's answer, so a payload
//! never pretends that nothing was there.

use http::{Method, StatusCode};
use serde::Serialize;
use serde_json::{Value, json};

use super::client::{Client, parse};
use super::error::GitHubError;
use super::types::{
    CheckRun, CombinedStatus, Comment, Issue, Pull, PullFile, Review, ReviewComment,
};
use crate::error::Result;
use crate::model::{IssueFocus, Observe, PullRequestFocus, RepositoryFocus};

/// What a GitHub look brought back: the payload, and a few words on it.
pub struct GitHubLook {
    pub payload: Value,
    pub summary: String,
}

/// Observes a GitHub target (already canonical) through `session`, whose
/// client is bound to the target's repository.
pub fn look(session: &super::Session, target: &Observe) -> Result<GitHubLook> {
    let client = &session.client;
    let doing = format!("show {}", target.describe());
    let repo = client.repo.to_string();
    let (payload, summary) = session
        .runtime
        .block_on(async {
            match target {
                Observe::GitHubIssue { number, focus, .. } => issue(client, *number, focus).await,
                Observe::GitHubPullRequest { number, focus, .. } => {
                    pull(client, *number, focus).await
                }
                Observe::GitHubRepository { focus, .. } => repository(client, focus).await,
                _ => Err(GitHubError::shape_text(format!(
                    "{} is not a GitHub target",
                    target.kind()
                ))),
            }
        })
        .map_err(|err| err.into_error(&doing, &repo, "nothing was put on the slate"))?;
    Ok(GitHubLook { payload, summary })
}

type Looking = std::result::Result<(Value, String), GitHubError>;

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

async fn issue(client: &Client, number: u64, focus: &[IssueFocus]) -> Looking {
    let wants = |f| focus.contains(&f);
    let summary = async {
        if wants(IssueFocus::Summary) {
            let path = client.repo_path(&format!("/issues/{number}"));
            client.get_json::<Issue>(&path).await.map(Some)
        } else {
            Ok(None)
        }
    };
    let comments = async {
        if wants(IssueFocus::Comments) {
            let path = client.repo_path(&format!("/issues/{number}/comments"));
            client.get_all::<Comment>(&path).await.map(Some)
        } else {
            Ok(None)
        }
    };
    let (summary, comments) = tokio::try_join!(summary, comments)?;
    let mut payload = json!({"repo": client.repo.to_string(), "number": number});
    let mut words = Vec::new();
    if let Some(issue) = &summary {
        words.push(format!("{}: {}", issue.state, issue.title));
        payload["summary"] = to_value(issue);
    }
    if let Some((comments, truncated)) = &comments {
        words.push(format!("{} comments", comments.len()));
        payload["comments"] = to_value(comments);
        if *truncated {
            payload["commentsTruncated"] = true.into();
        }
    }
    Ok((payload, words.join(", ")))
}

async fn pull(client: &Client, number: u64, focus: &[PullRequestFocus]) -> Looking {
    let wants = |f| focus.contains(&f);
    let pr_path = client.repo_path(&format!("/pulls/{number}"));
    // The PR itself is needed for its summary and for the head sha of checks.
    let head = async {
        if !wants(PullRequestFocus::Summary) && !wants(PullRequestFocus::Checks) {
            return Ok((None, None));
        }
        let pr: Pull = client.get_json(&pr_path).await?;
        let checks = if wants(PullRequestFocus::Checks) {
            Some(checks(client, &pr.head.sha).await?)
        } else {
            None
        };
        Ok::<_, GitHubError>((Some(pr), checks))
    };
    let comments = optional(wants(PullRequestFocus::Comments), async {
        client
            .get_all::<Comment>(&client.repo_path(&format!("/issues/{number}/comments")))
            .await
    });
    let files = optional(wants(PullRequestFocus::Files), async {
        client
            .get_all::<PullFile>(&client.repo_path(&format!("/pulls/{number}/files")))
            .await
    });
    let diff = optional(wants(PullRequestFocus::Diff), diff(client, number));
    let reviews = optional(wants(PullRequestFocus::Reviews), reviews(client, number));
    let ((pr, checks), comments, files, diff, reviews) =
        tokio::try_join!(head, comments, files, diff, reviews)?;

    let mut payload = json!({"repo": client.repo.to_string(), "number": number});
    let mut words = Vec::new();
    if let Some(pr) = pr.filter(|_| wants(PullRequestFocus::Summary)) {
        let merged = if pr.merged == Some(true) {
            "merged"
        } else {
            pr.state.as_str()
        };
        words.push(format!("{merged}: {}", pr.title));
        payload["summary"] = to_value(&pr);
    }
    if let Some((comments, truncated)) = comments {
        words.push(format!("{} comments", comments.len()));
        payload["comments"] = to_value(&comments);
        if truncated {
            payload["commentsTruncated"] = true.into();
        }
    }
    if let Some((mut files, truncated)) = files {
        words.push(format!("{} files", files.len()));
        for file in &mut files {
            file.patch = None;
        }
        payload["files"] = to_value(&files);
        if truncated {
            payload["filesTruncated"] = true.into();
        }
    }
    if let Some(diff) = diff {
        words.push(match diff.get("format").and_then(Value::as_str) {
            Some("unified") => "diff".to_string(),
            _ => "per-file patches (diff too large)".to_string(),
        });
        payload["diff"] = diff;
    }
    if let Some(checks) = checks {
        words.push(format!(
            "{} check runs",
            checks["checkRuns"].as_array().map_or(0, Vec::len)
        ));
        payload["checks"] = checks;
    }
    if let Some(reviews) = reviews {
        words.push(format!(
            "{} reviews, {} review threads",
            reviews["reviews"].as_array().map_or(0, Vec::len),
            reviews["threads"].as_array().map_or(0, Vec::len)
        ));
        payload["reviews"] = reviews;
    }
    Ok((payload, words.join(", ")))
}

/// Runs `fetch` only when the focus asks for it.
async fn optional<T>(
    wanted: bool,
    fetch: impl std::future::Future<Output = std::result::Result<T, GitHubError>>,
) -> std::result::Result<Option<T>, GitHubError> {
    if wanted {
        fetch.await.map(Some)
    } else {
        Ok(None)
    }
}

/// The unified diff; past GitHub's limit (406), each file's patch instead.
async fn diff(client: &Client, number: u64) -> std::result::Result<Value, GitHubError> {
    let path = client.repo_path(&format!("/pulls/{number}"));
    let answer = client
        .send(Method::GET, &path, "application/vnd.github.diff", None)
        .await?;
    if answer.status.is_success() {
        let text = String::from_utf8_lossy(&answer.body).into_owned();
        return Ok(json!({"format": "unified", "text": text}));
    }
    if answer.status != StatusCode::NOT_ACCEPTABLE {
        return Err(GitHubError::from_answer(&answer));
    }
    let refusal = GitHubError::from_answer(&answer).message;
    let (files, truncated) = client
        .get_all::<PullFile>(&client.repo_path(&format!("/pulls/{number}/files")))
        .await?;
    let without_patch = files.iter().filter(|f| f.patch.is_none()).count();
    Ok(json!({
        "format": "per-file-patches",
        "note": format!(
            "GitHub would not send the whole diff (406: {refusal}); these are the per-file patches. \
             {without_patch} file(s) have no patch (binary or too large){}",
            if truncated { "; the file list was cut at GitHub's page limit" } else { "" }
        ),
        "patches": to_value(&files),
    }))
}

/// Check runs and commit statuses of the head commit.
async fn checks(client: &Client, sha: &str) -> std::result::Result<Value, GitHubError> {
    let runs_path = client.repo_path(&format!("/commits/{sha}/check-runs"));
    let runs = client.get_all_in::<CheckRun>(&runs_path, |mut page| {
        page.get_mut("check_runs").map(Value::take)
    });
    // The combined status pages its statuses (30 by default): every page is
    // read, 100 at a time, up to the same limit as other lists, and a cut
    // is flagged like theirs.
    let status = async {
        let mut next = Some(client.repo_path(&format!("/commits/{sha}/status?per_page=100")));
        let mut combined: Option<CombinedStatus> = None;
        let mut pages = 0;
        while let Some(url) = next.take() {
            if pages == super::client::MAX_PAGES {
                return Ok((combined.unwrap_or_default(), true));
            }
            let answer = client
                .send(Method::GET, &url, super::client::JSON, None)
                .await?;
            next = super::client::next_link(&answer.headers).map(|link| client.relative(&link));
            let page = parse::<CombinedStatus>(answer)?;
            match combined.as_mut() {
                Some(all) => all.statuses.extend(page.statuses),
                None => combined = Some(page),
            }
            pages += 1;
        }
        Ok((combined.unwrap_or_default(), false))
    };
    let ((runs, truncated), (status, statuses_truncated)) = tokio::try_join!(runs, status)?;
    let mut value = json!({
        "headSha": sha,
        "checkRuns": to_value(&runs),
        "combinedState": status.state,
        "statuses": to_value(&status.statuses),
    });
    if truncated {
        value["checkRunsTruncated"] = true.into();
    }
    if statuses_truncated {
        value["statusesTruncated"] = true.into();
    }
    Ok(value)
}

/// Reviews, and inline review comments grouped into threads. A thread's `id`
/// is its first comment: the id `helm steer reply-inline --comment-id` takes.
async fn reviews(client: &Client, number: u64) -> std::result::Result<Value, GitHubError> {
    let reviews_path = client.repo_path(&format!("/pulls/{number}/reviews"));
    let comments_path = client.repo_path(&format!("/pulls/{number}/comments"));
    let reviews = client.get_all::<Review>(&reviews_path);
    let comments = client.get_all::<ReviewComment>(&comments_path);
    let ((reviews, reviews_truncated), (comments, truncated)) =
        tokio::try_join!(reviews, comments)?;
    let mut threads: Vec<(u64, Vec<&ReviewComment>)> = Vec::new();
    for comment in &comments {
        let root = comment.in_reply_to_id.unwrap_or(comment.id);
        match threads.iter_mut().find(|(id, _)| *id == root) {
            Some((_, thread)) => thread.push(comment),
            None => threads.push((root, vec![comment])),
        }
    }
    let threads: Vec<Value> = threads
        .into_iter()
        .map(|(id, thread)| {
            let first = thread[0];
            json!({
                "id": id,
                "path": first.path,
                "line": first.line.or(first.original_line),
                "diffHunk": first.diff_hunk,
                "comments": thread.iter().map(to_value).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut value = json!({"reviews": to_value(&reviews), "threads": threads});
    if truncated {
        value["commentsTruncated"] = true.into();
    }
    if reviews_truncated {
        value["reviewsTruncated"] = true.into();
    }
    Ok(value)
}

async fn repository(client: &Client, focus: &[RepositoryFocus]) -> Looking {
    let wants = |f| focus.contains(&f);
    let issues = optional(wants(RepositoryFocus::Issues), async {
        client
            .get_all::<Issue>(&client.repo_path("/issues?state=open"))
            .await
    });
    let pulls = optional(wants(RepositoryFocus::PullRequests), async {
        client
            .get_all::<Pull>(&client.repo_path("/pulls?state=open"))
            .await
    });
    let (issues, pulls) = tokio::try_join!(issues, pulls)?;
    let mut payload = json!({"repo": client.repo.to_string()});
    let mut words = Vec::new();
    if let Some((issues, truncated)) = issues {
        // The issues listing includes pull requests; they are reported apart.
        let issues: Vec<Value> = issues
            .iter()
            .filter(|i| i.pull_request.is_none())
            .map(|i| {
                let mut v = to_value(i);
                v.as_object_mut().map(|o| o.remove("body"));
                v
            })
            .collect();
        words.push(format!("{} open issues", issues.len()));
        payload["issues"] = Value::Array(issues);
        if truncated {
            payload["issuesTruncated"] = true.into();
        }
    }
    if let Some((pulls, truncated)) = pulls {
        let pulls: Vec<Value> = pulls
            .iter()
            .map(|p| {
                json!({
                    "number": p.number,
                    "title": p.title,
                    "author": p.author.as_ref().map(|u| u.login.clone()),
                    "draft": p.draft,
                    "head": p.head.name,
                    "base": p.base.name,
                    "labels": p.labels.iter().map(|l| l.name.clone()).collect::<Vec<_>>(),
                    "requestedReviewers": p.requested_reviewers.iter().map(|u| u.login.clone()).collect::<Vec<_>>(),
                    "createdAt": p.created_at,
                    "updatedAt": p.updated_at,
                    "url": p.url,
                })
            })
            .collect();
        words.push(format!("{} open pull requests", pulls.len()));
        payload["pullRequests"] = Value::Array(pulls);
        if truncated {
            payload["pullRequestsTruncated"] = true.into();
        }
    }
    Ok((payload, words.join(", ")))
}
