//! GitHub's steer actions: each action's request(s) in a file of its own (the
//! path, the typed body, the typed answer and GitHub's refusals as GitHub
//! words them), planned before anything leaves ([`plan`]: the reads, then
//! every write final, a [`WritePlan`] as every forge's), sent exactly as
//! planned and named in the seam's words ([`send`], [`Produced`]), and the
//! look for a lost attempt's own trace within its window ([`Traced`]). The core's action turns either into its entry through
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
mod failed;
mod label;
mod merge_pr;
mod reopen_issue;
mod reply_inline;
mod request_review;
mod thread;
mod timeline;
mod window;
mod write;

use helm_forge::act::{IssueOrPull, ResolveThread, Steer, UnresolveThread};
use helm_forge::{ForgeError, Produced, TraceWindow, Traced, WritePlan};
use helm_model::clock::Began;
use helm_model::error::Result;

use crate::client::Client;
use crate::error::GitHubError;
use edit::Edit;
use thread::Toggle;
use window::Window;

/// Plans the action once the bearing is checked and before the pending
/// record is written: reads on GitHub what it must know (a pull request's
/// base from the repository's default branch, a review thread's state seen
/// before acting, which a later look compares with; the labels an issue has
/// before some are removed), then makes every write final, in order. An
/// error refuses the steer with nothing acted or recorded; the plan's steer
/// is the one to keep in the pending record.
pub async fn plan(client: &Client, steer: &Steer) -> std::result::Result<WritePlan, ForgeError> {
    Ok(planned(client, steer).await?)
}

async fn planned(client: &Client, steer: &Steer) -> Result<WritePlan> {
    let one = |write| Ok(write::one(steer.clone(), write?));
    match steer {
        Steer::Comment(c) => one(comment::plan(client, c)),
        Steer::CreateIssue(c) => one(create_issue::plan(client, c)),
        Steer::EditIssue(e) => {
            let on = IssueOrPull::Issue(e.issue);
            one(edit::plan(client, &Edit::of(on, &e.title, &e.body)))
        }
        Steer::CloseIssue(c) => one(close_issue::plan(client, c)),
        Steer::ReopenIssue(r) => one(reopen_issue::plan(client, r)),
        Steer::CreatePr(create) => create_pr::plan(client, create).await,
        Steer::EditPr(e) => {
            let on = IssueOrPull::PullRequest(e.pr);
            one(edit::plan(client, &Edit::of(on, &e.title, &e.body)))
        }
        Steer::ClosePr(c) => one(close_pr::plan(client, c)),
        Steer::RequestReview(r) => one(request_review::plan(client, r)),
        Steer::ReplyInline(r) => one(reply_inline::plan(client, r)),
        Steer::MergePr(m) => one(merge_pr::plan(client, m)),
        Steer::Label(l) => label::plan(client, l).await,
        Steer::ResolveThread(t) => {
            let (seen, write) = thread::plan(client, &resolve(t)).await?;
            let seen = Some(seen);
            let steer = Steer::ResolveThread(ResolveThread { seen, ..t.clone() });
            Ok(write::one(steer, write))
        }
        Steer::UnresolveThread(t) => {
            let (seen, write) = thread::plan(client, &unresolve(t)).await?;
            let seen = Some(seen);
            let steer = Steer::UnresolveThread(UnresolveThread { seen, ..t.clone() });
            Ok(write::one(steer, write))
        }
    }
}

/// Sends the plan's writes in order, exactly as planned, and names what
/// they produced; a failure says, in GitHub's words, whether GitHub may
/// have acted.
pub async fn send(client: &Client, plan: &WritePlan) -> std::result::Result<Produced, ForgeError> {
    sent(client, plan)
        .await
        .map_err(|err| failed::sending(err, &plan.steer, &client.repo.to_string()))
}

async fn sent(client: &Client, plan: &WritePlan) -> std::result::Result<Produced, GitHubError> {
    let only = || write::only(plan);
    match &plan.steer {
        Steer::Comment(_) => comment::send(client, only()?).await,
        Steer::CreateIssue(_) => create_issue::send(client, only()?).await,
        Steer::EditIssue(e) => {
            let on = IssueOrPull::Issue(e.issue);
            edit::send(client, &Edit::of(on, &e.title, &e.body), only()?).await
        }
        Steer::CloseIssue(_) | Steer::ReopenIssue(_) => write::issue_state(client, only()?).await,
        Steer::CreatePr(_) => create_pr::send(client, only()?).await,
        Steer::EditPr(e) => {
            let on = IssueOrPull::PullRequest(e.pr);
            edit::send(client, &Edit::of(on, &e.title, &e.body), only()?).await
        }
        Steer::ClosePr(_) => close_pr::send(client, only()?).await,
        Steer::RequestReview(_) => request_review::send(client, only()?).await,
        Steer::ReplyInline(_) => reply_inline::send(client, only()?).await,
        Steer::MergePr(m) => merge_pr::send(client, m, only()?).await,
        Steer::Label(l) => label::send(client, l, plan).await,
        Steer::ResolveThread(t) => thread::send(client, &resolve(t), only()?).await,
        Steer::UnresolveThread(t) => thread::send(client, &unresolve(t), only()?).await,
    }
}

/// The window in which traces on GitHub can be the attempt's: the account
/// the token acts as, and the attempt's start on GitHub's clock (`Err` says
/// why it cannot be placed).
pub async fn window(
    client: &Client,
    began: &Began,
) -> std::result::Result<std::result::Result<TraceWindow, String>, ForgeError> {
    Window::of(client, began)
        .await
        .map_err(|err| failed::placing(err, &client.repo.to_string()))
}

/// Looks on GitHub for the effect of an attempt within `window`: its own
/// traces, earliest first, or that it did not happen, or why helm cannot
/// tell; a failure is what helm cannot tell, in GitHub's words.
pub async fn look(
    client: &Client,
    steer: &Steer,
    window: &TraceWindow,
) -> std::result::Result<Traced, ForgeError> {
    look_within(client, steer, window)
        .await
        .map_err(|err| failed::looking(err, steer, &client.repo.to_string()))
}

/// Looks on GitHub for the attempt's own traces within `window`.
async fn look_within(
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
