//! What both review-thread actions (`resolve-thread`, `unresolve-thread`) keep:
//! the thread's state seen just before acting, which a look after a lost answer
//! compares with (a thread's state is all the trace the change leaves).

use serde::{Deserialize, Serialize};

/// A thread's state as GitHub showed it just before helm acted, kept in the
/// pending record with the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThreadSeen {
    pub resolved: bool,
    /// The login GitHub's `resolvedBy` named, if resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved_by: Option<String>,
}
