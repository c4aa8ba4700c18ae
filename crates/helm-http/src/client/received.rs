//! The bytes a client receives, counted for the progress of a long look
//! (a listing of many pages, a job's log): the look's counter is shared
//! with the client and read by the front end's display.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::HttpClient;

impl HttpClient {
    /// The same client, adding the size of each answer it receives to
    /// `counter` (see [`HttpClient::received`]).
    pub fn counting(mut self, counter: Arc<AtomicU64>) -> HttpClient {
        self.counter = Some(counter);
        self
    }

    /// Counts `bytes` received for this client's work (an answer, or a log
    /// read from its storage host), when it counts.
    pub fn received(&self, bytes: u64) {
        if let Some(counter) = &self.counter {
            counter.fetch_add(bytes, Ordering::Relaxed);
        }
    }
}
