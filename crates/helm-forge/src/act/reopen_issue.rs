//! `reopen-issue`: a closed issue opened again.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReopenIssue {
    pub issue: u64,
}
