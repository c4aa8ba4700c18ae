//! Forgejo (Codeberg and the self-hosted Gitea lineage) behind helm's forge
//! seam (ADR 0023): [`forge()`] is what the binary registers. An opened
//! repository reads Forgejo's API v1 into helm's payload shapes (the same
//! JSON GitHub's payloads hold, so the core digests, compares and judges
//! every forge alike), plans each steer as the exact writes it will send,
//! sends only those (its client's gate admits nothing else), and after a
//! lost answer looks for the attempt's own trace.
//!
//! Why helm's own HTTP layer and not the `forgejo-api` crate: that crate is
//! generated from Forgejo's OpenAPI, but its client is reqwest, built into
//! every method, with its own TLS (aws-lc, a C build); helm would then have
//! two HTTP stacks whose deadlines, bounded bodies, `-v` traces, token rules
//! and redirects differ. So the few endpoints helm calls have their own
//! typed answers and request bodies here (`wire`), and a test holds every
//! body to Forgejo's own `swagger.v1.json` (its operations as the committed
//! fixture `tests/fixtures/openapi/forgejo-operations.json` lists them).

mod act;
mod api;
mod error;
mod forge;
mod look;
mod readiness;
mod repository;
mod shapes;
mod standing;
mod traces;
mod wire;

/// Forgejo, as the binary registers it beside the other forges.
pub fn forge() -> Box<dyn helm_forge::Forge> {
    Box::new(forge::ForgejoForge)
}
