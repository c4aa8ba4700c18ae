//! `resolve-thread`: marks a pull request's review thread resolved, with
//! GitHub's GraphQL mutation `resolveReviewThread` (`thread_toggle`). Before
//! acting the thread is read (`thread_state`): it must be on the pull request
//! named, and its state is kept in the pending record, against which the
//! look after a lost answer decides what the attempt did.
//!
//! The entry records the thread id and the thread's `isResolved` as GitHub
//! answered.

use std::path::Path;

use helm_forge::act::{IssueOrPull, ResolveThread};
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::thread_toggle::{ThreadChanged, ThreadMutation, headline, thread_id};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Resolve a review thread of a pull request.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct ResolveThreadArgs {
    /// The pull request the thread is on.
    pr: u64,
    /// The thread's node id (`PRRT_…`), as the PR's `reviews` focus lists it.
    thread: String,
}

impl Flags for ResolveThreadArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::option("pr", "N").issue_number().required(), Flag::option("thread", "ID").required()]
    }
}

/// The thread asked for, to be resolved.
fn change(action: &ResolveThread) -> ThreadMutation<'_> {
    ThreadMutation {
        pr: action.pr,
        thread: &action.thread,
        resolve: true,
        seen: action.seen.as_ref(),
    }
}

impl SteerAction for ResolveThread {
    type Args = ResolveThreadArgs;
    type Record = ThreadChanged;

    fn resolve(args: &ResolveThreadArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(ResolveThread {
            pr: args.pr,
            thread: thread_id(&args.thread)?,
            seen: None,
        })
    }

    fn subject(&self) -> Option<IssueOrPull> {
        Some(IssueOrPull::PullRequest(self.pr))
    }

    fn doing(&self) -> String {
        change(self).doing()
    }

    fn asked(&self, record: &mut SteerRecord) -> ThreadChanged {
        change(self).asked(record)
    }

    async fn prepare(&self, client: &Client) -> Result<Option<Self>> {
        let seen = change(self).prepare(client).await?;
        Ok(Some(ResolveThread {
            seen: Some(seen),
            ..self.clone()
        }))
    }

    async fn perform(&self, client: &Client, record: SteerRecord) -> Step<SteerRecord> {
        change(self).perform(client, record).await
    }

    fn performed(
        &self,
        record: SteerRecord,
        produced: Produced,
        forge: ForgeName,
    ) -> Result<SteerRecord> {
        change(self).performed(record, produced, forge)
    }

    async fn look(&self, client: &Client, window: &Window, record: SteerRecord) -> Step<Effect> {
        change(self).look(client, window, record).await
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        headline("resolve", record, subject)
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "resolve-thread", "pr": 6, "thread": "PRRT_1"}"#
    }
}
