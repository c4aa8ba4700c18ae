//! helm's front ends: the command line (`cli`), the MCP server (`mcp`) and
//! how results reach people and programs (`output`). What they call is
//! helm-core's; the layers below are helm-model, helm-storage, helm-github
//! and helm-sync (ADR 0021). Nothing depends on it but the binary, so it
//! exports one function, `main` (`program.rs`), and the rest is the crate's
//! own: unused code is a warning, not an export. It must never hold what a
//! front end shares with another (that belongs in helm-core).

#![warn(unreachable_pub)]

mod cli;
mod forges;
mod mcp;
mod output;
mod program;
mod spans;

pub use program::main;

// Paths inside this crate name the layers below by their old module names.
use helm_model as model;
use helm_model::{error, text, words};
use helm_storage as storage;
use helm_sync as sync;
