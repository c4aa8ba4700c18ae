//! A steer that was considered and refused, as a log entry records it when
//! the caller asked for refusals on the record (`--record-refusal`, MCP
//! `recordRefusal`): what was considered, whether it was only a dry run,
//! and the refusal's kind and words. The entry's bearing is what it was
//! judged on; its summary is the caller's why.

use serde::{Deserialize, Serialize};

use crate::ActionKind;

/// What a refused steer leaves on the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefusedSteer {
    /// The action considered (`merge-pr`), when its arguments could be
    /// read again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<ActionKind>,
    /// What it would have done: `merge PR #45 in acme/widgets`.
    pub considered: String,
    /// Only its dry run was refused.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dry_run: bool,
    /// The refusal's kind, as errors name it (`not-ready`, `stale`).
    pub error: String,
    /// The refusal's message, every blocker in it.
    pub message: String,
}

impl RefusedSteer {
    /// The state the log entry records, read by the story and the brief:
    /// `merge PR #45 in o/r considered and refused (not-ready): …`.
    pub fn status(&self) -> String {
        let trial = if self.dry_run { " (dry run)" } else { "" };
        format!(
            "{}{trial} considered and refused ({}): {}",
            self.considered, self.error, self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_says_what_was_considered_and_why_it_was_refused() {
        let refused = RefusedSteer {
            action: Some(ActionKind::MergePr),
            considered: "merge PR #45 in o/r".into(),
            dry_run: true,
            error: "not-ready".into(),
            message: "PR #45 is not ready to merge: carol requested changes".into(),
        };
        assert_eq!(
            refused.status(),
            "merge PR #45 in o/r (dry run) considered and refused (not-ready): \
             PR #45 is not ready to merge: carol requested changes"
        );
        let json = serde_json::to_string(&refused).unwrap();
        assert_eq!(
            json,
            r#"{"action":"merge-pr","considered":"merge PR #45 in o/r","dryRun":true,"error":"not-ready","message":"PR #45 is not ready to merge: carol requested changes"}"#
        );
        assert_eq!(
            serde_json::from_str::<RefusedSteer>(&json).unwrap(),
            refused
        );
    }
}
