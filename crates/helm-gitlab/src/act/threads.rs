//! `resolve-thread` and `unresolve-thread`: `PUT
//! …/merge_requests/:iid/discussions/:id` with `resolved`. `--thread` is the
//! discussion's id. `prepare` reads the discussion and keeps its state as
//! seen just before acting in the pending record (`seen`): a thread's state
//! is all the trace the change leaves, so a look after a lost answer
//! compares with it.

use helm_forge::act::{ResolveThread, Steer, ThreadSeen, UnresolveThread};
use helm_forge::{ForgeError, Produced, WritePlan};
use helm_http::Answer;
use helm_model::error::{Error, Kind};

use super::{answered, plan};
use crate::api::GitLabApi;
use crate::wire::GitLabDiscussion;
use crate::wire::bodies::{GitLabResolve, write};

/// Discussion `id` of merge request `pr`, which must be resolvable.
pub(crate) async fn discussion(
    api: &GitLabApi,
    pr: u64,
    id: &str,
) -> Result<GitLabDiscussion, ForgeError> {
    let path = api.path(&format!("/merge_requests/{pr}/discussions"));
    let (discussions, _) = api.pages::<GitLabDiscussion>(&path).await?;
    let found = discussions.into_iter().find(|d| d.id == id);
    let resolvable = found.filter(|d| d.notes.iter().any(|n| n.resolvable));
    resolvable.ok_or_else(|| {
        ForgeError::not_done(
            Error::new(
                Kind::NotFound,
                format!("merge request !{pr} has no resolvable discussion '{id}'"),
            )
            .hint("give a review thread's `threadId` from the observed reviews"),
        )
    })
}

pub(super) async fn prepare(
    api: &GitLabApi,
    pr: u64,
    thread: &str,
    resolve: bool,
) -> Result<WritePlan, ForgeError> {
    let found = discussion(api, pr, thread).await?;
    let seen = Some(ThreadSeen {
        resolved: found.resolved(),
        resolved_by: found.resolver().map(|u| u.username.clone()),
    });
    let steer = match resolve {
        true => Steer::ResolveThread(ResolveThread {
            pr,
            thread: thread.to_string(),
            seen,
        }),
        false => Steer::UnresolveThread(UnresolveThread {
            pr,
            thread: thread.to_string(),
            seen,
        }),
    };
    let path = api.path(&format!("/merge_requests/{pr}/discussions/{thread}"));
    let body = GitLabResolve { resolved: resolve };
    Ok(plan(&steer, vec![write("PUT", path, &body)]))
}

/// The web address of a discussion of merge request `pr`: its first note's.
pub(crate) fn thread_url(
    api: &GitLabApi,
    pr: u64,
    discussion: &GitLabDiscussion,
) -> Option<String> {
    let first = discussion.notes.first()?;
    Some(api.web_url(&format!("-/merge_requests/{pr}#note_{}", first.id)))
}

pub(super) fn produced(
    api: &GitLabApi,
    plan: &WritePlan,
    answer: &Answer,
) -> Result<Produced, Error> {
    let discussion: GitLabDiscussion = answered(plan, answer)?;
    let pr = match &plan.steer {
        Steer::ResolveThread(t) => t.pr,
        Steer::UnresolveThread(t) => t.pr,
        _ => 0,
    };
    Ok(Produced::Thread {
        resolved: discussion.resolved(),
        url: thread_url(api, pr, &discussion),
    })
}
