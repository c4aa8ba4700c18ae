//! What helm says on stderr besides its result (issue 32): the `--verbose`
//! trace of requests and git commands, `--quiet`, and progress; and how a
//! person's screens meet the terminal (issue 46).

mod progress;
mod quiet;
mod screens;
mod trace;
