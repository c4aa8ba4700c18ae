//! `comment` on GitHub: one `POST /issues/{n}/comments` (a pull request's
//! conversation is its issue's), and after a lost answer the comments since
//! the attempt began by the acting account with the body asked.

use helm_forge::act::Comment;
use helm_forge::{ForgeWrite, Produced};
use helm_model::error::Result as Planned;

use super::Window;
use super::body::WriteBody;
use super::write::sent;
use crate::client::Client;
use crate::error::GitHubError;
use crate::wire::GitHubIssueComment as Posted;

pub(super) fn plan(client: &Client, comment: &Comment) -> Planned<ForgeWrite> {
    let number = comment.on.number();
    WriteBody {
        body: Some(&comment.body),
        ..WriteBody::default()
    }
    .write(client, "POST", &format!("/issues/{number}/comments"))
}

pub(super) async fn send(client: &Client, write: &ForgeWrite) -> Result<Produced, GitHubError> {
    let posted: Posted = sent(client, write).await?;
    Ok(Produced::Posted {
        id: posted.id,
        url: posted.url,
        // The comment's author is the account the token acts as.
        author: posted.author.map(|user| user.login),
    })
}

/// The comments that can be the attempt's, earliest first. Each names no
/// author: the entry's `actor` is the acting account's login as helm knows
/// it, which is what a settled comment has always recorded.
pub(super) async fn look(
    client: &Client,
    comment: &Comment,
    window: &Window<'_>,
) -> Result<Vec<Produced>, GitHubError> {
    let number = comment.on.number();
    let since = window.query();
    let path = client.repo_path(&format!("/issues/{number}/comments?since={since}"));
    let (mut comments, _) = client.get_all::<Posted>(&path).await?;
    comments.sort_by_key(|c| (c.created_at.clone(), c.id));
    Ok(comments
        .into_iter()
        .filter(|c| {
            window.by(&c.author)
                && c.body.as_deref() == Some(&comment.body)
                && window.admits(&c.created_at)
        })
        .map(|c| Produced::Posted {
            id: c.id,
            url: c.url,
            author: None,
        })
        .collect())
}
