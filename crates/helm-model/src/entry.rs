//! What a logbook entry records: who acted and why ([`Provenance`]), and what
//! was done ([`EntryAction`], stored as JSON in `logbook.action`).

use serde::{Deserialize, Serialize};

pub use super::freshness::{Checked, Freshness, NotChecked, Verdict};
pub use super::steer_record::SteerRecord;
use super::trace::Trace;

/// Who acted, in what role, how the thinking was done, and why. All four are
/// required on every `steer` and `log`: no defaults, no config file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provenance {
    pub identity: String,
    pub role: String,
    pub method: String,
    pub summary: String,
}

impl Provenance {
    /// The four, trimmed, when each is present and not blank; otherwise the
    /// names of those missing (`as`, `role`, `method`, `summary`), for the
    /// front end to say in its own words.
    pub fn given(
        identity: Option<&str>,
        role: Option<&str>,
        method: Option<&str>,
        summary: Option<&str>,
    ) -> Result<Provenance, Vec<&'static str>> {
        let fields = [
            ("as", identity),
            ("role", role),
            ("method", method),
            ("summary", summary),
        ];
        let missing: Vec<&'static str> = fields
            .iter()
            .filter(|(_, value)| value.is_none_or(|v| v.trim().is_empty()))
            .map(|(name, _)| *name)
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let take = |value: Option<&str>| value.unwrap_or_default().trim().to_string();
        Ok(Provenance {
            identity: take(identity),
            role: take(role),
            method: take(method),
            summary: take(summary),
        })
    }
}

/// What a front end says when provenance is missing, before its hint.
pub fn missing_provenance(names: &[String]) -> String {
    format!(
        "missing {}: every entry records who acted, in what role, by what method and why",
        names.join(", ")
    )
}

/// The words `helm log` suggests for a state; any other non-blank text is
/// recorded as given (`waiting for review from bob`), as the original helm does.
pub const SUGGESTED_STATES: [(&str, &str); 3] = [
    ("waiting", "waiting for feedback from someone else"),
    (
        "blocked",
        "blocked on a decision or on something outside the voyage",
    ),
    ("ready", "ready for the next step"),
];

/// The JSON in `logbook.action`: the entry kind and, for a steer, its result in
/// the world. Field names are camelCase and only ever added to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum EntryAction {
    Log {
        /// The state recorded, freeform (stored under `status` since the first
        /// helm that wrote this JSON).
        status: String,
        /// A steer considered and refused, when the caller asked for its
        /// refusal on the record; `status` then says it in words.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refused: Option<Box<crate::RefusedSteer>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        request_id: Option<String>,
        /// The caller's trace context, when it sent one (issue 43 item 9).
        /// An older helm reading the entry passes over it; one that is not
        /// a W3C trace (a hand-edited or foreign entry) reads as none.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "crate::trace::lenient"
        )]
        trace: Option<Trace>,
    },
    Steer(Box<SteerRecord>),
    /// A steer checked up to its write and kept for approval (issue 42).
    Proposal(Box<super::proposal::ProposalRecord>),
    /// A proposal turned down: nothing was sent.
    Rejection {
        /// The proposal's entry number.
        rejects: i64,
        /// The proposal's key.
        key: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        request_id: Option<String>,
        /// The caller's W3C trace context, when it sent one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trace: Option<Trace>,
    },
}

impl EntryAction {
    pub fn is_steer(&self) -> bool {
        matches!(self, EntryAction::Steer(_))
    }

    pub fn set_request_id(&mut self, id: Option<String>) {
        match self {
            EntryAction::Log { request_id, .. } => *request_id = id,
            EntryAction::Steer(record) => record.request_id = id,
            EntryAction::Proposal(record) => record.request_id = id,
            EntryAction::Rejection { request_id, .. } => *request_id = id,
        }
    }

    /// The caller's trace context recorded on the entry.
    pub fn trace(&self) -> Option<&Trace> {
        match self {
            EntryAction::Log { trace, .. } | EntryAction::Rejection { trace, .. } => trace.as_ref(),
            EntryAction::Steer(record) => record.trace.as_ref(),
            EntryAction::Proposal(record) => record.trace.as_ref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_actions_are_tagged_and_camel_case() {
        let action = EntryAction::Log {
            status: "waiting".into(),
            refused: None,
            request_id: Some("r1".into()),
            trace: None,
        };
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"log","status":"waiting","requestId":"r1"}"#
        );
        assert_eq!(serde_json::from_str::<EntryAction>(&json).unwrap(), action);
    }

    #[test]
    fn steer_actions_flatten_their_record() {
        let mut record = SteerRecord::new(crate::ActionKind::MergePr, "o/r");
        record.pr = Some(45);
        record.set_part(&serde_json::json!({"mergeSha": "0123456789abcdef"}));
        let action = EntryAction::Steer(Box::new(record));
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"steer","steer":"merge-pr","repo":"o/r","pr":45,"mergeSha":"0123456789abcdef"}"#
        );
    }
}
