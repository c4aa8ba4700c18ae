//! `close-issue`: an issue closed, with the reason helm was given.

use serde::{Deserialize, Serialize};

/// Why an issue is closed (GitHub's `state_reason`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CloseReason {
    /// The work is done.
    Completed,
    /// It will not be done (won't fix, duplicate, stale).
    NotPlanned,
}

impl CloseReason {
    /// The reason as helm spells it (`completed`, `not-planned`).
    pub fn as_str(self) -> &'static str {
        match self {
            CloseReason::Completed => "completed",
            CloseReason::NotPlanned => "not-planned",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseIssue {
    pub issue: u64,
    pub reason: CloseReason,
}
