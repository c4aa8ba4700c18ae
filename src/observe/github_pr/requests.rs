//! The parts of a pull request behind several requests: the diff (past
//! GitHub's limit, each file's patch) and the reviews with their inline
//! threads.

use http::StatusCode;
use serde::Serialize;

use crate::github::client::Client;
use crate::github::conditional::{get_listing, get_raw, whole};
use crate::github::error::GitHubError;
use crate::github::types::{PullFile, Review, ReviewComment};
use crate::observe::github::to_value;
use crate::observe::parts::{Part, is_false};

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
pub(super) async fn diff(client: &Client, number: u64) -> Result<Part, GitHubError> {
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
pub(super) async fn reviews(client: &Client, number: u64) -> Result<Part, GitHubError> {
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
