//! What may leave helm, decided in one place per destination: `outbound`
//! for what is sent to the forge. Each destination's rule sits where its
//! bytes leave, so a new action or view gets it without asking for it.

pub(crate) mod outbound;
