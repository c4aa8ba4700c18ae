//! helm's vocabulary, at the bottom of the crate graph: what a voyage is,
//! what a logbook entry records (provenance, the action, which actions
//! exist), a target as storage keys it, the clock, errors as data, and the
//! small words and text helpers every layer shares.
//!
//! It does no I/O and must never depend on another helm crate.

pub mod error;
pub mod tell;
pub mod text;
pub mod words;

mod action_kind;
pub mod clock;
pub mod entry;
mod freshness;
pub mod original_helm;
pub mod proposal;
mod refused;
mod repo;
mod slate_key;
pub mod spans;
pub mod steer_record;
pub mod trace;
mod voyage;

pub use action_kind::ActionKind;
pub use entry::{EntryAction, Provenance, SteerRecord};
pub use refused::RefusedSteer;
pub use repo::Repo;
pub use slate_key::SlateKey;
pub use trace::Trace;
pub use voyage::{Voyage, VoyageStatus};

/// The current time as helm stores it: RFC 3339, UTC, microseconds, fixed width,
/// so that timestamps sort as text.
pub fn now() -> String {
    format_timestamp(jiff::Timestamp::now())
}

pub(crate) fn format_timestamp(ts: jiff::Timestamp) -> String {
    ts.strftime("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}
