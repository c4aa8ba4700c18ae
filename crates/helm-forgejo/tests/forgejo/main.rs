//! helm-forgejo against the fake Forgejo (crates/fake-github's `forgejo()`):
//! every Repository method over real HTTP, each action's plan and what its
//! writes produced, the merge's pin and refusals, labels' separate requests,
//! the traces a look finds after a lost answer, and rate limits. Every test
//! ends by asserting the fake saw no request outside Forgejo's swagger.

mod act;
mod labels;
mod limits;
mod merge;
mod observe;
mod support;
mod traces;
