//! helm: structured collaborative software work.
//!
//! `observe` gathers observations onto a voyage's slate; `steer` acts on GitHub
//! and `log` records a state, each sealing the slate into the bearing of one
//! logbook entry in a single SQLite transaction.

pub mod actions;
pub mod cancel;
pub mod cli;
pub mod error;
pub mod github;
pub mod inputs;
pub mod mcp;
pub mod model;
pub mod observe;
pub mod ops;
pub mod output;
pub mod steering;
pub mod storage;
pub mod sync;
pub mod words;
