//! Each proposal's fate as the page annotates it (issue 42): performed,
//! rejected, expired or waiting, linked to the entry that decided it, and
//! on each steer that performed one a link back. Built from the entries
//! alone, so the page asks nothing of the story's printers.

use super::Annotation;
use crate::model::entry::EntryAction;
use crate::model::proposal::ProposalState;
use crate::output::when;
use crate::storage::logbook::Entry;

/// Each proposal's fate for the page: performed (approved by whom, linked
/// to the steer it became), rejected (by whom, linked), expired or still
/// pending; and on each steer that performed one, a link back to it.
pub(crate) fn fates(entries: &[Entry]) -> Vec<(i64, Annotation)> {
    let now = crate::model::now();
    let mut notes = Vec::new();
    for (at, entry) in entries.iter().enumerate() {
        match entry.parsed_action() {
            Some(EntryAction::Proposal(record)) => {
                let later = &entries[at + 1..];
                let (state, decided) = helm_core::proposal_state_of(record, later, false, &now);
                let (text, warn) = match (&state, &decided) {
                    (ProposalState::Performed, Some(d)) => {
                        (format!("performed, approved by {} in", d.identity), false)
                    }
                    (ProposalState::Rejected, Some(d)) => {
                        (format!("rejected by {} in", d.identity), false)
                    }
                    (ProposalState::Expired, _) => (
                        format!("expired {} without a decision", when(&record.expires_at)),
                        true,
                    ),
                    _ => (
                        format!(
                            "{}: waiting for approval until {}",
                            state.as_str(),
                            when(&record.expires_at)
                        ),
                        true,
                    ),
                };
                notes.push((
                    entry.id,
                    Annotation {
                        label: "proposal".to_string(),
                        text,
                        warn,
                        entry: decided.map(|d| d.entry),
                    },
                ));
            }
            Some(EntryAction::Steer(record)) if let Some(approval) = &record.approval => {
                notes.push((
                    entry.id,
                    Annotation {
                        label: "approval".to_string(),
                        text: format!(
                            "proposed by {}, approved by {}: performs",
                            approval.proposer, approval.approver
                        ),
                        warn: false,
                        entry: Some(approval.proposal),
                    },
                ));
            }
            _ => {}
        }
    }
    notes
}
