//! GitLab's steer actions: one exhaustive `match` over the seam's [`Steer`],
//! so a new action fails to compile here until GitLab answers it, and one
//! file per family. `prepare` reads what the action must know (ids for
//! usernames, a note's discussion, the project's merge methods, the labels
//! there now) and returns the final writes; `send` sends exactly those,
//! through the gate that admits only them, and names what they produced.
//! What GitLab cannot do exactly is refused before any request
//! ([`helm_forge::refuses`] on GitLab's capabilities).

pub(crate) mod create;
pub(crate) mod edit;
pub(crate) mod labels;
mod merge;
pub(crate) mod notes;
mod reviewers;
pub(crate) mod threads;

use helm_forge::act::{IssueOrPull, Steer};
use helm_forge::{ForgeError, ForgeName, ForgeWrite, Produced, WritePlan, refuses};
use helm_http::Answer;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::api::{GitLabApi, parse};

pub(crate) async fn prepare(api: &GitLabApi, steer: &Steer) -> Result<WritePlan, ForgeError> {
    if let Some(refusal) = refuses(ForgeName::GitLab, ForgeName::GitLab.capabilities(), steer) {
        return Err(ForgeError::not_done(refusal.into()));
    }
    match steer {
        Steer::Comment(c) => Ok(notes::comment(api, c)),
        Steer::ReplyInline(r) => notes::reply(api, r).await,
        Steer::CreateIssue(c) => create::issue(api, c).await,
        Steer::CreatePr(c) => create::mr(api, c).await,
        Steer::EditIssue(e) => Ok(edit::edit(
            api,
            steer,
            on_issue(e.issue),
            e.title.as_deref(),
            e.body.as_deref(),
        )),
        Steer::EditPr(e) => Ok(edit::edit(
            api,
            steer,
            on_pr(e.pr),
            e.title.as_deref(),
            e.body.as_deref(),
        )),
        Steer::CloseIssue(c) => Ok(edit::state(api, steer, on_issue(c.issue), "close")),
        Steer::ReopenIssue(r) => Ok(edit::state(api, steer, on_issue(r.issue), "reopen")),
        Steer::ClosePr(c) => Ok(edit::state(api, steer, on_pr(c.pr), "close")),
        Steer::RequestReview(r) => reviewers::prepare(api, r).await,
        Steer::MergePr(m) => merge::prepare(api, m).await,
        Steer::Label(l) => labels::prepare(api, l).await,
        Steer::ResolveThread(t) => threads::prepare(api, t.pr, &t.thread, true).await,
        Steer::UnresolveThread(t) => threads::prepare(api, t.pr, &t.thread, false).await,
    }
}

pub(crate) async fn send(api: &GitLabApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    let _admitted = api.admitted.admitting(&plan.writes);
    sent(api, plan).await
}

async fn sent(api: &GitLabApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    let mut answers = Vec::new();
    for write in &plan.writes {
        let answer = match write_of(plan, write) {
            Write::Merge => merge::send(api, plan, write, !answers.is_empty()).await?,
            Write::Plain => api.write(write, !answers.is_empty()).await?,
        };
        answers.push(answer);
    }
    let Some(last) = answers.last() else {
        return Err(ForgeError::not_done(helm_model::error::Error::usage(
            "the plan holds no write (a bug in helm-gitlab)",
        )));
    };
    // An answer that does not read is no reason to act again: the write went through.
    let produced = match &plan.steer {
        Steer::Comment(_) | Steer::ReplyInline(_) => notes::produced(api, plan, last),
        Steer::CreateIssue(_) | Steer::CreatePr(_) => create::produced(plan, last),
        Steer::EditIssue(_) | Steer::EditPr(_) => edit::edited(plan, last),
        Steer::CloseIssue(_) | Steer::ReopenIssue(_) | Steer::ClosePr(_) => {
            edit::stated(plan, last)
        }
        Steer::RequestReview(_) => reviewers::produced(plan, last),
        Steer::MergePr(_) => merge::produced(plan, last),
        Steer::Label(_) => labels::produced(plan, last),
        Steer::ResolveThread(_) | Steer::UnresolveThread(_) => threads::produced(api, plan, last),
    };
    produced.map_err(ForgeError::unknown)
}

enum Write {
    Merge,
    Plain,
}

fn write_of(plan: &WritePlan, write: &ForgeWrite) -> Write {
    match (&plan.steer, write.path.ends_with("/merge")) {
        (Steer::MergePr(_), true) => Write::Merge,
        _ => Write::Plain,
    }
}

fn on_issue(n: u64) -> IssueOrPull {
    IssueOrPull::Issue(n)
}

fn on_pr(n: u64) -> IssueOrPull {
    IssueOrPull::PullRequest(n)
}

/// `issues/7` or `merge_requests/7` under the project.
pub(crate) fn item_path(api: &GitLabApi, on: IssueOrPull) -> String {
    match on {
        IssueOrPull::Issue(n) => api.path(&format!("/issues/{n}")),
        IssueOrPull::PullRequest(n) => api.path(&format!("/merge_requests/{n}")),
    }
}

/// A plan with nothing read that `send` needs.
pub(crate) fn plan(steer: &Steer, writes: Vec<ForgeWrite>) -> WritePlan {
    WritePlan {
        steer: steer.clone(),
        writes,
        read: Value::Null,
    }
}

/// A write's answer read as `T`, for what it produced.
pub(crate) fn answered<T: DeserializeOwned>(
    plan: &WritePlan,
    answer: &Answer,
) -> Result<T, helm_model::error::Error> {
    let (method, path) = plan
        .writes
        .last()
        .map_or(("", ""), |w| (w.method, w.path.as_str()));
    parse(answer, method, path).map_err(|e| {
        e.error
            .hint("the write went through, but its answer did not read: look at it on GitLab before acting again")
    })
}
