//! What may leave helm, decided in one place per destination
//! (docs/security.md): `outbound` for what is sent to the forge, `shown`
//! for what a view (a terminal, an MCP client, a page, the story, search)
//! is shown of an observed payload. Each rule sits where its bytes leave,
//! so a new action or view gets it without asking for it.

pub(crate) mod outbound;
pub(crate) mod shown;
