//! What a proposal, a rejection and an approved steer say in the story
//! (issue 42): the request kept for approval and its digest, when it
//! expires, which proposal a rejection turns down, and who proposed and
//! who approved a steer that performed one.

use super::asked::Said;
use super::page::Annotation;
use crate::model::entry::{EntryAction, SteerRecord};
use crate::model::proposal::{ProposalRecord, ProposalState};
use crate::storage::logbook::Entry;

/// A proposal's lines: the request it would send, its digest and expiry.
pub(crate) fn proposal(record: &ProposalRecord) -> Said {
    let mut details = vec![format!(
        "proposed request: {} {}",
        record.request.method, record.request.path
    )];
    if let Some(sha) = &record.pins.head_sha {
        details.push(format!("pinned to {sha}"));
    }
    details.push(format!("digest {}", record.digest));
    details.push(format!("expires {}", super::when(&record.expires_at)));
    let body = record
        .request
        .body
        .as_ref()
        .and_then(|b| b.get("body"))
        .and_then(serde_json::Value::as_str)
        .filter(|b| !b.trim().is_empty())
        .map(str::to_string);
    Said { details, body }
}

/// A rejection's line.
pub(crate) fn rejection(rejects: i64) -> Said {
    Said {
        details: vec![format!("rejects proposal {rejects}; nothing was sent")],
        body: None,
    }
}

/// The line a steer that performed a proposal adds.
pub(crate) fn approval(record: &SteerRecord) -> Option<String> {
    let approval = record.approval.as_ref()?;
    let own = if approval.allowed_self {
        " (their own, --allow-self)"
    } else {
        ""
    };
    Some(format!(
        "performs proposal {} by {}, approved by {}{own}",
        approval.proposal, approval.proposer, approval.approver
    ))
}

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
                let (state, decided) = crate::ops::proposals::state_of(record, later, false, &now);
                let (text, warn) = match (&state, &decided) {
                    (ProposalState::Performed, Some(d)) => {
                        (format!("performed, approved by {} in", d.identity), false)
                    }
                    (ProposalState::Rejected, Some(d)) => {
                        (format!("rejected by {} in", d.identity), false)
                    }
                    (ProposalState::Expired, _) => (
                        format!(
                            "expired {} without a decision",
                            super::when(&record.expires_at)
                        ),
                        true,
                    ),
                    _ => (
                        format!(
                            "{}: waiting for approval until {}",
                            state.as_str(),
                            super::when(&record.expires_at)
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

/// The brief's first lines: each proposal waiting for a decision, and how
/// to decide it.
pub(crate) fn write_waiting(
    out: &mut dyn std::io::Write,
    waiting: &[crate::ops::proposals::Waiting],
    style: super::Style,
) -> std::io::Result<()> {
    for proposal in waiting {
        writeln!(
            out,
            "{}",
            style.warn(&format!(
                "proposal {} waits for approval: {} by {} · expires {} (helm approve {} / helm reject {})",
                proposal.entry,
                super::clean_line(&proposal.doing),
                super::clean_line(&proposal.proposer),
                super::when(&proposal.expires_at),
                proposal.entry,
                proposal.entry,
            ))
        )?;
    }
    Ok(())
}
