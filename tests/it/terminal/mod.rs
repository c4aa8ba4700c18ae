//! What helm says on stderr besides its result (issue 32): the `--verbose`
//! trace of requests and git commands, `--quiet`, and progress.

mod progress;
mod quiet;
mod trace;
