//! `unresolve-thread`: a resolved review thread opened again.

use serde::{Deserialize, Serialize};

use super::ThreadSeen;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnresolveThread {
    pub pr: u64,
    pub thread: String,
    /// The thread as GitHub showed it just before acting (see
    /// `ResolveThread::seen`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<ThreadSeen>,
}
