//! What the looks read on GitHub when a steer's outcome is unknown (the
//! request may have been performed, but no answer arrived). Only reads are
//! sent. A trace counts only if it is the attempt's own (ADR 0012): made
//! after the attempt began, as GitHub's clock tells it (never this
//! machine's clock compared with GitHub's), and by the account whose token
//! acts (`GET /user`, asked once per look). What an action creates is
//! returned earliest first, for the caller to skip those an entry already
//! names; a change to what exists needs evidence of a change after the
//! attempt, from the timeline or the pull request itself: state
//! that was there before is not the attempt's effect.

use crate::error::Words;
use crate::model::SteerRecord;

/// What GitHub shows about an earlier attempt whose answer was lost.
#[derive(Debug)]
pub(crate) enum Effect {
    /// Traces that match the attempt, each as the steer's record, earliest
    /// first: made after it began (on GitHub's clock) by the account that
    /// acts. The first one no entry of the voyage names yet is its effect;
    /// when every one is named, the attempt did not happen.
    Found(Vec<SteerRecord>),
    /// GitHub shows it did not happen: acting is safe.
    NotDone,
    /// helm cannot tell; the reason says what to check.
    CannotTell(Words),
}

pub(crate) use crate::github::act::Window;
