//! What a front end may ask helm to look at and to do: observation targets
//! (`observe::TargetArgs`) and steer actions (`actions::ActionArgs`) as the user or agent
//! gives them. One type per surface serves every front end: serde reads it
//! from the command line's flags (declared with [`flags`]) and from an MCP
//! tool call, so a new target or
//! action reaches both at once. Resolving it checks it and makes it
//! canonical: an `observe::Target` or an `actions::Steer`.

pub(crate) mod body;
pub(crate) mod branch;
pub(crate) mod editor;
pub(crate) mod flags;
pub(crate) mod provenance;
pub(crate) mod steer_options;
pub(crate) mod text;
pub(crate) mod trace;

pub(crate) use body::BodySpec;
pub use flags::{Flag, FlagCommand, FlagCommands, Flags};
pub use provenance::{ProvenanceSpec, Surface};
pub use steer_options::SteerOptions;
pub use text::Stdin;
