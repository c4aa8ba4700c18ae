//! The forge seam (ADR 0023), below helm-core and every forge crate: the checked
//! steer actions as pending records keep them (`act`), which the core implements its
//! traits for and each forge builds its requests from; the payload shapes in helm's
//! words (`shape`) that every forge fills; which forges there are and what one is
//! ([`ForgeName`], [`Forge`]), how `--repo` is read and a forge chosen for it
//! ([`RepoRef`], [`Forges::choose`]), and what each forge can do, with the rule that
//! refuses the rest before anything is sent ([`refuses`]); and the conditional
//! look a forge that answers conditional requests offers ([`ConditionalLook`],
//! its parts and validators, and a look's failure, [`LookError`]).
//!
//! It depends on helm-model only, and must never depend on the transport, storage,
//! the core or a forge crate: a forge crate and the core both stand on it, so
//! anything of theirs here would tie them together.

pub mod act;
pub mod shape;

mod admitted;
mod asked;
mod capabilities;
mod choose;
mod conditional;
mod forge;
mod look_failure;
mod name;
mod plan;
mod progress;
mod registry;
mod repository;

pub use admitted::{Admitted, Admitting};
pub use asked::{ChecksOf, LogsWanted, RepoPart, ThreadPart, ThreadRef};
pub use capabilities::{Capabilities, Part, Support, Unsupported, refuses};
pub use choose::{ForgeRepo, RepoPath, RepoRef};
pub use conditional::{ConditionalLook, LookIo, NamedPart, PayloadPart, Prior, Validator};
pub use forge::{Forge, ForgeEnv, Limits};
pub use look_failure::{LookError, LookFailure};
pub use name::ForgeName;
pub use plan::{ForgeError, ForgeWrite, Produced, TraceWindow, Traced, WriteOutcome, WritePlan};
pub use progress::LookProgress;
pub use registry::Forges;
pub use repository::{
    AuthorStanding, Blocker, Io, LookedPart, Repository, ThreadParts, viewer_key,
};
