//! GitHub observations: an issue, a pull request or a repository, each with
//! the focuses asked for. The requests of one observation run concurrently;
//! any failed request fails the observation with GitHub's answer, so a payload
//! never pretends that nothing was there.
//!
//! Given the prior payload of the same target, each part is asked for
//! conditionally (ADR 0008): a part GitHub answers 304 is kept as it was, and
//! only the parts that changed are fetched again.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use super::client::Client;
use super::conditional::{Validator, get_listing, get_one, whole};
use super::error::GitHubError;
use super::parts::{self, Part};
use super::types::{Comment, Issue, Pull, PullFile};
use crate::error::Result;
use crate::model::{IssueFocus, Observe, PullRequestFocus, RepositoryFocus};

pub use super::parts::{RepoPayload, ThreadPayload};

/// What a GitHub look brought back: the payload, and a few words on it.
pub struct GitHubLook {
    pub payload: Value,
    pub summary: String,
    /// Every part answered 304: the payload is the prior one, unchanged.
    pub unchanged: bool,
}

/// Observes a GitHub target (already canonical) through `session`, whose
/// client is bound to the target's repository. `prior` is the payload of the
/// target's latest observation, whose validators make the requests
/// conditional.
pub fn look(
    session: &super::Session,
    target: &Observe,
    prior: Option<&Value>,
) -> Result<GitHubLook> {
    // One look remembers its answers: a part whose conditional request
    // answered 200 is not asked for again.
    let client = session.client.remembering();
    let doing = format!("show {}", target.describe());
    let repo = client.repo.to_string();
    let (payload, summary, unchanged) =
        session
            .runtime
            .block_on(looking(&client, target, prior))
            .map_err(|err| err.into_error(&doing, &repo, "nothing was put on the slate"))?;
    Ok(GitHubLook {
        payload,
        summary,
        unchanged,
    })
}

/// The payload, a few words on it, and whether every part was kept.
pub type Looking = std::result::Result<(Value, String, bool), GitHubError>;

/// What [`look`] does, for a caller that already runs on the runtime: the
/// freshness check looks again at what each observation saw.
pub async fn looking(client: &Client, target: &Observe, prior: Option<&Value>) -> Looking {
    let thread_prior = prior.and_then(|p| serde_json::from_value::<ThreadPayload>(p.clone()).ok());
    match target {
        Observe::GitHubIssue { number, focus, .. } => {
            issue(client, *number, focus, thread_prior.as_ref()).await
        }
        Observe::GitHubPullRequest { number, focus, .. } => {
            pull(client, *number, focus, thread_prior.as_ref()).await
        }
        Observe::GitHubRepository { focus, .. } => {
            let prior = prior.and_then(|p| serde_json::from_value(p.clone()).ok());
            repository(client, focus, prior.as_ref()).await
        }
        _ => Err(GitHubError::shape_text(format!(
            "{} is not a GitHub target",
            target.kind()
        ))),
    }
}

pub(super) fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The prior part `name` with its validators, when the prior payload has both.
fn prior_part<'a>(
    prior: Option<&'a ThreadPayload>,
    held: &BTreeSet<String>,
    name: &str,
    value: impl Fn(&'a ThreadPayload) -> Option<&'a Value>,
    truncated: impl Fn(&ThreadPayload) -> bool,
) -> Option<Part> {
    let prior = prior.filter(|_| held.contains(name))?;
    let validators = prior.validators.get(name)?.clone();
    Some(Part {
        value: value(prior).cloned().unwrap_or(Value::Null),
        truncated: truncated(prior),
        validators,
        kept: true,
    })
}

/// One resource: the held prior part, else fetched.
async fn resource<T: serde::de::DeserializeOwned + Serialize>(
    client: &Client,
    path: &str,
    prior: Option<Part>,
) -> std::result::Result<Part, GitHubError> {
    if let Some(prior) = prior {
        return Ok(prior);
    }
    let (item, validator) = get_one::<T>(client, path).await?;
    Ok(Part::fresh(to_value(&item), false, vec![validator]))
}

/// A listing: the held prior part, else fetched.
/// The conversation's comments (an issue's, or a pull request's), the held
/// prior part or fetched.
async fn comments(
    client: &Client,
    number: u64,
    prior: Option<&ThreadPayload>,
    held: &BTreeSet<String>,
) -> std::result::Result<Part, GitHubError> {
    let path = client.repo_path(&format!("/issues/{number}/comments"));
    let prior = prior_part(
        prior,
        held,
        "comments",
        |p| p.comments.as_ref(),
        |p| p.comments_truncated,
    );
    listing::<Comment>(client, &path, prior, |items| to_value(&items)).await
}

async fn listing<T: serde::de::DeserializeOwned + Serialize>(
    client: &Client,
    path: &str,
    prior: Option<Part>,
    shape: impl Fn(Vec<T>) -> Value,
) -> std::result::Result<Part, GitHubError> {
    if let Some(prior) = prior {
        return Ok(prior);
    }
    let (items, truncated, validators) = get_listing::<T>(client, path, whole).await?;
    Ok(Part::fresh(shape(items), truncated, validators))
}

async fn issue(
    client: &Client,
    number: u64,
    focus: &[IssueFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let wants = |f| focus.contains(&f);
    let summary_path = client.repo_path(&format!("/issues/{number}"));
    let summary = parts::optional(
        wants(IssueFocus::Summary),
        resource::<Issue>(
            client,
            &summary_path,
            prior_part(prior, &held, "summary", |p| p.summary.as_ref(), |_| false),
        ),
    );
    let comments = parts::optional(
        wants(IssueFocus::Comments),
        comments(client, number, prior, &held),
    );
    let (summary, comments) = tokio::try_join!(summary, comments)?;
    let mut payload = ThreadPayload::new(client.repo.to_string(), number);
    let mut all = Vec::new();
    payload.set("summary", summary, &mut all);
    payload.set("comments", comments, &mut all);
    let words = payload.words();
    Ok((to_value(&payload), words, parts::all_kept(&all)))
}

async fn pull(
    client: &Client,
    number: u64,
    focus: &[PullRequestFocus],
    prior: Option<&ThreadPayload>,
) -> Looking {
    // One round of conditional requests says which parts still hold.
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let wants = |f| focus.contains(&f);
    let pr_path = client.repo_path(&format!("/pulls/{number}"));
    // The PR itself is needed for its summary and for the head sha of checks.
    let head = async {
        if !wants(PullRequestFocus::Summary) && !wants(PullRequestFocus::Checks) {
            return Ok((None, None));
        }
        let known = prior_part(prior, &held, "summary", |p| p.summary.as_ref(), |_| false);
        let prior_sha = prior.and_then(ThreadPayload::head_sha);
        let pr = resource::<Pull>(client, &pr_path, known).await?;
        let checks = if wants(PullRequestFocus::Checks) {
            let sha = match (&pr.value, pr.kept) {
                (_, true) => prior_sha.clone(),
                (value, false) => value["head"]["sha"].as_str().map(str::to_string),
            };
            let Some(sha) = sha else {
                return Err(GitHubError::shape_text(
                    "the pull request has no head sha".to_string(),
                ));
            };
            let known = prior_part(prior, &held, "checks", |p| p.checks.as_ref(), |_| false)
                .filter(|_| prior_sha.as_deref() == Some(sha.as_str()));
            Some(parts::kept_or(known, super::checks::checks(client, &sha)).await?)
        } else {
            None
        };
        Ok::<_, GitHubError>((Some(pr), checks))
    };
    let comments = parts::optional(
        wants(PullRequestFocus::Comments),
        comments(client, number, prior, &held),
    );
    let files_path = client.repo_path(&format!("/pulls/{number}/files"));
    let files = parts::optional(
        wants(PullRequestFocus::Files),
        listing::<PullFile>(
            client,
            &files_path,
            prior_part(
                prior,
                &held,
                "files",
                |p| p.files.as_ref(),
                |p| p.files_truncated,
            ),
            |mut files| {
                for file in &mut files {
                    file.patch = None;
                }
                to_value(&files)
            },
        ),
    );
    let diff = parts::optional(
        wants(PullRequestFocus::Diff),
        parts::kept_or(
            prior_part(prior, &held, "diff", |p| p.diff.as_ref(), |_| false),
            parts::diff(client, number),
        ),
    );
    let reviews = parts::optional(
        wants(PullRequestFocus::Reviews),
        parts::kept_or(
            prior_part(prior, &held, "reviews", |p| p.reviews.as_ref(), |_| false),
            parts::reviews(client, number),
        ),
    );
    let ((pr, checks), comments, files, diff, reviews) =
        tokio::try_join!(head, comments, files, diff, reviews)?;

    let mut payload = ThreadPayload::new(client.repo.to_string(), number);
    let mut all = Vec::new();
    match pr {
        Some(pr) if wants(PullRequestFocus::Summary) => payload.set("summary", Some(pr), &mut all),
        // Fetched for the head sha only: its validator still counts.
        Some(pr) => {
            all.push(pr.kept);
            payload.validators.insert("summary".into(), pr.validators);
        }
        None => {}
    }
    payload.set("comments", comments, &mut all);
    payload.set("files", files, &mut all);
    payload.set("diff", diff, &mut all);
    payload.set("checks", checks, &mut all);
    payload.set("reviews", reviews, &mut all);
    let words = payload.words();
    Ok((to_value(&payload), words, parts::all_kept(&all)))
}

async fn repository(
    client: &Client,
    focus: &[RepositoryFocus],
    prior: Option<&RepoPayload>,
) -> Looking {
    let held = parts::holding(client, prior.map(|p| &p.validators)).await?;
    let wants = |f| focus.contains(&f);
    let prior_of = |name: &str| {
        let prior = prior.filter(|_| held.contains(name))?;
        Some(Part {
            value: match name {
                "issues" => prior.issues.clone(),
                _ => prior.pull_requests.clone(),
            }
            .unwrap_or(Value::Null),
            truncated: match name {
                "issues" => prior.issues_truncated,
                _ => prior.pull_requests_truncated,
            },
            validators: prior.validators.get(name)?.clone(),
            kept: true,
        })
    };
    let issues_path = client.repo_path("/issues?state=open");
    let issues = parts::optional(
        wants(RepositoryFocus::Issues),
        listing::<Issue>(client, &issues_path, prior_of("issues"), |issues| {
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
            Value::Array(issues)
        }),
    );
    let pulls_path = client.repo_path("/pulls?state=open");
    let pulls = parts::optional(
        wants(RepositoryFocus::PullRequests),
        listing::<Pull>(client, &pulls_path, prior_of("pullRequests"), |pulls| {
            to_value(&pulls.iter().map(parts::PullLine::of).collect::<Vec<_>>())
        }),
    );
    let (issues, pulls) = tokio::try_join!(issues, pulls)?;
    let mut payload = RepoPayload {
        repo: client.repo.to_string(),
        issues: None,
        issues_truncated: false,
        pull_requests: None,
        pull_requests_truncated: false,
        validators: BTreeMap::new(),
    };
    let mut all = Vec::new();
    let mut words = Vec::new();
    if let Some(part) = issues {
        all.push(part.kept);
        words.push(format!("{} open issues", parts::count(&part.value)));
        payload.issues = Some(part.value);
        payload.issues_truncated = part.truncated;
        payload.validators.insert("issues".into(), part.validators);
    }
    if let Some(part) = pulls {
        all.push(part.kept);
        words.push(format!("{} open pull requests", parts::count(&part.value)));
        payload.pull_requests = Some(part.value);
        payload.pull_requests_truncated = part.truncated;
        payload
            .validators
            .insert("pullRequests".into(), part.validators);
    }
    Ok((to_value(&payload), words.join(", "), parts::all_kept(&all)))
}

/// The validators a payload keeps, by part: what the freshness check asks.
pub fn validators(payload: &Value) -> BTreeMap<String, Vec<Validator>> {
    payload
        .get("validators")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}
