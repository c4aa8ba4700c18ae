//! GitHub's steer actions: each action's request(s) in a file of its own (the
//! path, the typed body, the typed answer and GitHub's refusals read as
//! GitHub words them), returning what they produced in the seam's words
//! ([`Produced`](helm_forge::Produced)), and the look for a lost attempt's own
//! trace within its [`Window`]. The core's action turns either into its
//! entry through the same `performed` every forge's answer goes through, so
//! no endpoint of GitHub's is named in helm-core.

mod body;
pub mod comment;
pub mod reply_inline;
mod window;

pub use window::Window;
