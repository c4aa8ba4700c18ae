//! The forge seam (ADR 0023), below helm-core and every forge crate: the checked
//! steer actions as pending records keep them (`act`), which the core implements its
//! traits for and each forge builds its requests from, and the payload shapes in
//! helm's words (`shape`) that every forge fills.
//!
//! It depends on helm-model only, and must never depend on the transport, storage,
//! the core or a forge crate: a forge crate and the core both stand on it, so
//! anything of theirs here would tie them together.

pub mod act;
pub mod shape;
