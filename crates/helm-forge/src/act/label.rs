//! `label`: labels added to and removed from an issue or a pull request.

use serde::{Deserialize, Serialize};

use super::IssueOrPull;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelChange {
    pub on: IssueOrPull,
    pub add: Vec<String>,
    pub remove: Vec<String>,
}
