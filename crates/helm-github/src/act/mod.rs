//! GitHub's steer actions: each action's request(s) in a file of its own (the
//! path, the typed body, the typed answer and GitHub's refusals as GitHub
//! words them), returning what they produced in the seam's words
//! ([`Produced`]), and the look for a lost attempt's own trace within its
//! window ([`Traced`]). The core's action turns either into its entry through
//! the same `performed` every forge's answer goes through, so helm-core names
//! no endpoint of GitHub's. Each entry point is one exhaustive `match` over
//! the seam's [`Steer`]: a new action fails to build here until GitHub
//! performs it.

mod body;
mod close_issue;
mod close_pr;
mod comment;
mod create_issue;
mod create_pr;
mod edit;
mod label;
mod merge_pr;
mod reopen_issue;
mod reply_inline;
mod request_review;
mod thread;
mod timeline;
mod window;

use helm_forge::act::{IssueOrPull, ResolveThread, Steer, UnresolveThread};
use helm_forge::{Produced, TraceWindow, Traced};
use helm_model::clock::Began;
use helm_model::error::{Result, Words};

use crate::client::Client;
use crate::error::GitHubError;
use edit::Edit;
use thread::Toggle;
use window::Window;

/// Reads on GitHub what the action must know before it acts, once the
/// bearing is checked and before the pending record is written: an error
/// refuses the steer with nothing acted or recorded; `Some` is the action to
/// perform and keep in the pending record (a pull request's base read from
/// the repository's default branch, a review thread's state seen before
/// acting, which a later look compares with).
pub async fn prepare(client: &Client, steer: &Steer) -> Result<Option<Steer>> {
    Ok(match steer {
        Steer::CreatePr(create) => create_pr::prepare(client, create)
            .await?
            .map(Steer::CreatePr),
        Steer::ResolveThread(t) => {
            let seen = thread::prepare(client, &resolve(t)).await?;
            Some(Steer::ResolveThread(ResolveThread {
                seen: Some(seen),
                ..t.clone()
            }))
        }
        Steer::UnresolveThread(t) => {
            let seen = thread::prepare(client, &unresolve(t)).await?;
            Some(Steer::UnresolveThread(UnresolveThread {
                seen: Some(seen),
                ..t.clone()
            }))
        }
        Steer::Comment(_)
        | Steer::CreateIssue(_)
        | Steer::EditIssue(_)
        | Steer::CloseIssue(_)
        | Steer::ReopenIssue(_)
        | Steer::EditPr(_)
        | Steer::ClosePr(_)
        | Steer::RequestReview(_)
        | Steer::ReplyInline(_)
        | Steer::MergePr(_)
        | Steer::Label(_) => None,
    })
}

/// Sends the action's request(s) and names what they produced.
pub async fn send(client: &Client, steer: &Steer) -> std::result::Result<Produced, GitHubError> {
    match steer {
        Steer::Comment(c) => comment::send(client, c).await,
        Steer::CreateIssue(c) => create_issue::send(client, c).await,
        Steer::EditIssue(e) => {
            let on = IssueOrPull::Issue(e.issue);
            edit::send(client, &Edit::of(on, &e.title, &e.body)).await
        }
        Steer::CloseIssue(c) => close_issue::send(client, c).await,
        Steer::ReopenIssue(r) => reopen_issue::send(client, r).await,
        Steer::CreatePr(c) => create_pr::send(client, c).await,
        Steer::EditPr(e) => {
            let on = IssueOrPull::PullRequest(e.pr);
            edit::send(client, &Edit::of(on, &e.title, &e.body)).await
        }
        Steer::ClosePr(c) => close_pr::send(client, c).await,
        Steer::RequestReview(r) => request_review::send(client, r).await,
        Steer::ReplyInline(r) => reply_inline::send(client, r).await,
        Steer::MergePr(m) => merge_pr::send(client, m).await,
        Steer::Label(l) => label::send(client, l).await,
        Steer::ResolveThread(t) => thread::send(client, &resolve(t)).await,
        Steer::UnresolveThread(t) => thread::send(client, &unresolve(t)).await,
    }
}

/// Looks on GitHub for the effect of an attempt that began as `began` says:
/// its own traces, earliest first, or that it did not happen, or why helm
/// cannot tell (among them, that the attempt cannot be placed on GitHub's
/// clock). The seam's two steps, [`window`] then [`look_within`], in one.
pub async fn look(
    client: &Client,
    steer: &Steer,
    began: &Began,
) -> std::result::Result<Traced, GitHubError> {
    match window(client, began).await? {
        Ok(window) => look_within(client, steer, &window).await,
        Err(why) => Ok(Traced::CannotTell(Words::of(why))),
    }
}

/// The window in which traces on GitHub can be the attempt's: the account
/// the token acts as, and the attempt's start on GitHub's clock (`Err` says
/// why it cannot be placed).
pub async fn window(
    client: &Client,
    began: &Began,
) -> std::result::Result<std::result::Result<TraceWindow, String>, GitHubError> {
    Window::of(client, began).await
}

/// Looks on GitHub for the attempt's own traces within `window`.
pub async fn look_within(
    client: &Client,
    steer: &Steer,
    window: &TraceWindow,
) -> std::result::Result<Traced, GitHubError> {
    let window = &Window::from(window);
    match steer {
        Steer::Comment(c) => comment::look(client, c, window).await.map(Traced::Found),
        Steer::CreateIssue(c) => create_issue::look(client, c, window)
            .await
            .map(Traced::Found),
        Steer::EditIssue(e) => {
            let on = IssueOrPull::Issue(e.issue);
            edit::look(client, &Edit::of(on, &e.title, &e.body), window).await
        }
        Steer::CloseIssue(c) => close_issue::look(client, c, window).await,
        Steer::ReopenIssue(r) => reopen_issue::look(client, r, window).await,
        Steer::CreatePr(c) => create_pr::look(client, c, window).await.map(Traced::Found),
        Steer::EditPr(e) => {
            let on = IssueOrPull::PullRequest(e.pr);
            edit::look(client, &Edit::of(on, &e.title, &e.body), window).await
        }
        Steer::ClosePr(c) => close_pr::look(client, c, window).await,
        Steer::RequestReview(r) => request_review::look(client, r, window).await,
        Steer::ReplyInline(r) => reply_inline::look(client, r, window)
            .await
            .map(Traced::Found),
        Steer::MergePr(m) => merge_pr::look(client, m, window).await,
        Steer::Label(l) => label::look(client, l, window).await,
        Steer::ResolveThread(t) => thread::look(client, &resolve(t), window).await,
        Steer::UnresolveThread(t) => thread::look(client, &unresolve(t), window).await,
    }
}

fn resolve(t: &ResolveThread) -> Toggle<'_> {
    Toggle {
        pr: t.pr,
        thread: &t.thread,
        resolve: true,
        seen: t.seen.as_ref(),
    }
}

fn unresolve(t: &UnresolveThread) -> Toggle<'_> {
    Toggle {
        pr: t.pr,
        thread: &t.thread,
        resolve: false,
        seen: t.seen.as_ref(),
    }
}
