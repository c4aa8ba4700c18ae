//! helm integration tests: the real binary against real SQLite files.

mod fake_github_selftest;
mod github;
mod observe_local;
mod slate_log;
mod support;
mod voyage;
mod reliability;
