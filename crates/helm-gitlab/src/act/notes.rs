//! `comment` (a note on an issue or a merge request: `POST …/notes`) and
//! `reply-inline` (a note in the discussion that holds the note
//! `--comment-id` names, found in `prepare`: `POST
//! …/discussions/:id/notes`). Both produce the note made.

use helm_forge::act::{Comment, IssueOrPull, ReplyInline, Steer};
use helm_forge::{ForgeError, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::{Error, Kind};

use super::{answered, item_path, plan};
use crate::api::GitLabApi;
use crate::wire::bodies::{GitLabNoteBody, write};
use crate::wire::{GitLabDiscussion, GitLabNote};

pub(super) fn comment(api: &GitLabApi, comment: &Comment) -> WritePlan {
    let path = format!("{}/notes", item_path(api, comment.on));
    let body = GitLabNoteBody {
        body: &comment.body,
    };
    plan(
        &Steer::Comment(comment.clone()),
        vec![write("POST", path, &body)],
    )
}

/// The discussion of merge request `pr` that holds note `note`.
pub(crate) async fn discussion_of(
    api: &GitLabApi,
    pr: u64,
    note: u64,
) -> Result<GitLabDiscussion, ForgeError> {
    let path = api.path(&format!("/merge_requests/{pr}/discussions"));
    let (discussions, _) = api.pages::<GitLabDiscussion>(&path).await?;
    discussions
        .into_iter()
        .find(|d| d.notes.iter().any(|n| n.id == note))
        .ok_or_else(|| {
            ForgeError::not_done(
                Error::new(
                    Kind::NotFound,
                    format!("merge request !{pr} has no note {note} in any of its discussions"),
                )
                .hint("give the id of a review thread's note (a thread's `id` in the observed reviews)"),
            )
        })
}

pub(super) async fn reply(api: &GitLabApi, reply: &ReplyInline) -> Result<WritePlan, ForgeError> {
    let discussion = discussion_of(api, reply.pr, reply.comment_id).await?;
    let path = api.path(&format!(
        "/merge_requests/{}/discussions/{}/notes",
        reply.pr, discussion.id
    ));
    let body = GitLabNoteBody { body: &reply.body };
    Ok(plan(
        &Steer::ReplyInline(reply.clone()),
        vec![write("POST", path, &body)],
    ))
}

/// The web address of note `id` on what `steer` acted on.
pub(crate) fn note_url(api: &GitLabApi, steer: &Steer, id: u64) -> Option<String> {
    let tail = match steer {
        Steer::Comment(c) => match c.on {
            IssueOrPull::Issue(n) => format!("-/issues/{n}"),
            IssueOrPull::PullRequest(n) => format!("-/merge_requests/{n}"),
        },
        Steer::ReplyInline(r) => format!("-/merge_requests/{}", r.pr),
        _ => return None,
    };
    Some(api.web_url(&format!("{tail}#note_{id}")))
}

pub(super) fn produced(
    api: &GitLabApi,
    plan: &WritePlan,
    answer: &Answer,
) -> Result<Produced, Error> {
    let note: GitLabNote = answered(plan, answer)?;
    Ok(Produced::Posted {
        id: note.id,
        url: note_url(api, &plan.steer, note.id),
        author: Some(note.author.username),
    })
}
