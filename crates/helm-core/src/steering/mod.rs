//! The steer recording protocol: how a steer is acted and recorded so that
//! it is recorded once, never acted twice on a guess, and never lost.
//!
//! Under the voyage's write lock (inside [`VoyageStore::seal_with`]): a
//! request id already recorded replays its entry; a pending record left by
//! an earlier attempt is settled first (its saved answer recorded, or GitHub
//! looked at for the effect); only then is the action performed, with a
//! pending record written before the request leaves. What happened to a
//! request is decided by [`Outcome`]: GitHub refused (nothing happened, the
//! record goes), or the outcome is unknown (the record stays until a look
//! settles it). `helm interrupted settle` reads, looks and decides under
//! the same lock, so it never races a retry (ADR 0012).
//!
//! This module knows nothing of HTTP: the world is an [`Actor`], so every
//! kill point in DESIGN.md can be tested by injecting failures.

pub(crate) mod pending;
mod protocol;
mod refusals;
mod settle;
#[cfg(test)]
mod tests;

pub(crate) use protocol::{Attempt, Steered, steer};
pub use settle::Settlement;
pub(crate) use settle::{Earlier, foresee};
pub(crate) use settle::{discard, settle};

pub(crate) use crate::actions::Effect;
use crate::actions::Steer;
use crate::error::{Error, Result};
use crate::model::SteerRecord;
use crate::model::clock::{Began, GitHubClock};
use crate::model::entry::Freshness;
use crate::storage::slate::Observation;

/// What is known about a request that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// GitHub refused, or the request never left: nothing happened.
    NotDone,
    /// GitHub may have acted: a timeout, a dropped connection, a 5xx to a
    /// write, an answer helm could not read.
    Unknown,
}

/// A failed action and what is known about its effect.
#[derive(Debug)]
pub(crate) struct ActError {
    pub(crate) outcome: Outcome,
    pub(crate) error: Error,
}

/// What the actor decides from the bearing, under the lock, before acting.
#[derive(Debug, Default)]
pub(crate) struct Preflight {
    /// The freshness check's verdict, recorded in the entry.
    pub(crate) freshness: Option<Freshness>,
    /// The steer to perform instead of the one asked (a merge pinned to the
    /// head sha seen, a review thread's change with the state seen before
    /// it); the pending record keeps it, for a later look to compare with.
    pub(crate) steer: Option<Steer>,
    /// What kept the PR from being ready, when `--override` merges anyway;
    /// the entry's `override` records it.
    pub(crate) not_ready: Vec<String>,
}

/// The world a steer acts on.
pub(crate) trait Actor {
    /// Checks the bearing about to be sealed before `act`; an error refuses
    /// the steer with nothing acted or recorded.
    fn preflight(&mut self, _steer: &Steer, _bearing: &[Observation]) -> Result<Preflight> {
        Ok(Preflight::default())
    }
    /// GitHub's clock, read just before the pending record is written, so
    /// a later look can place the attempt's start on it (ADR 0012).
    fn clock(&mut self) -> Option<GitHubClock> {
        None
    }
    /// Performs the action, returning what it produced.
    fn act(&mut self, steer: &Steer) -> std::result::Result<SteerRecord, ActError>;
    /// Looks for the effect of an attempt that began as `began` says.
    fn look(&mut self, steer: &Steer, began: &Began) -> Result<Effect>;
    /// What to tell the user about the repository once the steer is done
    /// (that GitHub moved it).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Where a process can die during a steer; tests stop the protocol there,
/// skipping everything after it, as `kill -9` would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SteerKillPoint {
    /// The pending record is written; the request has not left.
    BeforeRequest,
    /// GitHub acted; its answer has not been saved.
    WhileAnswering,
    /// The answer is saved; the entry is not committed.
    BeforeCommit,
    /// The entry is committed; the pending record is still there.
    AfterCommit,
}

/// Lets tests die at a [`SteerKillPoint`]; in helm it never does.
pub(crate) trait Probe {
    fn dies_at(&mut self, point: SteerKillPoint) -> bool;
}

/// The probe of a real run: nothing dies on purpose.
pub(crate) struct Live;

impl Probe for Live {
    fn dies_at(&mut self, _point: SteerKillPoint) -> bool {
        false
    }
}
