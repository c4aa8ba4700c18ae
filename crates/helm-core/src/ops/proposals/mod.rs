//! Propose, then approve (issue 42): a proposal is a steer sealed with its
//! bearing minus the write, kept as the exact request and its digest; an
//! approval performs that request through the steer path, or nothing.
//! This module reads a voyage's proposals and derives each one's state
//! from the entries after it and the time: no entry is ever rewritten.
//! `propose.rs`, `approve.rs` and `reject.rs` hold the three writes;
//! `approving.rs` what an approval acts through.

mod approve;
mod approving;
mod propose;
mod reject;

use serde::Serialize;
use sha2::{Digest, Sha256};

pub use approve::ApproveRequest;

use super::Helm;
use crate::error::{Error, Kind, Result, cmd};
use crate::model::EntryAction;
use crate::model::proposal::{ProposalRecord, ProposalState, ProposedRequest};
use crate::model::words;
use crate::storage::logbook::Entry;

/// How long a proposal waits for a decision when `--expires` is not given.
pub(crate) const DEFAULT_EXPIRY: &str = "24h";

/// One proposal of a voyage with its state.
#[derive(Clone, Debug)]
pub struct Listed {
    pub entry: Entry,
    pub record: ProposalRecord,
    pub state: ProposalState,
    /// The entry that decided it: the steer that performed it, or the
    /// rejection.
    pub decided_by: Option<Decided>,
}

/// The entry that performed or rejected a proposal.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Decided {
    pub entry: i64,
    /// Its `--as` identity.
    pub identity: String,
    pub recorded_at: String,
}

/// A proposal waiting for a decision, as the brief shows it first.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiting {
    pub entry: i64,
    /// `merge PR #45`, as the story's headline says it.
    pub doing: String,
    pub proposer: String,
    pub recorded_at: String,
    pub expires_at: String,
    pub state: ProposalState,
}

/// The proposals of `entries` still waiting for a decision (pending, or
/// an approval's outcome unknown on this machine), oldest first.
pub(crate) fn waiting(helm: &Helm, voyage: &uuid::Uuid, entries: &[Entry]) -> Vec<Waiting> {
    let now = crate::model::now();
    let mut found = Vec::new();
    for (at, entry) in entries.iter().enumerate() {
        let Some(EntryAction::Proposal(record)) = entry.parsed_action() else {
            continue;
        };
        let attempt = approval_request_id(&record.key);
        let interrupted =
            crate::steering::pending::Pending::find(helm.home.root(), voyage, &attempt)
                .is_ok_and(|found| found.is_some());
        let (state, _) = state_of(record, &entries[at + 1..], interrupted, &now);
        if matches!(
            state,
            ProposalState::Pending | ProposalState::UnknownOutcome
        ) {
            use crate::actions::Headline;
            found.push(Waiting {
                entry: entry.id,
                doing: entry.headline(),
                proposer: entry.provenance.identity.clone(),
                recorded_at: entry.recorded_at.clone(),
                expires_at: record.expires_at.clone(),
                state,
            });
        }
    }
    found
}

/// `sha256:` and the hex digest of `request` as compact JSON: what an
/// approval compares the request it is about to send with.
pub(crate) fn digest(request: &ProposedRequest) -> String {
    // A struct of strings and a JSON value always serializes.
    let bytes = serde_json::to_vec(request).unwrap_or_default();
    format!(
        "sha256:{}",
        crate::storage::artifact::hex(&Sha256::digest(&bytes))
    )
}

/// The request id an approval of the proposal keyed `key` records its
/// steer under, the same on every machine.
pub(crate) fn approval_request_id(key: &str) -> String {
    format!("proposal-{key}")
}

/// The state of the proposal in `entry`, read from `entries` (the whole
/// logbook) and the time; `interrupted` says whether this machine holds a
/// pending record of an approval of it.
pub fn state_of(
    record: &ProposalRecord,
    entries: &[Entry],
    interrupted: bool,
    now: &str,
) -> (ProposalState, Option<Decided>) {
    for later in entries {
        let decided = || Decided {
            entry: later.id,
            identity: later.provenance.identity.clone(),
            recorded_at: later.recorded_at.clone(),
        };
        match later.parsed_action() {
            Some(EntryAction::Steer(steer))
                if steer.approval.as_ref().is_some_and(|a| a.key == record.key) =>
            {
                return (ProposalState::Performed, Some(decided()));
            }
            Some(EntryAction::Rejection { key, .. }) if *key == record.key => {
                return (ProposalState::Rejected, Some(decided()));
            }
            _ => {}
        }
    }
    if interrupted {
        return (ProposalState::UnknownOutcome, None);
    }
    match now > record.expires_at.as_str() {
        true => (ProposalState::Expired, None),
        false => (ProposalState::Pending, None),
    }
}

/// The proposal a number names, refusing any other entry.
pub(crate) fn proposal_in(entries: &[Entry], number: i64) -> Result<(&Entry, ProposalRecord)> {
    let Some(entry) = entries.iter().find(|e| e.id == number) else {
        return Err(
            Error::new(Kind::NotFound, format!("there is no entry {number}"))
                .hint(words![cmd("proposals"), " lists the voyage's proposals"]),
        );
    };
    match entry.parsed_action() {
        Some(EntryAction::Proposal(record)) => Ok((entry, (**record).clone())),
        _ => Err(Error::new(
            Kind::NotFound,
            format!("entry {number} is not a proposal ({})", kind_of(entry)),
        )
        .hint(words![cmd("proposals"), " lists the voyage's proposals"])),
    }
}

fn kind_of(entry: &Entry) -> String {
    entry.stored_kind().unwrap_or_else(|| "unknown".to_string())
}

impl Helm {
    /// The proposals of `voyage`, oldest first: only those still waiting
    /// for a decision (pending, or an approval's outcome unknown) unless
    /// `all`.
    pub fn proposals(&self, voyage: &str, all: bool) -> Result<Vec<Listed>> {
        let mut store = self.open(voyage)?;
        let entries = store.snapshot()?.entries;
        let now = crate::model::now();
        let mut listed = Vec::new();
        for entry in &entries {
            let Some(EntryAction::Proposal(record)) = entry.parsed_action() else {
                continue;
            };
            let interrupted = crate::steering::pending::Pending::find(
                self.home.root(),
                &store.id(),
                &approval_request_id(&record.key),
            )?
            .is_some();
            let later = entries.iter().filter(|e| e.id > entry.id);
            let later: Vec<Entry> = later.cloned().collect();
            let (state, decided_by) = state_of(record, &later, interrupted, &now);
            let waiting = matches!(
                state,
                ProposalState::Pending | ProposalState::UnknownOutcome
            );
            if all || waiting {
                listed.push(Listed {
                    entry: entry.clone(),
                    record: (**record).clone(),
                    state,
                    decided_by,
                });
            }
        }
        Ok(listed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_changes_with_any_byte_of_the_request() {
        let request = ProposedRequest {
            method: "POST".into(),
            path: "/repos/o/r/issues/1/comments".into(),
            body: Some(serde_json::json!({"body": "hi"})),
        };
        let first = digest(&request);
        assert!(first.starts_with("sha256:") && first.len() == 7 + 64);
        let mut edited = request.clone();
        edited.body = Some(serde_json::json!({"body": "hi!"}));
        assert_ne!(digest(&edited), first);
        assert_eq!(digest(&request), first);
    }
}
