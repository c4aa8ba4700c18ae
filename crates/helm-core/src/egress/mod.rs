//! What leaves helm, decided in one place (docs/security.md).

pub mod shown;
