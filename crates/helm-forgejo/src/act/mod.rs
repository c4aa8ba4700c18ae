//! A steer on Forgejo: [`prepare`] refuses what Forgejo cannot do exactly
//! (before any request), reads what the action must know, and returns the
//! final writes; [`send`] sends exactly those, in order, through the gate
//! that admits only them, and names what they produced. One file per
//! family: `issue.rs` (comment, create, edit, close and reopen), `pull.rs`
//! (create, request review), `merge.rs`, `label.rs`.

mod issue;
mod label;
mod merge;
mod pull;

pub(crate) use issue::opened;

use helm_forge::act::Steer;
use helm_forge::{ForgeError, ForgeName, Produced, WritePlan, refuses};
use helm_model::error::{Error, Kind};
use serde_json::Value;

use crate::api::ForgejoApi;
use crate::error;

pub(crate) async fn prepare(api: &ForgejoApi, steer: &Steer) -> Result<WritePlan, ForgeError> {
    let name = ForgeName::Forgejo;
    if let Some(refusal) = refuses(name, name.capabilities(), steer) {
        return Err(ForgeError::not_done(refusal.into()));
    }
    match steer {
        Steer::Comment(_)
        | Steer::CreateIssue(_)
        | Steer::EditIssue(_)
        | Steer::EditPr(_)
        | Steer::CloseIssue(_)
        | Steer::ReopenIssue(_)
        | Steer::ClosePr(_) => issue::prepare(api, steer).await,
        Steer::CreatePr(_) | Steer::RequestReview(_) => pull::prepare(api, steer).await,
        Steer::MergePr(merge) => merge::prepare(api, merge).await,
        Steer::Label(change) => label::prepare(api, change).await,
        // `refuses` turned these away above; should the table ever let one
        // through, Forgejo's API still has no way to do it.
        Steer::ReplyInline(_) | Steer::ResolveThread(_) | Steer::UnresolveThread(_) => {
            Err(no_api(steer))
        }
    }
}

pub(crate) async fn send(api: &ForgejoApi, plan: &WritePlan) -> Result<Produced, ForgeError> {
    let _admitted = api.admitting(&plan.writes);
    match &plan.steer {
        Steer::Comment(_)
        | Steer::CreateIssue(_)
        | Steer::EditIssue(_)
        | Steer::EditPr(_)
        | Steer::CloseIssue(_)
        | Steer::ReopenIssue(_)
        | Steer::ClosePr(_) => issue::send(api, plan).await,
        Steer::CreatePr(_) | Steer::RequestReview(_) => pull::send(api, plan).await,
        Steer::MergePr(merge) => merge::send(api, plan, merge).await,
        Steer::Label(_) => label::send(api, plan).await,
        Steer::ReplyInline(_) | Steer::ResolveThread(_) | Steer::UnresolveThread(_) => {
            Err(no_api(&plan.steer))
        }
    }
}

/// A plan of one write and nothing `send` needs besides.
fn one(steer: &Steer, method: &'static str, path: String, body: Option<String>) -> WritePlan {
    WritePlan {
        steer: steer.clone(),
        writes: vec![helm_forge::ForgeWrite { method, path, body }],
        read: Value::Null,
    }
}

/// The plan's only write, sent, and its answer read as `T`.
async fn send_one<T: serde::de::DeserializeOwned>(
    api: &ForgejoApi,
    plan: &WritePlan,
    doing: &str,
) -> Result<T, ForgeError> {
    let Some(write) = plan.writes.first() else {
        return Err(error::unreadable(doing, "a plan without its write", false));
    };
    let answer = api.write(write, doing).await?;
    crate::api::read(&answer, doing, true)
}

/// A steer of another family than the file it was sent to: `prepare` and
/// `send` above route each family to its own file, so this is a bug.
fn other_family<T>() -> Result<T, ForgeError> {
    Err(error::unreadable(
        "a steer",
        "another family's action (a bug in helm)",
        false,
    ))
}

/// An action Forgejo's API has no request for (a reply to a review
/// comment, thread resolution): refused, never approximated.
fn no_api(steer: &Steer) -> ForgeError {
    let action = steer.kind().as_str();
    let error = Error::new(
        Kind::Unsupported,
        format!("Forgejo's API has no request for {action}; nothing was read, sent or recorded"),
    )
    .hint("do it in Forgejo's own interface; helm never approximates it");
    ForgeError::not_done(error)
}
