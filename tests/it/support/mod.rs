pub mod env;
pub mod github;
pub mod node;
// The fake GitHub is the workspace crate `fake-github` (crates/fake-github), shipped for
// the tour as a binary; tests keep naming it `support::fake_github`.
pub use fake_github;
pub mod pty;
