//! `reply-inline` on GitHub: one `POST /pulls/{n}/comments/{id}/replies`, and
//! after a lost answer the review comments since the attempt began that
//! reply to the same comment, by the acting account, with the body asked.

use helm_forge::act::ReplyInline;
use helm_forge::{ForgeWrite, Produced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubReviewComment as ReviewComment;

pub(super) fn plan(client: &Client, reply: &ReplyInline) -> Planned<ForgeWrite> {
    let (pr, comment_id) = (reply.pr, reply.comment_id);
    WriteBody {
        body: Some(&reply.body),
        ..WriteBody::default()
    }
    .write(
        client,
        "POST",
        &format!("/pulls/{pr}/comments/{comment_id}/replies"),
    )
}

pub(super) async fn send(client: &Client, write: &ForgeWrite) -> Result<Produced, GitHubError> {
    let posted: ReviewComment = sent(client, write).await?;
    Ok(Produced::Posted {
        id: posted.id,
        url: posted.url,
        // The reply's author is the account the token acts as.
        author: posted.author.map(|user| user.login),
    })
}

/// The replies that can be the attempt's, earliest first; each names no
/// author, as a settled reply has never recorded GitHub's (`comment::look`).
pub(super) async fn look(
    client: &Client,
    reply: &ReplyInline,
    window: &Window<'_>,
) -> Result<Vec<Produced>, GitHubError> {
    let since = window.query();
    let path = client.repo_path(&format!("/pulls/{}/comments?since={since}", reply.pr));
    let (mut comments, _) = client.get_all::<ReviewComment>(&path).await?;
    comments.sort_by_key(|c| (c.created_at.clone(), c.id));
    Ok(comments
        .into_iter()
        .filter(|c| {
            c.in_reply_to_id == Some(reply.comment_id)
                && window.by(&c.author)
                && c.body.as_deref() == Some(&reply.body)
                && window.admits(&c.created_at)
        })
        .map(|c| Produced::Posted {
            id: c.id,
            url: c.url,
            author: None,
        })
        .collect())
}
