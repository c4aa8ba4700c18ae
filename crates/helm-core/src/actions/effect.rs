//! What a look after a lost answer found, as the steer's records (ADR 0012).
//! The forge crate looks for the attempt's own traces (made after it began,
//! on the forge's clock, by the account that acts) and names each in the
//! seam's words; each becomes a record through the action's `performed`, and
//! `steering::settle` takes the first one no entry names yet.

use crate::error::Words;
use crate::model::SteerRecord;

/// What the forge shows about an earlier attempt whose answer was lost.
#[derive(Debug)]
pub(crate) enum Effect {
    /// Traces that match the attempt, each as the steer's record, earliest
    /// first: made after it began (on the forge's clock) by the account that
    /// acts. The first one no entry of the voyage names yet is its effect;
    /// when every one is named, the attempt did not happen.
    Found(Vec<SteerRecord>),
    /// The forge shows it did not happen: acting is safe.
    NotDone,
    /// helm cannot tell; the reason says what to check.
    CannotTell(Words),
}
