//! `reply-inline`: a reply in a pull request's inline review thread.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyInline {
    pub pr: u64,
    pub comment_id: u64,
    pub body: String,
}
