//! `unresolve-thread`: marks a resolved review thread unresolved again, with
//! GitHub's GraphQL mutation `unresolveReviewThread`. Everything but the
//! state asked for is `resolve-thread`'s ([`super::resolve_thread`]).

use std::path::Path;

use helm_forge::act::{IssueOrPull, UnresolveThread};
use helm_forge::{ForgeName, Produced};
use serde::Deserialize;

use super::thread_toggle::{ThreadChanged, ThreadMutation, headline, thread_id};
use super::traces::Window;
use super::{Effect, SteerAction, Step};
use crate::error::Result;
use crate::github::client::Client;
use crate::inputs::{Flag, Flags, Stdin};
use crate::model::SteerRecord;

/// Unresolve a resolved review thread of a pull request.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(inline)]
pub struct UnresolveThreadArgs {
    /// The pull request the thread is on.
    pr: u64,
    /// The thread's node id (`PRRT_…`), as the PR's `reviews` focus lists it.
    thread: String,
}

impl Flags for UnresolveThreadArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::option("pr", "N").issue_number().required(), Flag::option("thread", "ID").required()]
    }
}


/// The thread asked for, to be unresolved.
fn change(action: &UnresolveThread) -> ThreadMutation<'_> {
    ThreadMutation {
        pr: action.pr,
        thread: &action.thread,
        resolve: false,
        seen: action.seen.as_ref(),
    }
}

impl SteerAction for UnresolveThread {
    type Args = UnresolveThreadArgs;
    type Record = ThreadChanged;

    fn resolve(args: &UnresolveThreadArgs, _cwd: &Path, _stdin: Stdin) -> Result<Self> {
        Ok(UnresolveThread {
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
        Ok(Some(UnresolveThread {
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
        headline("unresolve", record, subject)
    }

    #[cfg(test)]
    fn sample() -> &'static str {
        r#"{"kind": "unresolve-thread", "pr": 6, "thread": "PRRT_1"}"#
    }
}
