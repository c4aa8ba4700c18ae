//! `unresolve-thread`: marks a resolved review thread unresolved again.
//! Everything but the state asked for is `resolve-thread`'s
//! ([`super::resolve_thread`]).

use helm_forge::act::UnresolveThread;

super::thread_toggle::thread_action! {
    /// Unresolve a resolved review thread of a pull request.
    UnresolveThread(UnresolveThreadArgs),
    verb: "unresolve",
    sample: r#"{"kind": "unresolve-thread", "pr": 6, "thread": "PRRT_1"}"#
}
