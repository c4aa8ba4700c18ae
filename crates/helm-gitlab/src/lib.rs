//! GitLab behind helm's forge seam (ADR 0023): a project on gitlab.com or any
//! self-managed GitLab, through REST v4. [`forge`] is the one thing the binary
//! registers; everything else answers the seam's `Forge` and `Repository`
//! traits: the observations in helm's shapes (`look/`), authors' standing
//! from the project's members (`standing`), what GitLab's merge status
//! blocks (`readiness`), the steer actions planned before anything leaves
//! and sent through a gate that admits only the plan (`act/`, `gate`), and
//! the looks that settle a lost answer by the attempt's own traces
//! (`traces/`).
//!
//! Why helm's own HTTP layer and not the `gitlab` crate: that crate's endpoint
//! builders sit behind its `client_api` feature, which brings a second HTTP
//! stack (reqwest, aws-lc's C build, a GraphQL code generator), it carries no
//! answer types, and it lacks two writes helm needs (a note in an existing
//! discussion, resolving a discussion). helm-http already holds the deadline
//! (`HELM_GITHUB_TIMEOUT`), bounded bodies, `-v` tracing, redirects, the rate
//! limits GitLab sends (429 with `Retry-After`, `RateLimit-Reset`) and the
//! write gate; so this crate writes its own typed bodies and answers
//! (`wire/`) for the few endpoints it calls, each checked against the
//! fixture the fake GitLab is held to.
//!
//! It depends on helm-forge, helm-http and helm-model only: never on the
//! core, storage or another forge.

mod act;
mod api;
mod forge;
mod look;
mod readiness;
mod repository;
mod standing;
mod token;
mod traces;
mod wire;

/// GitLab, as the binary registers it beside the other forges.
pub fn forge() -> Box<dyn helm_forge::Forge> {
    Box::new(forge::GitLabForge)
}
