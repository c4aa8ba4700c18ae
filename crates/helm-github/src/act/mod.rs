//! GitHub's steer actions: each action's request(s) in a file of its own (the
//! path, the typed body, the typed answer and GitHub's refusals read as
//! GitHub words them), returning what they produced in the seam's words
//! ([`Produced`](helm_forge::Produced)), and the look for a lost attempt's own
//! trace within its [`Window`]. The core's action turns either into its
//! entry through the same `performed` every forge's answer goes through, so
//! no endpoint of GitHub's is named in helm-core.

mod body;
pub mod close_issue;
pub mod close_pr;
pub mod comment;
pub mod create_issue;
pub mod create_pr;
pub mod edit;
pub mod label;
pub mod merge_pr;
pub mod reopen_issue;
pub mod reply_inline;
pub mod request_review;
pub mod thread;
mod timeline;
mod window;

pub use window::Window;
