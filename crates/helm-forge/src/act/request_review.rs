//! `request-review`: people or teams asked to review a pull request.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestReview {
    pub pr: u64,
    pub reviewers: Vec<String>,
    pub teams: Vec<String>,
}
