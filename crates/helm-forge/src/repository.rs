//! One repository on one forge: everything helm-core asks of a forge once it
//! knows which (ADR 0023). A forge crate implements [`Repository`] over its own
//! HTTP client and answers in helm's words only: payload parts in the shapes of
//! `shape/` (the same JSON GitHub's payloads have always held, so the core's
//! digests, comparisons and readiness read every forge alike), what a write
//! produced ([`Produced`]), and failures as [`ForgeError`]. The core never
//! holds a path or a forge's field name.
//!
//! Futures are boxed and local: every look and steer runs on one
//! current-thread runtime, and a trait object is how the core holds a forge it
//! does not name.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use helm_model::clock::{Began, GitHubClock};
use serde_json::Value;

use crate::act::Steer;
use crate::asked::{ChecksOf, LogsWanted, RepoPart, ThreadPart, ThreadRef};
use crate::choose::ForgeRepo;
use crate::conditional::ConditionalLook;
use crate::plan::{ForgeError, Produced, TraceWindow, Traced, WritePlan};

/// A future of the seam: one forge's answer, or its failure in helm's words.
pub type Io<'a, T> = Pin<Box<dyn Future<Output = Result<T, ForgeError>> + 'a>>;

/// One part as a forge read it: its value in helm's shape, and whether a
/// listing was cut at helm's bound.
#[derive(Clone, Debug, PartialEq)]
pub struct LookedPart {
    pub value: Value,
    pub truncated: bool,
}

/// The parts a thread look brought back, each under the part it answers.
pub type ThreadParts = Vec<(ThreadPart, LookedPart)>;

/// An author's standing in the repository, from the forge's own membership
/// (GitLab's access level, Forgejo's collaborator permission): whether their
/// text comes from someone who can push, and the forge's word for it, which
/// the payload keeps as `authorAssociation`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthorStanding {
    pub login: String,
    pub can_push: bool,
    pub word: String,
}

/// One reason a pull request cannot merge that only the forge's own verdict
/// shows (GitLab's `detailed_merge_status`, Forgejo's `mergeable`), beside
/// what the core reads from checks and reviews: the forge's word kept for
/// the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocker {
    pub forge_word: String,
    /// What it means, completing "not ready: …".
    pub words: String,
}

/// Names the account a token acts as on one server without holding the
/// token: the SHA-256 of both (ADR 0020). The core's cache of who acts is
/// kept under it; GitHub's cache files have always had these names.
pub fn viewer_key(api_url: &str, token: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(b"helm actor\0");
    hash.update(api_url.as_bytes());
    hash.update(b"\0");
    hash.update(token.as_bytes());
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// One repository on one forge, opened by [`Forge::open`](crate::Forge).
pub trait Repository {
    fn place(&self) -> &ForgeRepo;
    /// The forge's clock as its latest answer's `Date` showed it (ADR 0012).
    fn clock(&self) -> Option<GitHubClock>;
    /// Who the token acts as: the login or username its `GET /user` names.
    fn viewer(&self) -> Io<'_, String>;
    /// The name the core caches [`viewer`](Repository::viewer)'s answer
    /// under, so a steer asks it once per token and server, not once per
    /// process: [`viewer_key`] of the API URL and the token.
    fn viewer_key(&self) -> &str;

    // ── What an observation needs ─────────────────────────────────────────
    /// An issue's or a pull request's `parts`, read whole (GitLab and Forgejo
    /// answer no conditional requests), in helm's shapes. A missing thread is
    /// a `not-found` error naming it; an issue number that is a pull request
    /// (or the reverse) says so.
    fn thread<'a>(&'a self, at: ThreadRef, parts: &'a [ThreadPart]) -> Io<'a, ThreadParts>;
    /// The repository: `{"repo": {...}, "issues": [...], "pullRequests": [...]}`
    /// for the parts asked, in helm's shapes.
    fn repo<'a>(&'a self, parts: &'a [RepoPart]) -> Io<'a, Value>;
    /// A pull request's (or a ref's) CI, in the `checks` part's shape, with
    /// the last lines of the jobs' logs `logs` asks for.
    fn checks<'a>(&'a self, of: &'a ChecksOf, logs: LogsWanted) -> Io<'a, Value>;
    /// Each login's standing in this repository, for the authors a look
    /// found; a forge that answers standing inline puts it in the shapes
    /// itself and returns nothing here.
    fn standing<'a>(&'a self, logins: &'a [String]) -> Io<'a, Vec<AuthorStanding>>;
    /// What keeps the pull request `summary` (its `shape::Pull` as observed)
    /// from merging that only the forge's own verdict shows. Pure.
    fn blockers(&self, summary: &Value) -> Vec<Blocker>;

    /// A look that asks conditionally on a prior payload's validators and
    /// remembers its answers for as long as it lives (a request two
    /// observations share is sent once), counting the bytes it receives in
    /// `received`: how a forge that answers conditional requests (GitHub's
    /// ETags) is observed and checked fresh. `None`, the default, from a
    /// forge that answers none: it is read whole through `thread`, `repo`
    /// and `checks`, and checked fresh by comparing what they read.
    fn conditional(
        &self,
        _received: Option<Arc<AtomicU64>>,
    ) -> Option<Box<dyn ConditionalLook + '_>> {
        None
    }
    /// What to tell the user about the repository after a look or a steer,
    /// e.g. that the forge answered for it under another name (it moved).
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    // ── What a steer needs ────────────────────────────────────────────────
    /// Reads what the action must know before it acts (a label's id, a
    /// note's discussion, the project's merge methods, a thread's state) and
    /// returns the writes it will send, final: the egress gate, the dry run
    /// and a proposal see exactly these bytes. Reads only; may refuse
    /// (`unsupported` for a merge method the project does not allow).
    fn prepare<'a>(&'a self, steer: &'a Steer) -> Io<'a, WritePlan>;
    /// Sends the plan's writes in order and names what they produced. A
    /// failure after a write may have changed the forge has
    /// [`WriteOutcome::Unknown`](crate::plan::WriteOutcome): the pending record stays
    /// and [`look`](Repository::look) settles it.
    fn send<'a>(&'a self, plan: &'a WritePlan) -> Io<'a, Produced>;
    /// The window in which traces can be this attempt's: the viewer, and the
    /// attempt's start on the forge's clock (`Err` says why it cannot be placed).
    fn window<'a>(&'a self, began: &'a Began) -> Io<'a, Result<TraceWindow, String>>;
    /// Looks for the attempt's own traces after a lost answer, earliest
    /// first, or says it did not happen, or that it cannot tell (then the
    /// retry refuses as `unknown-outcome` and the attempt stays pending).
    fn look<'a>(&'a self, steer: &'a Steer, window: &'a TraceWindow) -> Io<'a, Traced>;
}
