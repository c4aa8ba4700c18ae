//! The shapes of GitHub payloads, as serialisable types, and the parts that
//! take more than one request (the diff, reviews). A payload part is kept
//! from the prior payload when every request behind it answers 304.

use std::collections::{BTreeMap, BTreeSet};

use futures_util::future::join_all;
use std::future::Future;

use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::client::Client;
use super::conditional::{Fetched, Validator, get_listing, get_raw, probe, whole};
use super::error::GitHubError;
use super::observe::to_value;
use super::types::{Pull, PullFile, Review, ReviewComment};

pub(super) fn is_false(value: &bool) -> bool {
    !value
}

/// The payload of a `github-issue` or `github-pr` observation.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ThreadPayload {
    pub repo: String,
    pub number: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comments: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub comments_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub files_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diff: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checks: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reviews: Option<Value>,
    /// Each part's validators, for conditional requests (ADR 0008).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub validators: BTreeMap<String, Vec<Validator>>,
}

/// The payload of a `github-repo` observation.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RepoPayload {
    pub repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub issues_truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pull_requests: Option<Value>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub pull_requests_truncated: bool,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub validators: BTreeMap<String, Vec<Validator>>,
}

/// One part of a payload: its value, whether a listing was cut, the
/// validators of the requests behind it, and whether it was kept from the
/// prior payload (every request answered 304).
#[derive(Debug, Default)]
pub struct Part {
    pub value: Value,
    pub truncated: bool,
    pub validators: Vec<Validator>,
    pub kept: bool,
}

impl Part {
    pub fn fresh(value: Value, truncated: bool, validators: Vec<Validator>) -> Part {
        Part {
            value,
            truncated,
            validators,
            kept: false,
        }
    }
}

impl ThreadPayload {
    pub fn new(repo: String, number: u64) -> ThreadPayload {
        ThreadPayload {
            repo,
            number,
            ..ThreadPayload::default()
        }
    }

    /// Puts a part in its place, noting in `all` whether it was kept.
    pub fn set(&mut self, name: &str, part: Option<Part>, all: &mut Vec<bool>) {
        let Some(part) = part else { return };
        all.push(part.kept);
        let value = Some(part.value);
        match name {
            "summary" => self.summary = value,
            "comments" => {
                self.comments = value;
                self.comments_truncated = part.truncated;
            }
            "files" => {
                self.files = value;
                self.files_truncated = part.truncated;
            }
            "diff" => self.diff = value,
            "checks" => self.checks = value,
            _ => self.reviews = value,
        }
        self.validators.insert(name.to_string(), part.validators);
    }

    /// The head sha this payload saw: its summary's, else its checks'.
    pub fn head_sha(&self) -> Option<String> {
        let summary = self
            .summary
            .as_ref()
            .and_then(|s| s["head"]["sha"].as_str());
        let checks = self.checks.as_ref().and_then(|c| c["headSha"].as_str());
        summary.or(checks).map(str::to_string)
    }

    /// A few words on what the payload holds.
    pub fn words(&self) -> String {
        let mut words = Vec::new();
        if let Some(summary) = &self.summary {
            let state = match summary["merged"].as_bool() {
                Some(true) => "merged",
                _ => summary["state"].as_str().unwrap_or_default(),
            };
            let title = summary["title"].as_str().unwrap_or_default();
            words.push(format!("{state}: {title}"));
        }
        if let Some(comments) = &self.comments {
            // An issue's summary counts its comments: a listing that
            // disagrees is said so, not stored as if whole.
            let listed = count(comments);
            let counted = self.summary.as_ref().and_then(|s| s["comments"].as_u64());
            words.push(match counted {
                Some(n) if n != listed as u64 && !self.comments_truncated => {
                    format!("{listed} comments listed, {n} counted by GitHub")
                }
                _ => format!("{listed} comments"),
            });
        }
        if let Some(files) = &self.files {
            words.push(format!("{} files", count(files)));
        }
        if let Some(diff) = &self.diff {
            words.push(match diff["format"].as_str() {
                Some("unified") => "diff".to_string(),
                _ => "per-file patches (diff too large)".to_string(),
            });
        }
        if let Some(checks) = &self.checks {
            words.push(format!("{} check runs", count(&checks["checkRuns"])));
        }
        if let Some(reviews) = &self.reviews {
            words.push(format!(
                "{} reviews, {} review threads",
                count(&reviews["reviews"]),
                count(&reviews["threads"])
            ));
        }
        words.join(", ")
    }
}

pub fn count(value: &Value) -> usize {
    value.as_array().map_or(0, Vec::len)
}

/// Whether the look kept every part (and had any).
pub fn all_kept(all: &[bool]) -> bool {
    !all.is_empty() && all.iter().all(|kept| *kept)
}

/// Runs `fetch` only when the focus asks for it.
pub async fn optional<T>(
    wanted: bool,
    fetch: impl Future<Output = Result<T, GitHubError>>,
) -> Result<Option<T>, GitHubError> {
    if wanted {
        fetch.await.map(Some)
    } else {
        Ok(None)
    }
}

/// The held prior part, else `fetch`.
pub async fn kept_or(
    prior: Option<Part>,
    fetch: impl Future<Output = Result<Part, GitHubError>>,
) -> Result<Part, GitHubError> {
    match prior {
        Some(prior) => Ok(prior),
        None => fetch.await,
    }
}

/// The parts of a prior payload that still hold: every validator it kept is
/// asked about in one concurrent round, and a part holds when all of its
/// requests answer 304. Parts without usable validators never hold, nor do
/// listings without every page (see [`complete`](super::conditional::complete)):
/// a listing that grew by a page is seen on the page after its last, which
/// was read empty and kept with the others.
pub async fn holding(
    client: &Client,
    validators: Option<&BTreeMap<String, Vec<Validator>>>,
) -> Result<BTreeSet<String>, GitHubError> {
    let Some(validators) = validators else {
        return Ok(BTreeSet::new());
    };
    let asks: Vec<(&String, &Validator)> = validators
        .iter()
        .filter(|(_, list)| super::conditional::complete(list))
        .flat_map(|(name, list)| list.iter().map(move |v| (name, v)))
        .collect();
    let answers = join_all(asks.iter().map(|(_, v)| probe(client, v))).await;
    let mut held: BTreeSet<String> = asks.iter().map(|(name, _)| (*name).clone()).collect();
    for ((name, _), answer) in asks.iter().zip(answers) {
        if let Fetched::Fresh(..) = answer? {
            held.remove(*name);
        }
    }
    Ok(held)
}

/// A pull request as a line of the repository's listing.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PullLine {
    number: u64,
    title: String,
    author: Option<String>,
    draft: Option<bool>,
    head: String,
    base: String,
    labels: Vec<String>,
    requested_reviewers: Vec<String>,
    created_at: Option<String>,
    updated_at: Option<String>,
    url: Option<String>,
}

impl PullLine {
    pub fn of(p: &Pull) -> PullLine {
        PullLine {
            number: p.number,
            title: p.title.clone(),
            author: p.author.as_ref().map(|u| u.login.clone()),
            draft: p.draft,
            head: p.head.name.clone(),
            base: p.base.name.clone(),
            labels: p.labels.iter().map(|l| l.name.clone()).collect(),
            requested_reviewers: p
                .requested_reviewers
                .iter()
                .map(|u| u.login.clone())
                .collect(),
            created_at: p.created_at.clone(),
            updated_at: p.updated_at.clone(),
            url: p.url.clone(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Unified {
    format: &'static str,
    text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PerFilePatches {
    format: &'static str,
    note: String,
    patches: Vec<PullFile>,
}

/// The unified diff; past GitHub's limit (406), each file's patch instead,
/// whose validator is then the files listing's.
pub async fn diff(client: &Client, number: u64) -> Result<Part, GitHubError> {
    let path = client.repo_path(&format!("/pulls/{number}"));
    let (answer, validator) = get_raw(client, &path, "application/vnd.github.diff").await?;
    if answer.status.is_success() {
        let text = String::from_utf8_lossy(&answer.body).into_owned();
        let value = to_value(&Unified {
            format: "unified",
            text,
        });
        return Ok(Part::fresh(value, false, vec![validator]));
    }
    if answer.status != StatusCode::NOT_ACCEPTABLE {
        return Err(GitHubError::from_answer(&answer));
    }
    let refusal = GitHubError::from_answer(&answer).message;
    let files_path = client.repo_path(&format!("/pulls/{number}/files"));
    let (files, truncated, validators) =
        get_listing::<PullFile>(client, &files_path, whole).await?;
    let without_patch = files.iter().filter(|f| f.patch.is_none()).count();
    let value = to_value(&PerFilePatches {
        format: "per-file-patches",
        note: format!(
            "GitHub would not send the whole diff (406: {refusal}); these are the per-file patches. \
             {without_patch} file(s) have no patch (binary or too large){}",
            if truncated {
                "; the file list was cut at GitHub's page limit"
            } else {
                ""
            }
        ),
        patches: files,
    });
    Ok(Part::fresh(value, false, validators))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReviewThread<'a> {
    id: u64,
    path: &'a str,
    line: Option<u64>,
    diff_hunk: &'a Option<String>,
    comments: Vec<&'a ReviewComment>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reviews<'a> {
    reviews: &'a [Review],
    threads: Vec<ReviewThread<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    comments_truncated: bool,
    #[serde(skip_serializing_if = "is_false")]
    reviews_truncated: bool,
}

/// Reviews, and inline review comments grouped into threads. A thread's `id`
/// is its first comment: the id `helm steer reply-inline --comment-id` takes.
pub async fn reviews(client: &Client, number: u64) -> Result<Part, GitHubError> {
    let reviews_path = client.repo_path(&format!("/pulls/{number}/reviews"));
    let comments_path = client.repo_path(&format!("/pulls/{number}/comments"));
    let reviews = get_listing::<Review>(client, &reviews_path, whole);
    let comments = get_listing::<ReviewComment>(client, &comments_path, whole);
    let ((reviews, reviews_truncated, reviews_seen), (comments, truncated, comments_seen)) =
        tokio::try_join!(reviews, comments)?;
    let mut threads: Vec<(u64, Vec<&ReviewComment>)> = Vec::new();
    for comment in &comments {
        let root = comment.in_reply_to_id.unwrap_or(comment.id);
        match threads.iter_mut().find(|(id, _)| *id == root) {
            Some((_, thread)) => thread.push(comment),
            None => threads.push((root, vec![comment])),
        }
    }
    let threads = threads
        .into_iter()
        .map(|(id, thread)| {
            let first = thread[0];
            ReviewThread {
                id,
                path: &first.path,
                line: first.line.or(first.original_line),
                diff_hunk: &first.diff_hunk,
                comments: thread,
            }
        })
        .collect();
    let value = to_value(&Reviews {
        reviews: &reviews,
        threads,
        comments_truncated: truncated,
        reviews_truncated,
    });
    let mut seen = reviews_seen;
    seen.extend(comments_seen);
    Ok(Part::fresh(value, false, seen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_listing_the_summary_counts_otherwise_is_said() {
        let mut payload = ThreadPayload::new("o/r".into(), 1);
        payload.summary = Some(json!({"state": "open", "title": "T", "comments": 101}));
        payload.comments = Some(json!(vec![json!({"id": 1}); 100]));
        assert_eq!(
            payload.words(),
            "open: T, 100 comments listed, 101 counted by GitHub"
        );
        payload.comments = Some(json!(vec![json!({"id": 1}); 101]));
        assert_eq!(payload.words(), "open: T, 101 comments");
        // A listing cut at the page limit is flagged apart.
        payload.comments = Some(json!([]));
        payload.comments_truncated = true;
        assert_eq!(payload.words(), "open: T, 0 comments");
    }
}
