//! `helm reject`: records a `rejection` entry naming a proposal. Nothing
//! is sent. A performed proposal cannot be rejected (`conflict`), and a
//! rejected one is not rejected twice.

use super::super::Helm;
use super::{proposal_in, state_of};
use crate::error::{Error, Kind, Result};
use crate::model::proposal::ProposalState;
use crate::model::{EntryAction, Provenance};
use crate::storage::logbook::{Entry, Sealed};
use crate::storage::sealing::Decision;

impl Helm {
    /// Rejects proposal `number` of `voyage`, sealing the slate into the
    /// rejection's bearing.
    pub fn reject(
        &self,
        voyage: &str,
        number: i64,
        provenance: &Provenance,
        request_id: Option<&str>,
    ) -> Result<Sealed> {
        let mut store = self.open_for_write(voyage)?;
        let sealed = store.seal_with(request_id, |sealing| {
            sealing.ensure_active()?;
            // Read under the lock: an approval cannot slip in between.
            let entries = sealing.entries()?;
            let (_, record) = proposal_in(&entries, number)?;
            let later: Vec<Entry> = entries.iter().filter(|e| e.id > number).cloned().collect();
            let (state, decided) = state_of(&record, &later, false, &crate::model::now());
            let by = decided.map(|d| format!(" in entry {} by {}", d.entry, d.identity));
            match state {
                ProposalState::Performed => Err(Error::new(
                    Kind::Conflict,
                    format!(
                        "proposal {number} was performed{}: it cannot be rejected now",
                        by.unwrap_or_default()
                    ),
                )
                .hint("record what should happen next with a steer or a log")),
                ProposalState::Rejected => Err(Error::new(
                    Kind::Conflict,
                    format!(
                        "proposal {number} was rejected already{}",
                        by.unwrap_or_default()
                    ),
                )
                .hint("nothing more is needed")),
                _ => Ok(Decision::Record(
                    provenance.clone(),
                    EntryAction::Rejection {
                        rejects: number,
                        key: record.key,
                        request_id: None,
                        trace: self.trace.clone(),
                    },
                )),
            }
        })?;
        sealed.ok_or_else(|| Error::new(Kind::Storage, "the rejection was not recorded"))
    }
}
