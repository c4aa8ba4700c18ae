//! Issue 10's hardening: what helm does with voyage files it did not write,
//! with hostile text stored in a voyage, with odd files it is asked to look
//! at, and with GitHub answers that are malformed, moved or long.

mod files;
mod github;
mod looking;
mod terminal;
