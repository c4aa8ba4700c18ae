//! Progress notifications for a call whose client sent a `progressToken`:
//! the look bumps a `Tally` on its blocking thread (as it does for the CLI's
//! progress bar), and this reads it every `TICK` and tells the client when
//! it moved, with a last notification when the call ends, before its result.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::{Peer, RoleServer};

use helm_core::Tally;

/// How often the tally is read while a call runs.
const TICK: Duration = Duration::from_millis(100);

/// Waits for `work`, reporting `tally` to the client meanwhile when it
/// asked for progress.
pub(crate) async fn watch<T>(
    token: Option<ProgressToken>,
    peer: &Peer<RoleServer>,
    tally: Arc<Tally>,
    work: tokio::task::JoinHandle<T>,
) -> Result<T, tokio::task::JoinError> {
    let Some(token) = token else {
        return work.await;
    };
    let mut counter = Counter::default();
    let mut ticker = tokio::time::interval(TICK);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(work);
    loop {
        tokio::select! {
            result = &mut work => {
                if let Some(step) = counter.step(tally.done(), tally.total()) {
                    send(peer, &token, step).await;
                }
                return result;
            }
            _ = ticker.tick() => {
                if let Some(step) = counter.step(tally.done(), tally.total()) {
                    send(peer, &token, step).await;
                }
            }
        }
    }
}

/// A notification that cannot be sent (the client went away) changes
/// nothing about the call.
async fn send(peer: &Peer<RoleServer>, token: &ProgressToken, (progress, total): Step) {
    let mut param = ProgressNotificationParam::new(token.clone(), progress as f64);
    if let Some(total) = total {
        param = param.with_total(total as f64);
    }
    let _ = peer.notify_progress(param).await;
}

/// Progress so far and the total when known.
type Step = (u64, Option<u64>);

/// Turns the tally's readings into progress that only ever increases, as
/// MCP requires: a look in phases restarts the tally's count at each phase
/// (e.g. counting a file's bytes, then packing them), so a reading lower
/// than the last starts a new phase on top of the last one.
#[derive(Debug, Default)]
struct Counter {
    base: u64,
    last_done: u64,
    last_sent: u64,
}

impl Counter {
    fn step(&mut self, done: u64, total: u64) -> Option<Step> {
        if done < self.last_done {
            self.base += self.last_done;
        }
        self.last_done = done;
        let progress = self.base + done;
        if progress <= self.last_sent {
            return None;
        }
        self.last_sent = progress;
        Some((progress, (total > 0).then(|| self.base + total.max(done))))
    }
}

#[cfg(test)]
mod tests {
    use super::Counter;

    #[test]
    fn progress_only_increases_across_phases() {
        let mut counter = Counter::default();
        assert_eq!(counter.step(0, 0), None);
        assert_eq!(counter.step(10, 0), Some((10, None)));
        assert_eq!(counter.step(10, 0), None);
        assert_eq!(counter.step(25, 100), Some((25, Some(100))));
        // A new phase: its count restarts, the progress does not.
        assert_eq!(counter.step(5, 40), Some((30, Some(65))));
        assert_eq!(counter.step(40, 40), Some((65, Some(65))));
    }
}
