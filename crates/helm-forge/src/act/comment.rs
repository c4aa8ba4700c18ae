//! `comment`: a comment on an issue or on a pull request's conversation.

use serde::{Deserialize, Serialize};

use super::IssueOrPull;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    pub on: IssueOrPull,
    pub body: String,
}
