//! How far a look has got, for the front ends' progress: what it counts and
//! the counters it bumps.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a local look counts as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    Entries,
    Bytes,
    /// Bytes received from GitHub (answers and logs), in [`Tally::received`].
    Received,
}

/// How far a look has got: counters the look bumps as it goes (folder
/// entries seen, or bytes read) so that the command layer can show progress.
/// Looking itself never prints. Bumps are relaxed atomics, one per 256
/// entries or per chunk read, so counting costs nothing measurable. It also
/// carries whether the caller still wants the look (`cancel`), read at the
/// same steps.
#[derive(Debug, Default)]
pub struct Tally {
    done: AtomicU64,
    total: AtomicU64,
    /// Bytes a GitHub look received so far, every answer's and log's,
    /// shared with the look's client.
    received: std::sync::Arc<AtomicU64>,
    pub(crate) cancel: crate::cancel::Cancel,
}

impl Tally {
    /// A tally for a look its caller may cancel.
    pub fn cancellable(cancel: crate::cancel::Cancel) -> Tally {
        Tally {
            cancel,
            ..Tally::default()
        }
    }

    pub fn add(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    /// Begins a phase whose size is known: `done` restarts from zero.
    pub(crate) fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        self.done.store(0, Ordering::Relaxed);
    }

    /// The counter a GitHub look's client adds each answer's bytes to.
    pub(crate) fn receiving(&self) -> std::sync::Arc<AtomicU64> {
        std::sync::Arc::clone(&self.received)
    }

    /// Bytes a GitHub look has received so far.
    pub fn received(&self) -> u64 {
        self.received.load(Ordering::Relaxed)
    }

    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The size of the current phase, or 0 while it is not known.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }
}

/// A forge's look counts its requests and log bytes here.
impl helm_forge::LookProgress for Tally {
    fn add(&self, n: u64) {
        Tally::add(self, n);
    }
}
