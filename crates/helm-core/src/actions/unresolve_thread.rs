//! `unresolve-thread`: marks a resolved review thread unresolved again, with
//! GitHub's GraphQL mutation `unresolveReviewThread`. Everything but the
//! state asked for is `resolve-thread`'s ([`super::resolve_thread`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::resolve_thread::{ThreadMutation, ThreadChanged, headline, thread_id};
use super::shared::IssueOrPull;
use super::thread_state::ThreadSeen;
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnresolveThread {
    pub(crate) pr: u64,
    pub(crate) thread: String,
    /// The thread as GitHub showed it just before acting (see
    /// `ResolveThread::seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) seen: Option<ThreadSeen>,
}

impl UnresolveThread {
    fn change(&self) -> ThreadMutation<'_> {
        ThreadMutation {
            pr: self.pr,
            thread: &self.thread,
            resolve: false,
            seen: self.seen.as_ref(),
        }
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
        self.change().doing()
    }

    fn asked(&self, record: &mut SteerRecord) -> ThreadChanged {
        self.change().asked(record)
    }

    async fn prepare(&self, client: &Client) -> Result<Option<Self>> {
        let seen = self.change().prepare(client).await?;
        Ok(Some(UnresolveThread {
            seen: Some(seen),
            ..self.clone()
        }))
    }

    async fn perform(&self, client: &Client, record: SteerRecord) -> Step<SteerRecord> {
        self.change().perform(client, record).await
    }

    async fn look(&self, client: &Client, window: &Window, record: SteerRecord) -> Step<Effect> {
        self.change().look(client, window, record).await
    }

    fn headline(record: &SteerRecord, subject: &str) -> String {
        headline("unresolve", record, subject)
    }

    #[cfg(test)]
    fn sample() -> serde_json::Value {
        serde_json::json!({"kind": "unresolve-thread", "pr": 6, "thread": "PRRT_1"})
    }
}
