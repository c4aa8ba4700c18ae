//! helm beyond GitHub (issue 41): the forge-neutral targets and the choice of
//! forge, run with the real binary. `choice.rs` holds which forge a
//! repository is on and what is said when helm cannot tell; `neutral.rs`
//! holds that on GitHub a neutral target is the `github-*` one, byte for byte.

mod approval_cost;
mod choice;
mod forgejo;
mod forgejo_flow;
mod gitlab;
mod gitlab_flow;
mod gitlab_steer;
mod neutral;
mod proposals;
