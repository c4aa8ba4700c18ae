//! What a look after a lost answer reads on GitLab (ADR 0012, 0023): reads
//! only, and a trace counts only if it is the attempt's own: made by the
//! account whose token acts (`GET /user`'s `username`) at or after the
//! attempt began on GitLab's clock (its `Date`, never this machine's). What
//! an action creates (a note, an issue, a merge request) is found as itself,
//! earliest first; a change to what exists (an edit, a state, labels, a
//! merge, a thread) by GitLab's record of it (system notes, resource events,
//! `merge_user` and `merged_at`) or, for a thread, its state against the
//! state seen before acting. Where GitLab cannot show it, `CannotTell` says
//! what to check. The creations are here; the changes in [`changes`].

mod changes;

use helm_forge::act::{IssueOrPull, Steer};
use helm_forge::{ForgeError, Produced, TraceWindow, Traced};
use helm_model::clock::Began;

use crate::act::create::GitLabCreated;
use crate::api::{GitLabApi, encode};
use crate::wire::{GitLabNote, GitLabUser};

pub(crate) async fn window(
    api: &GitLabApi,
    began: &Began,
) -> Result<Result<TraceWindow, String>, ForgeError> {
    // The look's first answer also reads GitLab's clock, in case the
    // attempt kept no reading of its own.
    let user: GitLabUser = api.get("/user").await?;
    Ok(began
        .earliest_trace(api.client.clock().as_ref())
        .map(|since| TraceWindow {
            viewer: user.username,
            since,
        }))
}

pub(crate) async fn look(
    api: &GitLabApi,
    steer: &Steer,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    match steer {
        Steer::Comment(comment) => notes(api, steer, comment.on, &comment.body, window).await,
        Steer::ReplyInline(reply) => {
            let discussion =
                crate::act::notes::discussion_of(api, reply.pr, reply.comment_id).await?;
            let mine = discussion
                .notes
                .iter()
                .filter(|n| n.id != reply.comment_id)
                .filter(|n| is_mine(n, &reply.body, window));
            found(mine.map(|n| posted(api, steer, n)).collect())
        }
        Steer::CreateIssue(create) => {
            let path = api.path(&format!(
                "/issues?author_username={}&created_after={}&search={}&in=title&sort=asc",
                encode(&window.viewer),
                since(window),
                encode(&create.title)
            ));
            let (issues, _) = api.pages::<Opened>(&path).await?;
            let mine = issues.into_iter().filter(|i| {
                i.title == create.title
                    && window.by(Some(&i.created.author.username))
                    && window.admits(i.created_at.as_deref())
            });
            found(mine.map(|i| i.created.produced()).collect())
        }
        Steer::CreatePr(create) => {
            let base = create.base.as_deref().unwrap_or_default();
            let path = api.path(&format!(
                "/merge_requests?state=all&author_username={}&source_branch={}&target_branch={}&created_after={}&sort=asc",
                encode(&window.viewer),
                encode(&create.head),
                encode(base),
                since(window)
            ));
            let (mrs, _) = api.pages::<OpenedMr>(&path).await?;
            let mine = mrs.into_iter().filter(|m| {
                m.source_branch == create.head
                    && (base.is_empty() || m.target_branch == base)
                    && window.by(Some(&m.opened.created.author.username))
                    && window.admits(m.opened.created_at.as_deref())
            });
            found(mine.map(|m| m.opened.created.produced()).collect())
        }
        _ => changes::look(api, steer, window).await,
    }
}

/// An issue or merge request as a creation's look reads it.
#[derive(serde::Deserialize)]
struct Opened {
    title: String,
    created_at: Option<String>,
    #[serde(flatten)]
    created: GitLabCreated,
}

#[derive(serde::Deserialize)]
struct OpenedMr {
    source_branch: String,
    target_branch: String,
    #[serde(flatten)]
    opened: Opened,
}

/// The window's start as GitLab's `created_after` takes it.
fn since(window: &TraceWindow) -> String {
    encode(&window.since.strftime("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// A user note by the viewer, in the window, saying `body`.
fn is_mine(note: &GitLabNote, body: &str, window: &TraceWindow) -> bool {
    !note.system
        && note.body == body
        && window.by(Some(&note.author.username))
        && window.admits(note.created_at.as_deref())
}

fn posted(api: &GitLabApi, steer: &Steer, note: &GitLabNote) -> Produced {
    Produced::Posted {
        id: note.id,
        url: crate::act::notes::note_url(api, steer, note.id),
        author: Some(note.author.username.clone()),
    }
}

fn found(traces: Vec<Produced>) -> Result<Traced, ForgeError> {
    Ok(match traces.is_empty() {
        true => Traced::NotDone,
        false => Traced::Found(traces),
    })
}

/// The notes of `on`, newest first, read until one is older than the window.
async fn recent_notes(
    api: &GitLabApi,
    on: IssueOrPull,
    window: &TraceWindow,
) -> Result<Vec<GitLabNote>, ForgeError> {
    let path = format!(
        "{}/notes?sort=desc&order_by=created_at",
        crate::act::item_path(api, on)
    );
    // Newest first: a page whose last note is older than the window ends it.
    let more = |page: &[GitLabNote]| {
        page.last()
            .is_some_and(|n| window.admits(n.created_at.as_deref()))
    };
    let (mut notes, _) = api.pages_while::<GitLabNote>(&path, more).await?;
    notes.retain(|n| window.admits(n.created_at.as_deref()));
    // Earliest first, as the look answers.
    notes.reverse();
    Ok(notes)
}

async fn notes(
    api: &GitLabApi,
    steer: &Steer,
    on: IssueOrPull,
    body: &str,
    window: &TraceWindow,
) -> Result<Traced, ForgeError> {
    let notes = recent_notes(api, on, window).await?;
    let mine = notes.iter().filter(|n| is_mine(n, body, window));
    found(mine.map(|n| posted(api, steer, n)).collect())
}
