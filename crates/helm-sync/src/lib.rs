//! Voyages across machines, through the git remote a team already has
//! (ADR 0015 for the layout and the merge rules, ADR 0016 for the
//! transport). There is no helm server: a voyage is a chain of commits
//! under `refs/helm/voyages/<uuid>` on the remote, written and read by the
//! user's own `git` through helm's private repository `$HELM_HOME/sync.git`,
//! which is also where helm remembers what it last synced. helm never writes
//! the user's repository, its refs or its configuration.
//!
//! - `remote`: which remote `--remote` names; `git`, `batch`: running git;
//!   `lock`: one sync at a time in a home.
//! - `names`, `layout`: where the remote's files go and what they hold;
//!   `shadow`: helm's snapshot of what the remote held at the last sync.
//! - `rules`: the merge rules.
//! - `transport`: fetch, compare-and-swap push.
//! - `arrival`: what a fetch brought, checked before anything is written.
//! - `object`: what a git object is as helm reads it (a header, a tree's
//!   entries), whether from the files (`loose::read`) or through `batch`.
//! - `pull`, `push` (with `build`, `fast_import`), `push_all`, `listing`:
//!   the operations;
//!   `direct`, `loose`: a small sync's few objects, written without
//!   `fast_import`; `pack`: the objects of many, as one pack;
//!   `housekeeping`: `git gc --auto` when it is due.
//!
//! Nothing here prints or reads the environment. It depends on helm-model
//! and helm-storage only: never on GitHub, the core or a front end (entries
//! are worded for commit subjects by the caller).

// Paths inside this crate name the layers as the crates above it do.
use crate as sync;
use helm_model as model;
use helm_model::{error, text};
use helm_storage as storage;

mod arrival;
mod batch;
mod build;
mod direct;
mod fast_import;
mod git;
mod housekeeping;
mod layout;
mod listing;
mod lock;
mod loose;
mod names;
mod object;
mod pack;
mod progress;
mod pull;
mod push;
mod push_all;
mod remote;
mod rules;
mod shadow;
mod signature;
mod signing;
mod transport;
mod verdicts;
mod verifying;

use std::path::Path;

use uuid::Uuid;

pub use listing::{RemoteListing, list};
pub use pull::{All, pull, pull_all};
pub use push::push;
pub use push_all::{AllPushed, push_all};
pub use signature::Signature;
pub use signing::Signing;
pub use verifying::{history, signers};

/// How a push words an entry for its commit's subject line.
pub(crate) type Subject<'a> = &'a dyn Fn(&crate::storage::logbook::Entry) -> String;

use crate::error::Result;
use crate::model::Voyage;
use crate::storage::Home;

/// Test-only settings read once at start (`HELM_SYNC_KILL_AT`), and only by
/// a build with the `test-hooks` feature, which helm's own tests turn on
/// (the root crate's dev-dependency): a release build ignores the variable.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// A named point at which helm kills itself (`SIGKILL`), so tests can
    /// check that a crash there leaves every voyage whole.
    #[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
    kill_at: Option<String>,
}

/// The named points: where a crash is tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SyncKillPoint {
    /// A pull has fetched and checked, and written nothing.
    PullFetched,
    /// A pull has written everything inside its transaction, not committed.
    PullWritten,
    /// A pull has committed, not yet recorded what it synced.
    PullCommitted,
    /// A push has built its commits, not yet pushed them.
    PushBuilt,
    /// A push was accepted, not yet recorded here.
    PushPushed,
}

impl SyncKillPoint {
    #[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
    fn name(self) -> &'static str {
        match self {
            SyncKillPoint::PullFetched => "pull-fetched",
            SyncKillPoint::PullWritten => "pull-written",
            SyncKillPoint::PullCommitted => "pull-committed",
            SyncKillPoint::PushBuilt => "push-built",
            SyncKillPoint::PushPushed => "push-pushed",
        }
    }
}

impl Settings {
    /// The settings of this run: from the environment with `test-hooks`,
    /// else none at all.
    pub fn from_env() -> Settings {
        Settings::from_lookup(|name| std::env::var(name).ok())
    }

    fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Settings {
        if cfg!(feature = "test-hooks") {
            Settings {
                kill_at: lookup("HELM_SYNC_KILL_AT"),
            }
        } else {
            Settings::default()
        }
    }

    /// Dies here if told to (a test's `kill -9`).
    fn reached(&self, point: SyncKillPoint) {
        #[cfg(not(feature = "test-hooks"))]
        let _ = (self, point);
        #[cfg(feature = "test-hooks")]
        if self.kill_at.as_deref() == Some(point.name()) {
            #[cfg(unix)]
            // SAFETY: kill(2) on our own pid with a signal that cannot be caught.
            unsafe {
                libc::kill(libc::getpid(), libc::SIGKILL);
            }
            std::process::abort();
        }
    }
}

/// What every sync operation works with.
pub struct Sync<'a> {
    pub(crate) home: &'a Home,
    pub settings: &'a Settings,
    pub remote: remote::Remote,
    repo: git::SyncRepo,
    /// The user's git configuration, read beside the private repository's
    /// own processes and waited for when first needed.
    config: remote::UserConfig,
    /// How pushes sign and pulls verify: git's configuration, and what the
    /// caller asked for (`--sign`, `--verify-signatures`).
    signing: std::sync::OnceLock<Signing>,
    asked: Signing,
    /// Held for the whole operation: one sync at a time in a home.
    _lock: lock::Lock,
}

impl<'a> Sync<'a> {
    /// Resolves `--remote` and opens (or makes) the private repository.
    pub fn new(
        home: &'a Home,
        cwd: &'a Path,
        settings: &'a Settings,
        remote: Option<&str>,
    ) -> Result<Sync<'a>> {
        // Started first: a remote given as a path does not wait for it.
        let config = remote::UserConfig::start(cwd)?;
        let remote = remote::resolve(remote, cwd, &config)?;
        let repo = git::SyncRepo::open(home.root(), cwd)?.with_network(remote.network.clone());
        let lock = lock::Lock::take(repo.dir())?;
        // Under the lock: no other sync of this home is making a voyage now.
        crate::storage::sync::sweep_unborn(home);
        Ok(Sync {
            home,
            settings,
            remote,
            repo,
            config,
            signing: std::sync::OnceLock::new(),
            asked: Signing::default(),
            _lock: lock,
        })
    }

    /// Sign every commit pushed, whatever git's configuration says.
    pub fn ask_to_sign(&mut self) {
        self.asked.sign = true;
    }

    /// Refuse unsigned commits on a pull, whatever git's configuration says.
    pub fn ask_to_verify(&mut self) {
        self.asked.verify = true;
    }

    /// Housekeeping of the private repository, when it is due: after a
    /// sync that wrote to it. Best effort.
    pub(crate) fn tidy(&self) {
        if let Ok(config) = self.config.entries() {
            housekeeping::tidy(&self.repo, &config);
        }
    }

    /// How this sync signs and verifies: the first call waits for the
    /// user's configuration.
    pub(crate) fn signing(&self) -> Result<&Signing> {
        if let Some(signing) = self.signing.get() {
            return Ok(signing);
        }
        let mut signing = Signing::from_config(&self.config.entries()?);
        signing.sign |= self.asked.sign;
        signing.verify |= self.asked.verify;
        Ok(self.signing.get_or_init(|| signing))
    }

    /// The remote's voyage ref as last fetched from this remote.
    fn tracking(&self, id: &Uuid) -> String {
        format!("refs/helm/remotes/{}/{}", self.remote.key, id.hyphenated())
    }

    /// The snapshot (`shadow`) of the remote commit this home's copy of the
    /// voyage was last synced with: its entries are this voyage's first
    /// entries, numbered alike. Set only after the voyage's own transaction
    /// committed; a stale one (a crash in between) only makes the next sync
    /// compare more.
    fn synced(&self, id: &Uuid) -> String {
        format!("refs/helm/synced/{}/{}", self.remote.key, id.hyphenated())
    }
}

/// What moved, for the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    pub entries: u64,
    pub artifacts: u64,
    /// A pull's entries made here and never pushed that now follow the
    /// remote's under other numbers: (number before, number now), in order.
    pub renumbered: Vec<(u64, u64)>,
}

/// One voyage's sync as the commands report it.
#[derive(Clone, Debug)]
pub struct Synced {
    pub voyage: Voyage,
    pub moved: Moved,
    /// The remote as the user named it (never with credentials).
    pub remote: String,
    pub reference: String,
    /// The remote's commit after the sync.
    pub head: String,
    /// This sync made the voyage: here (a pull), or on the remote (a push).
    pub created: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build without `test-hooks` (a release, `cargo install`) ignores
    /// `HELM_SYNC_KILL_AT`; helm's own tests, which turn the feature on,
    /// see it. Run in both builds, this holds each to its half.
    #[test]
    fn the_kill_hook_is_read_only_by_a_build_with_test_hooks() {
        let settings = Settings::from_lookup(|name| {
            (name == "HELM_SYNC_KILL_AT").then(|| "push-built".to_string())
        });
        assert_eq!(
            settings.kill_at.as_deref(),
            cfg!(feature = "test-hooks").then_some("push-built")
        );
        // Not a hook point: returns, whatever the build.
        Settings::default().reached(SyncKillPoint::PushBuilt);
    }
}
