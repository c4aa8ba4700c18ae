//! Which forge, and what one forge is before it knows a repository: its name in
//! targets, messages and `--forge`, the hosts it is without being told, how it
//! reads a repository's path, the variables it reads and what it can do. The
//! binary registers one [`Forge`] per forge crate (`Forges`), as jj registers its
//! store backends, so nothing below the front ends names a forge but through
//! this seam. [`Forge::open`] gives a connection to one repository
//! ([`Repository`]).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use helm_model::error::Result;

use crate::capabilities::Capabilities;
use crate::choose::{ForgeRepo, RepoRef};
use crate::name::ForgeName;
use crate::repository::Repository;

/// The forges' environment variables as `Helm::from_env` read them (each
/// forge's [`Forge::env_names`]), by name: the one place helm reads its
/// environment hands them in, so a forge crate never reads it itself.
#[derive(Clone, Debug, Default)]
pub struct ForgeEnv(BTreeMap<&'static str, String>);

impl ForgeEnv {
    pub fn new() -> ForgeEnv {
        ForgeEnv::default()
    }

    /// Keeps `value` for `name` when it was set (and not empty); forgets
    /// the name otherwise.
    pub fn set(&mut self, name: &'static str, value: Option<String>) {
        match value.filter(|v| !v.trim().is_empty()) {
            Some(value) => self.0.insert(name, value),
            None => self.0.remove(name),
        };
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }
}

/// What bounds every request on every forge: `HELM_GITHUB_TIMEOUT`
/// (the contract keeps the one name), who acts (`--as`), for a forge
/// whose token sources are per identity, and helm's home, where such a
/// forge keeps each identity's credentials (`$HELM_HOME/gh-config/<identity>/`).
#[derive(Clone, Debug)]
pub struct Limits {
    pub timeout: Duration,
    pub identity: Option<String>,
    pub home: PathBuf,
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
    /// The origin of the web pages of the repositories whose entries name no
    /// host (GitHub's, ADR 0006): `https://github.com`, or the Enterprise
    /// host `env`'s API URL names, where a view of a voyage may link. A forge
    /// whose entries always carry their host answers `None`.
    fn web_origin(&self, _env: &ForgeEnv) -> Option<String> {
        None
    }
    /// What it can do, as data: checked before any request (`unsupported`).
    fn capabilities(&self) -> &'static Capabilities {
        self.name().capabilities()
    }
    /// A connection to `place`: the API URL and the token from `env` (and the
    /// token sources this forge knows, e.g. `glab auth token` or `gh auth
    /// token`), each checked, each failure a `config` error naming the
    /// variable. Called inside the current-thread runtime the core made.
    fn open(
        &self,
        env: &ForgeEnv,
        place: &ForgeRepo,
        limits: &Limits,
    ) -> Result<Box<dyn Repository>>;
}
