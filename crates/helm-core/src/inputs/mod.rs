//! What a front end may ask helm to look at and to do: observation targets
//! (`observe::TargetArgs`) and steer actions (`actions::ActionArgs`) as the user or agent
//! gives them. One type per surface serves every front end: clap parses it
//! from the command line, serde from an MCP tool call, so a new target or
//! action reaches both at once. Resolving it checks it and makes it
//! canonical: an `observe::Target` or an `actions::Steer`.

pub mod body;
pub(crate) mod provenance;
pub mod text;

pub use body::BodySpec;
pub use provenance::{ProvenanceSpec, Surface};
pub use text::Stdin;
