//! A voyage: a unit of work with a logbook.

use serde::Serialize;
use uuid::Uuid;

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Voyage {
    pub id: Uuid,
    pub intent: String,
    pub created_at: String,
    #[serde(flatten)]
    pub status: VoyageStatus,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(
    tag = "status",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum VoyageStatus {
    Active,
    Ended {
        ended_at: String,
        /// What `voyage end --status` said; absent when it said nothing.
        #[serde(skip_serializing_if = "Option::is_none")]
        ended_status: Option<String>,
    },
}

impl Voyage {
    pub fn is_active(&self) -> bool {
        self.status == VoyageStatus::Active
    }
}
