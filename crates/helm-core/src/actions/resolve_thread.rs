//! `resolve-thread`: marks a pull request's review thread resolved
//! (`thread_toggle`). On GitHub (helm-github's `act/thread.rs`) the thread is
//! read before acting: it must be on the pull request named, and its state is
//! kept in the pending record, against which the look after a lost answer
//! decides what the attempt did.
//!
//! The entry records the thread id and the thread's `isResolved` as GitHub
//! answered.

use helm_forge::act::ResolveThread;

super::thread_toggle::thread_action! {
    /// Resolve a review thread of a pull request.
    ResolveThread(ResolveThreadArgs),
    verb: "resolve",
    sample: r#"{"kind": "resolve-thread", "pr": 6, "thread": "PRRT_1"}"#
}
