//! Which forge, and what one forge is before it knows a repository: its name in
//! targets, messages and `--forge`, the hosts it is without being told, how it
//! reads a repository's path, the variables it reads and what it can do. The
//! binary registers one [`Forge`] per forge crate (`Forges`), as jj registers its
//! store backends, so nothing below the front ends names a forge but through
//! this seam. A connection to one repository (`Repository`, ADR 0023) joins the
//! trait with the seam's move of GitHub behind it (seam plan 1c).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::capabilities::Capabilities;
use crate::choose::{RepoPath, RepoRef};

/// Which forge: the name in targets (`"forge": "gitlab"`), messages and `--forge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ForgeName {
    GitHub,
    GitLab,
    Forgejo,
}

impl ForgeName {
    /// Every forge helm knows, in the order messages list them.
    pub const ALL: [ForgeName; 3] = [ForgeName::GitHub, ForgeName::GitLab, ForgeName::Forgejo];

    /// The name as `--forge`, `HELM_FORGE` and targets spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ForgeName::GitHub => "github",
            ForgeName::GitLab => "gitlab",
            ForgeName::Forgejo => "forgejo",
        }
    }

    /// The forge a name spells, in any ASCII case; `None` for another word.
    pub fn parse(text: &str) -> Option<ForgeName> {
        let text = text.trim();
        ForgeName::ALL
            .into_iter()
            .find(|name| name.as_str().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for ForgeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForgeName::GitHub => "GitHub",
            ForgeName::GitLab => "GitLab",
            ForgeName::Forgejo => "Forgejo",
        })
    }
}

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
