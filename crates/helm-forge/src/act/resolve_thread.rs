//! `resolve-thread`: a pull request's review thread marked resolved.

use serde::{Deserialize, Serialize};

use super::ThreadSeen;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResolveThread {
    pub pr: u64,
    pub thread: String,
    /// The thread as GitHub showed it just before acting, which the
    /// pending record keeps; absent until then (and in an older helm's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<ThreadSeen>,
}
