//! What the entries of propose-then-approve record (issue 42): a
//! `proposal` (a steer sealed with its bearing, minus the write: the exact
//! request kept with its digest), a `rejection` naming one, and the
//! `approval` a steer performing one carries. A proposal's state is never
//! stored: it is read from the entries after it, so no entry is rewritten.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ActionKind;
use super::freshness::Freshness;

/// The write a proposal would send, kept byte for byte: an approval sends
/// exactly this, or nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposedRequest {
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: String,
    /// The path under the API base URL (`/repos/o/r/pulls/45/merge`).
    pub path: String,
    /// The JSON body, as it would be sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<Value>,
}

/// What the proposal was made against: an approval refuses when these no
/// longer hold.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pins {
    /// The PR head a merge is pinned to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head_sha: Option<String>,
    /// The artifact of each observation of the bearing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<String>,
}

/// A proposal entry's action: a steer checked up to its write, not sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalRecord {
    /// The action proposed.
    pub steer: ActionKind,
    /// `owner/name` of the repository it would act on; GitLab's nested
    /// `group/sub/project` on another forge.
    pub repo: String,
    /// The forge it would act on when it is not GitHub (`gitlab`,
    /// `forgejo`), as a steer's entry names it; absent on GitHub's, whose
    /// proposals keep their bytes (issue 41).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forge: Option<String>,
    /// The forge's host, beside `forge`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pr: Option<u64>,
    /// The first write it would send.
    pub request: ProposedRequest,
    /// `sha256:` and the hex SHA-256 of `request` as compact JSON.
    pub digest: String,
    pub pins: Pins,
    /// When an approval is refused as `expired` (RFC 3339, UTC).
    pub expires_at: String,
    /// What an approval's request id is made of, the same on every machine
    /// (`proposal-KEY`): two approvals of it record one steer.
    pub key: String,
    /// The invisible marker a body posted for it ends with, which an
    /// approval elsewhere finds on the forge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
    /// The checked action an approval performs, as pending records keep it.
    pub checked: Value,
    /// What the freshness guard found when it was proposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freshness: Option<Freshness>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The proposer's W3C trace context, when the caller sent one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<super::Trace>,
}

/// Which proposal a performed steer approved, and who decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    /// The proposal's entry number.
    pub proposal: i64,
    /// The proposal's key (see [`ProposalRecord::key`]).
    pub key: String,
    /// The proposer's `--as` identity.
    pub proposer: String,
    /// The approver's `--as` identity (also the entry's).
    pub approver: String,
    /// The approver was the proposer (`--allow-self`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allowed_self: bool,
}

/// A proposal's state, derived from the entries after it and the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ProposalState {
    Pending,
    Performed,
    Rejected,
    Expired,
    /// An approval's write left and its answer was lost: settle it.
    UnknownOutcome,
}

impl ProposalState {
    pub fn as_str(self) -> &'static str {
        match self {
            ProposalState::Pending => "pending",
            ProposalState::Performed => "performed",
            ProposalState::Rejected => "rejected",
            ProposalState::Expired => "expired",
            ProposalState::UnknownOutcome => "unknown-outcome",
        }
    }
}
