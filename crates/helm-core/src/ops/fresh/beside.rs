//! Reads that do not depend on the freshness check, run alongside its
//! requests instead of before or after them (issue 45, goal 4): an
//! approval's look for an earlier write needs nothing the check learns, so
//! the two cost one round of requests on the same client, not two.

use std::future::Future;
use std::pin::Pin;

use futures_util::future::join;

/// A future waiting to run beside the check's requests, and its output
/// once it ran.
pub(crate) struct Beside<'a, T> {
    future: Option<Pin<Box<dyn Future<Output = T> + 'a>>>,
    output: Option<T>,
}

impl<'a, T> Beside<'a, T> {
    pub(crate) fn new(future: Pin<Box<dyn Future<Output = T> + 'a>>) -> Beside<'a, T> {
        Beside {
            future: Some(future),
            output: None,
        }
    }

    /// Awaits `requests` with the waiting future beside them, the first
    /// time; after that, `requests` alone.
    pub(crate) async fn with<R>(&mut self, requests: impl Future<Output = R>) -> R {
        match self.future.take() {
            Some(other) => {
                let (answer, output) = join(requests, other).await;
                self.output = Some(output);
                answer
            }
            None => requests.await,
        }
    }

    /// The future's output: run now, alone, if the check sent nothing it
    /// could go beside.
    pub(crate) fn finish(mut self, runtime: &tokio::runtime::Runtime) -> Option<T> {
        if let Some(future) = self.future.take() {
            self.output = Some(runtime.block_on(future));
        }
        self.output
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_future_beside_runs_once_with_the_first_requests_or_alone_at_the_end() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let mut beside = Beside::new(Box::pin(async { 7 }));
        assert_eq!(runtime.block_on(beside.with(async { 1 })), 1);
        assert_eq!(runtime.block_on(beside.with(async { 2 })), 2);
        assert_eq!(beside.finish(&runtime), Some(7));
        let alone = Beside::new(Box::pin(async { 8 }));
        assert_eq!(alone.finish(&runtime), Some(8));
    }
}
