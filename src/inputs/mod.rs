//! What a front end may ask helm to look at and to do: observation targets
//! ([`TargetSpec`]) and steer actions ([`ActionSpec`]) as the user or agent
//! gives them. One type per surface serves every front end: clap parses it
//! from the command line, serde from an MCP tool call, so a new target or
//! action reaches both at once. Resolving it checks it and makes it
//! canonical: a `model::Observe` or a `model::Steer`.

pub mod action;
pub mod body;
pub mod provenance;
pub mod target;
pub mod text;

pub use action::ActionSpec;
pub use body::BodySpec;
pub use provenance::{ProvenanceSpec, Surface};
pub use target::TargetSpec;
pub use text::Stdin;
