//! `merge-pr`: a pull request merged, pinned to the head sha its bearing saw.

use serde::{Deserialize, Serialize};

/// How a pull request is merged.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum MergeMethod {
    /// A merge commit.
    Merge,
    /// One squashed commit.
    Squash,
    /// The commits rebased onto the base branch.
    Rebase,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergePr {
    pub pr: u64,
    pub method: MergeMethod,
    pub sha: Option<String>,
    /// Why to merge although not ready (`--override`).
    #[schemars(description = "Why to merge although not ready (`override`).")]
    #[serde(default, rename = "override", skip_serializing_if = "Option::is_none")]
    pub override_reason: Option<String>,
}
