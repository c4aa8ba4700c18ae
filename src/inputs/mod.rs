//! What a front end may ask helm to look at and to do: observation targets
//! ([`TargetSpec`]) and steer actions (`actions::ActionArgs`) as the user or agent
//! gives them. One type per surface serves every front end: clap parses it
//! from the command line, serde from an MCP tool call, so a new target or
//! action reaches both at once. Resolving it checks it and makes it
//! canonical: a `model::Observe` or an `actions::Steer`.

pub mod body;
pub mod target;
pub mod text;

pub use body::BodySpec;
pub use target::TargetSpec;
pub use text::Stdin;
