//! A merge request's `reviews` part in the shape GitHub's has: `reviews`
//! (each approval from `GET …/approvals` as an `APPROVED` review, its id the
//! approver's user id, GitLab keeping no approval id) and `threads` (each
//! discussion on the diff from `GET …/discussions`: `id` its first note's id,
//! the id `reply-inline --comment-id` takes; `threadId` the discussion's id,
//! the one `resolve-thread --thread` takes; its notes as comments).

use helm_forge::shape::{Review, ReviewComment};
use helm_forge::{ForgeError, LookedPart};
use serde::Serialize;

use super::summary::person;
use super::to_value;
use crate::api::GitLabApi;
use crate::wire::{GitLabApprovals, GitLabDiscussion};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Thread {
    id: u64,
    thread_id: String,
    is_resolved: bool,
    is_outdated: bool,
    path: String,
    line: Option<u64>,
    diff_hunk: Option<String>,
    comments: Vec<ReviewComment>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reviews {
    reviews: Vec<Review>,
    threads: Vec<Thread>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    comments_truncated: bool,
}

pub(crate) async fn reviews(api: &GitLabApi, base: &str) -> Result<LookedPart, ForgeError> {
    let approvals: GitLabApprovals = api.get(&format!("{base}/approvals")).await?;
    let (discussions, truncated) = api
        .pages::<GitLabDiscussion>(&format!("{base}/discussions"))
        .await?;
    let number = base.rsplit('/').next().unwrap_or_default();
    let reviews = approvals
        .approved_by
        .iter()
        .map(|approver| Review {
            id: approver.user.id,
            author: Some(person(&approver.user)),
            author_association: None,
            author_can_push: None,
            state: "APPROVED".to_string(),
            submitted_at: None,
            commit_id: None,
            body: None,
        })
        .collect();
    let threads = discussions
        .iter()
        .filter_map(|d| thread(api, number, d))
        .collect();
    Ok(LookedPart {
        value: to_value(&Reviews {
            reviews,
            threads,
            comments_truncated: truncated,
        }),
        truncated,
    })
}

/// A discussion on the diff as a review thread; `None` for one that is not.
fn thread(api: &GitLabApi, number: &str, discussion: &GitLabDiscussion) -> Option<Thread> {
    let first = discussion.notes.first().filter(|n| n.on_the_diff())?;
    let position = first.position.as_ref();
    let path = position
        .and_then(|p| p.new_path.clone().or_else(|| p.old_path.clone()))
        .unwrap_or_default();
    let line = position.and_then(|p| p.new_line.or(p.old_line));
    let comments = discussion
        .notes
        .iter()
        .filter(|n| !n.system)
        .map(|n| ReviewComment {
            id: n.id,
            in_reply_to_id: (n.id != first.id).then_some(first.id),
            pull_request_review_id: None,
            path: path.clone(),
            line,
            original_line: None,
            side: None,
            diff_hunk: None,
            author: Some(person(&n.author)),
            author_association: None,
            author_can_push: None,
            created_at: n.created_at.clone(),
            url: Some(api.web_url(&format!("-/merge_requests/{number}#note_{}", n.id))),
            body: Some(n.body.clone()),
        })
        .collect();
    Some(Thread {
        id: first.id,
        thread_id: discussion.id.clone(),
        is_resolved: discussion.resolved(),
        is_outdated: false,
        path,
        line,
        diff_hunk: None,
        comments,
    })
}
