//! `edit-pr`: a new title, body or both for a pull request.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditPr {
    pub pr: u64,
    pub title: Option<String>,
    pub body: Option<String>,
}
