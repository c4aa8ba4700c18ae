//! helm integration tests: the real binary against real SQLite files.

mod bad_input;
mod big_payload;
mod fake_github_selftest;
mod freshness;
mod github;
mod github_examples;
mod hardening;
mod interface;
mod json_docs;
mod lifecycle;
mod listing;
mod mcp;
mod observe_local;
mod open_set_actions;
mod open_set_kinds;
mod portable;
mod reliability;
mod settling;
mod shell;
mod slate_log;
mod snapshots;
mod steer_retries;
mod story;
mod support;
mod sync;
mod voyage;
