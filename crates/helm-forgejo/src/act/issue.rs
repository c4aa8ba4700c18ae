//! The actions on an issue (or a pull request's conversation and fields):
//! a comment (`POST …/issues/{n}/comments`), a new issue with label ids
//! read in prepare (`POST …/issues`), an edit (`PATCH …/issues/{n}` or
//! `…/pulls/{n}`, title and body), a close or reopen (the same PATCH with
//! `state`; Forgejo has no close reason, so only "completed" gets here).

use helm_forge::act::Steer;
use helm_forge::{ForgeError, Produced, WritePlan};

use super::{one, send_one};
use crate::api::{ForgejoApi, body};
use crate::wire::{self, ForgejoCommentBody, ForgejoCreateIssueBody, ForgejoEditBody};

pub(super) async fn prepare(api: &ForgejoApi, steer: &Steer) -> Result<WritePlan, ForgeError> {
    let issue = |n: u64| api.repo_path(&format!("/issues/{n}"));
    let pulls = |n: u64| api.repo_path(&format!("/pulls/{n}"));
    let edit = |title: Option<&str>, text: Option<&str>, state: Option<&str>| {
        body(&ForgejoEditBody {
            title,
            body: text,
            state,
        })
    };
    Ok(match steer {
        Steer::Comment(comment) => {
            let path = format!("{}/comments", issue(comment.on.number()));
            let text = body(&ForgejoCommentBody {
                body: &comment.body,
            })?;
            one(steer, "POST", path, text)
        }
        Steer::CreateIssue(create) => {
            let labels = super::label::ids(api, &create.labels).await?;
            let text = body(&ForgejoCreateIssueBody {
                title: &create.title,
                body: create.body.as_deref(),
                labels: labels.iter().map(|l| l.id).collect(),
                assignees: &create.assignees,
            })?;
            one(steer, "POST", api.repo_path("/issues"), text)
        }
        Steer::EditIssue(e) => {
            let text = edit(e.title.as_deref(), e.body.as_deref(), None)?;
            one(steer, "PATCH", issue(e.issue), text)
        }
        Steer::EditPr(e) => {
            let text = edit(e.title.as_deref(), e.body.as_deref(), None)?;
            one(steer, "PATCH", pulls(e.pr), text)
        }
        Steer::CloseIssue(c) => one(
            steer,
            "PATCH",
            issue(c.issue),
            edit(None, None, Some("closed"))?,
        ),
        Steer::ReopenIssue(r) => one(
            steer,
            "PATCH",
            issue(r.issue),
            edit(None, None, Some("open"))?,
        ),
        Steer::ClosePr(c) => one(
            steer,
            "PATCH",
            pulls(c.pr),
            edit(None, None, Some("closed"))?,
        ),
        _ => super::other_family()?,
    })
}

pub(super) async fn send(api: &ForgejoApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    Ok(match &plan.steer {
        Steer::Comment(c) => {
            let doing = format!("comment on #{}", c.on.number());
            let made: wire::ForgejoComment = send_one(api, plan, &doing).await?;
            Produced::Posted {
                id: made.id,
                url: made.html_url,
                author: made.user.map(|u| u.login),
            }
        }
        Steer::CreateIssue(_) => {
            let made: wire::ForgejoIssue = send_one(api, plan, "create an issue").await?;
            opened(made)
        }
        Steer::EditIssue(e) => {
            edited(send_one(api, plan, &format!("edit issue #{}", e.issue)).await?)
        }
        Steer::EditPr(e) => {
            let pull: wire::ForgejoPull =
                send_one(api, plan, &format!("edit pull request #{}", e.pr)).await?;
            Produced::Edited {
                title: Some(pull.title),
                body: pull.body,
                url: pull.html_url,
            }
        }
        Steer::CloseIssue(c) => {
            state(send_one(api, plan, &format!("close issue #{}", c.issue)).await?)
        }
        Steer::ReopenIssue(r) => {
            state(send_one(api, plan, &format!("reopen issue #{}", r.issue)).await?)
        }
        Steer::ClosePr(c) => {
            let pull: wire::ForgejoPull =
                send_one(api, plan, &format!("close pull request #{}", c.pr)).await?;
            Produced::State {
                state: pull.state,
                reason: None,
                url: pull.html_url,
            }
        }
        _ => super::other_family()?,
    })
}

pub(crate) fn opened(made: wire::ForgejoIssue) -> Produced {
    Produced::Opened {
        number: made.number,
        url: made.html_url,
        author: made.user.map(|u| u.login),
        labels: made
            .labels
            .unwrap_or_default()
            .into_iter()
            .map(|l| l.name)
            .collect(),
        assignees: made
            .assignees
            .unwrap_or_default()
            .into_iter()
            .map(|u| u.login)
            .collect(),
        title: None,
        draft: None,
    }
}

fn edited(issue: wire::ForgejoIssue) -> Produced {
    Produced::Edited {
        title: Some(issue.title),
        body: issue.body,
        url: issue.html_url,
    }
}

fn state(issue: wire::ForgejoIssue) -> Produced {
    Produced::State {
        state: issue.state,
        reason: None,
        url: issue.html_url,
    }
}
