//! Plain types of helm's vocabulary: what can be observed, what a logbook entry
//! records, what a voyage is. No I/O happens here.

pub mod action_kind;
pub mod clock;
pub mod entry;
pub mod original_helm;
pub mod repo;
pub mod slate_key;
pub mod voyage;

pub use action_kind::ActionKind;
pub use entry::{EntryAction, Provenance, SteerRecord};
pub use repo::Repo;
pub use slate_key::SlateKey;
pub use voyage::{Voyage, VoyageStatus};

/// The current time as helm stores it: RFC 3339, UTC, microseconds, fixed width,
/// so that timestamps sort as text.
pub fn now() -> String {
    format_timestamp(jiff::Timestamp::now())
}

pub fn format_timestamp(ts: jiff::Timestamp) -> String {
    ts.strftime("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}
