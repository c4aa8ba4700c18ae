//! helm's front ends: the command line (`cli`), the MCP server (`mcp`) and
//! how results reach people and programs (`output`). What they call is
//! helm-core's; the layers below are helm-model, helm-storage, helm-github
//! and helm-sync (ADR 0021). Nothing depends on it but the binary and the
//! integration tests: it exports only what they use, and it must never hold
//! what a front end shares with another (that belongs in helm-core).

pub mod cli;
pub mod forges;
pub mod mcp;
pub mod output;
pub mod spans;

// Paths inside this crate name the layers below by their old module names.
use helm_model as model;
use helm_model::{error, text, words};
use helm_storage as storage;
use helm_sync as sync;
