//! Which forge, and what one forge is before it knows a repository: its name in
//! targets, messages and `--forge`, the hosts it is without being told, how it
//! reads a repository's path, the variables it reads and what it can do. The
//! binary registers one [`Forge`] per forge crate (`Forges`), as jj registers its
//! store backends, so nothing below the front ends names a forge but through
//! this seam. A connection to one repository (`Repository`, ADR 0023) joins the
//! trait with the seam's move of GitHub behind it (seam plan 1c).

use crate::capabilities::Capabilities;
use crate::choose::{RepoPath, RepoRef};
use crate::name::ForgeName;

/// A repository on a forge: what the neutral targets store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForgeRepo {
    pub forge: ForgeName,
    pub host: String,
    pub repo: RepoPath,
}

/// One forge as the binary registers it. Knows nothing of a repository yet.
pub trait Forge: Send + Sync {
    fn name(&self) -> ForgeName;
    /// The hosts this forge is without being told (`github.com`; `gitlab.com`;
    /// `codeberg.org`). The contract's table, one line per forge.
    fn home_hosts(&self) -> &'static [&'static str];
    /// `HOST/PATH` of a repository on this forge from what `--repo` or `origin`
    /// gave, already split by [`RepoRef::parse`]; `None` when the path cannot be
    /// one here (GitHub and Forgejo want OWNER/NAME; GitLab takes nested groups).
    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo>;
    /// The environment variables it reads, so `Helm::from_env` (the one place
    /// helm reads its environment) can read them and `--help` can name them.
    fn env_names(&self) -> &'static [&'static str];
    /// What it can do, as data: checked before any request (`unsupported`).
    fn capabilities(&self) -> &'static Capabilities {
        self.name().capabilities()
    }
}
