//! The parts of a pull request behind several requests: the diff (past
//! GitHub's limit, each file's patch) and the reviews with their inline
//! threads, as helm's payload keeps them.

use http::StatusCode;
use serde::Serialize;

use super::fetch::{is_false, shaped, to_value};
use super::parts::fresh;
use super::threads::{GraphQlThread, review_threads};
use crate::client::Client;
use crate::conditional::{get_listing, get_raw, whole};
use crate::error::GitHubError;
use crate::wire::{GitHubPullFile, GitHubReview, GitHubReviewComment};
use helm_forge::PayloadPart;
use helm_forge::shape;

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
    patches: Vec<shape::PullFile>,
}

/// The unified diff; past GitHub's limit (406), each file's patch instead,
/// whose validator is then the files listing's.
pub(super) async fn diff(client: &Client, number: u64) -> Result<PayloadPart, GitHubError> {
    let path = client.repo_path(&format!("/pulls/{number}"));
    let (answer, validator) = get_raw(client, &path, "application/vnd.github.diff").await?;
    if answer.status.is_success() {
        let text = String::from_utf8_lossy(&answer.body).into_owned();
        let value = to_value(&Unified {
            format: "unified",
            text,
        });
        return Ok(fresh(value, false, vec![validator]));
    }
    if answer.status != StatusCode::NOT_ACCEPTABLE {
        return Err(GitHubError::from_answer(&answer));
    }
    let refusal = GitHubError::from_answer(&answer).message;
    let files_path = client.repo_path(&format!("/pulls/{number}/files"));
    let (files, truncated, validators) =
        get_listing::<GitHubPullFile>(client, &files_path, whole).await?;
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
        patches: shaped(files),
    });
    Ok(fresh(value, false, validators))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReviewThread<'a> {
    id: u64,
    /// The GraphQL thread's node id, state and place; `None` when GraphQL
    /// did not list the thread (its first comment came between the reads).
    #[serde(flatten)]
    graph: Option<Graph<'a>>,
    path: &'a str,
    line: Option<u64>,
    diff_hunk: &'a Option<String>,
    comments: Vec<&'a shape::ReviewComment>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Graph<'a> {
    thread_id: &'a str,
    is_resolved: bool,
    is_outdated: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reviews<'a> {
    reviews: &'a [shape::Review],
    threads: Vec<ReviewThread<'a>>,
    #[serde(skip_serializing_if = "is_false")]
    comments_truncated: bool,
    #[serde(skip_serializing_if = "is_false")]
    reviews_truncated: bool,
}

/// Reviews, and inline review comments grouped into threads. A thread's `id`
/// is its first comment: the id `helm steer reply-inline --comment-id` takes;
/// its `threadId` is the thread's GraphQL node id. The part's validators are the REST listings'; a kept
/// part has its thread state read again ([`refreshed`]). `asked` is the
/// threads' answer if it was asked ahead (beside the conditional round),
/// awaited beside the REST listings.
pub(super) async fn reviews(
    client: &Client,
    number: u64,
    asked: impl Future<Output = Option<Threads>>,
) -> Result<PayloadPart, GitHubError> {
    let reviews_path = client.repo_path(&format!("/pulls/{number}/reviews"));
    let comments_path = client.repo_path(&format!("/pulls/{number}/comments"));
    let reviews = get_listing::<GitHubReview>(client, &reviews_path, whole);
    let comments = get_listing::<GitHubReviewComment>(client, &comments_path, whole);
    let graph = threads(client, number, asked);
    // All three run together; when several fail, the REST answers' error
    // is the one said (a 404 there is GitHub's word on the PR), whichever
    // came first.
    let (reviews, comments, graph) = tokio::join!(reviews, comments, graph);
    let ((reviews, reviews_truncated, reviews_seen), (comments, truncated, comments_seen), graph) =
        (reviews?, comments?, graph?);
    let reviews: Vec<shape::Review> = shaped(reviews);
    let comments: Vec<shape::ReviewComment> = shaped(comments);
    let mut threads: Vec<(u64, Vec<&shape::ReviewComment>)> = Vec::new();
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
                graph: graph_of(&graph, id),
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
    Ok(fresh(value, false, seen))
}

/// The `reviews` part kept from a prior look (its REST listings answered
/// 304) with its threads' GraphQL state read again: resolving a thread
/// changes no REST answer. The part stays kept only if no thread's state
/// changed.
pub(super) async fn refreshed(
    client: &Client,
    number: u64,
    mut part: PayloadPart,
    asked: impl Future<Output = Option<Threads>>,
) -> Result<PayloadPart, GitHubError> {
    if !part.kept {
        return Ok(part);
    }
    let graph = threads(client, number, asked).await?;
    let Some(threads) = part.value.get_mut("threads").and_then(|t| t.as_array_mut()) else {
        return Ok(part);
    };
    for thread in threads {
        let Some(id) = thread.get("id").and_then(|id| id.as_u64()) else {
            continue;
        };
        let Some(object) = thread.as_object_mut() else {
            continue;
        };
        let before = object.clone();
        for key in ["threadId", "isResolved", "isOutdated"] {
            object.remove(key);
        }
        if let Some(g) = graph_of(&graph, id) {
            object.insert("threadId".into(), g.thread_id.into());
            object.insert("isResolved".into(), g.is_resolved.into());
            object.insert("isOutdated".into(), g.is_outdated.into());
        }
        if *object != before {
            part.kept = false;
        }
    }
    Ok(part)
}

/// The answer to the review-threads query.
pub(super) type Threads = Result<Vec<GraphQlThread>, GitHubError>;

/// The threads' answer: the one asked ahead, else asked now.
async fn threads(
    client: &Client,
    number: u64,
    asked: impl Future<Output = Option<Threads>>,
) -> Threads {
    match asked.await {
        Some(answer) => answer,
        None => review_threads(client, number).await,
    }
}

/// The GraphQL thread whose first comment is `id`.
fn graph_of(threads: &[GraphQlThread], id: u64) -> Option<Graph<'_>> {
    let thread = threads.iter().find(|t| t.first_comment() == Some(id))?;
    Some(Graph {
        thread_id: &thread.id,
        is_resolved: thread.is_resolved,
        is_outdated: thread.is_outdated,
    })
}
