//! Whether the caller still wants an operation: an MCP client may cancel a
//! call it sent (`notifications/cancelled`) while the call runs on its
//! blocking thread. The core checks at the points before it writes (before
//! the slate transaction of an observation, before a steer's request leaves
//! for GitHub, between the steps of a long look); past its write it never
//! checks again, so a call stops with nothing done or completes and
//! records, never half (ADR 0017). The CLI never cancels: a person stops it
//! with a signal, and the recording protocol covers that.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, Kind, Result};

#[derive(Clone, Default)]
pub struct Cancel(Arc<Flags>);

#[derive(Default)]
struct Flags {
    /// The caller cancelled.
    cancelled: AtomicBool,
    /// Where the caller's own cancellation is read, so that a check sees
    /// it the moment it happens (an MCP request's token).
    source: Option<Box<dyn Fn() -> bool + Send + Sync>>,
    /// A check saw it and stopped the operation, before anything was written.
    stopped: AtomicBool,
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("cancelled", &self.is_cancelled())
            .field("stopped", &self.stopped())
            .finish()
    }
}

impl Cancel {
    /// Cancelled when `source` says so.
    pub fn reading(source: impl Fn() -> bool + Send + Sync + 'static) -> Cancel {
        Cancel(Arc::new(Flags {
            source: Some(Box::new(source)),
            ..Flags::default()
        }))
    }

    /// Asks the operation to stop at its next check (the tests' stand-in
    /// for a client's cancellation).
    #[cfg(test)]
    pub(crate) fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst) || self.0.source.as_ref().is_some_and(|f| f())
    }

    /// Whether a check stopped the operation (so it did nothing).
    pub fn stopped(&self) -> bool {
        self.0.stopped.load(Ordering::SeqCst)
    }

    /// A point before a write: an error when the caller cancelled, saying
    /// what was not done. Only call it where stopping leaves nothing behind.
    pub fn check(&self, before: &str) -> Result<()> {
        if !self.is_cancelled() {
            return Ok(());
        }
        self.0.stopped.store(true, Ordering::SeqCst);
        Err(Error::new(
            Kind::Cancelled,
            format!("cancelled by the client before it could {before}; nothing was done"),
        )
        .hint("call again if it is still wanted"))
    }
}

#[cfg(test)]
mod tests {
    use super::Cancel;

    #[test]
    fn a_check_stops_only_after_a_cancel_and_says_so() {
        let cancel = Cancel::default();
        assert!(cancel.check("write").is_ok());
        assert!(!cancel.stopped());
        let seen_elsewhere = cancel.clone();
        seen_elsewhere.cancel();
        let err = cancel
            .check("put the observation on the slate")
            .unwrap_err();
        assert_eq!(err.kind().as_str(), "cancelled");
        assert!(
            err.message().to_string().contains("nothing was done"),
            "{err}"
        );
        assert!(seen_elsewhere.stopped());
    }
}
