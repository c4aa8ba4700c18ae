//! What the local kinds share: canonical paths and skip names
//! (`paths.rs`), opening only regular files without blocking and reads
//! confined to a project root (`regular.rs`, opening beneath a held folder
//! handle in `beneath.rs`), the parallel gitignore-aware walk (`walk.rs`)
//! and streaming JSON escaping (`json.rs`).

#[cfg(unix)]
mod beneath;
pub(crate) mod json;
pub(crate) mod paths;
pub(crate) mod regular;
pub(crate) mod walk;

pub(crate) use super::Tally;
