//! `edit-issue`: a new title, body or both for an issue.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditIssue {
    pub issue: u64,
    pub title: Option<String>,
    pub body: Option<String>,
}
