//! A pull request's `reviews` part from Forgejo: its reviews (a request for
//! review is not one), and their line comments grouped into threads as
//! GitHub's part has them. Forgejo has no reply to a line comment: a thread
//! is a first comment and the later ones on the same file and line; it is
//! resolved when Forgejo names a `resolver`. No `threadId`: Forgejo has no
//! thread to resolve by id.

use helm_forge::{ForgeError, LookedPart, shape};
use serde::Serialize;

use super::to_value;
use crate::api::ForgejoApi;
use crate::{shapes, wire};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Thread {
    id: u64,
    is_resolved: bool,
    path: String,
    line: Option<u64>,
    diff_hunk: Option<String>,
    comments: Vec<shape::ReviewComment>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Reviews {
    reviews: Vec<shape::Review>,
    threads: Vec<Thread>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    reviews_truncated: bool,
}

pub(super) async fn reviews(api: &ForgejoApi, number: u64) -> Result<LookedPart, ForgeError> {
    let path = api.repo_path(&format!("/pulls/{number}/reviews"));
    let doing = format!("list pull request #{number}'s reviews");
    let (reviews, truncated) = api.pages::<wire::ForgejoReview>(&path, &doing).await?;
    let mut comments: Vec<wire::ForgejoReviewComment> = Vec::new();
    for review in reviews.iter().filter(|r| r.comments_count > 0) {
        let path = api.repo_path(&format!("/pulls/{number}/reviews/{}/comments", review.id));
        let doing = format!("list review {}'s comments", review.id);
        let mut these: Vec<wire::ForgejoReviewComment> = api.get(&path, &doing).await?;
        comments.append(&mut these);
    }
    comments.sort_by(|a, b| (&a.created_at, a.id).cmp(&(&b.created_at, b.id)));
    let mut threads: Vec<Thread> = Vec::new();
    for comment in comments {
        let at = threads
            .iter()
            .position(|t| t.path == comment.path && t.line == comment.position);
        match at {
            Some(at) => {
                let thread = &mut threads[at];
                thread.is_resolved = comment.resolver.is_some();
                let root = Some(thread.id);
                thread.comments.push(shapes::review_comment(comment, root));
            }
            None => threads.push(Thread {
                id: comment.id,
                is_resolved: comment.resolver.is_some(),
                path: comment.path.clone(),
                line: comment.position,
                diff_hunk: comment.diff_hunk.clone(),
                comments: vec![shapes::review_comment(comment, None)],
            }),
        }
    }
    let part = Reviews {
        reviews: reviews.into_iter().filter_map(shapes::review).collect(),
        threads,
        reviews_truncated: truncated,
    };
    Ok(LookedPart {
        value: to_value(&part)?,
        truncated,
    })
}
