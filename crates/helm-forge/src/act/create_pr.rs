//! `create-pr`: a new pull request from a head branch into a base branch.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePr {
    pub title: String,
    pub head: String,
    /// `None` until the action's preparation reads the repository's
    /// default branch (`--base` left out, as gh does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    pub body: Option<String>,
    pub draft: bool,
}
