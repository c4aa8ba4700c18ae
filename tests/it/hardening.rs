//! Issue 10's hardening: what helm does with voyage files it did not write,
//! with hostile text stored in a voyage, with odd files it is asked to look
//! at, and with GitHub answers that are malformed, moved or long; and
//! issue 20's: bodies and summaries read as bounded regular files.

mod bodies;
mod files;
mod github;
mod home_files;
mod looking;
mod terminal;
