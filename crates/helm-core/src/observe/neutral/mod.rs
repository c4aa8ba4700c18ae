//! The forge-neutral kinds, `issue`, `pr` (`mr`), `repo` and `checks` (ADR
//! 0023, "Targets"): one spelling on every forge. Each resolves its place
//! first: on GitHub it *is* the `github-*` target (`issue 5` is `github-issue
//! 5`, today's key and bytes, one slate row whichever was typed); on another
//! forge its target holds `forge`, `host` and `repo`, and it is looked at
//! through that forge's `helm_forge::Repository` ([`ForgeLook`]).

mod checks;
mod issue;
mod pr;
mod repo;
mod thread;

pub use checks::{ChecksArgs, ChecksTarget};
pub use issue::{IssueArgs, IssueTarget};
pub use pr::{PrArgs, PrTarget};
pub use repo::{RepoArgs, RepoTarget};

use helm_forge::{ForgeName, ForgeRepo, Io, RepoPath, Repository};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{CommandArg, Error, Result};
use crate::inputs::Flag;

/// Each neutral kind and the other names it answers to: `mr` for `pr`, and
/// the `github-*` kind it is on GitHub. MCP's input schema lists each once,
/// under all its names, since on GitHub both spellings are one target.
pub const SPELLINGS: [(&str, &[&str]); 4] = [
    ("issue", &["github-issue"]),
    ("pr", &["mr", "github-pr"]),
    ("repo", &["github-repo"]),
    ("checks", &["github-checks"]),
];

/// Where a neutral target is on a forge other than GitHub: the forge, its
/// host (with a port where one was given) and the repository's path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct ForgeSite {
    pub(crate) forge: ForgeName,
    pub(crate) host: String,
    pub(crate) repo: String,
}

impl ForgeSite {
    pub(crate) fn of(place: &ForgeRepo) -> ForgeSite {
        ForgeSite {
            forge: place.forge,
            host: place.host.clone(),
            repo: place.repo.to_string(),
        }
    }

    /// Issue or PR `number` here, as an entry on this forge names it.
    pub(crate) fn subject(
        &self,
        pr: bool,
        number: u64,
        parts: Vec<&'static str>,
    ) -> super::ThreadSubject {
        super::ThreadSubject {
            pr,
            host: Some(self.host.clone()),
            repo: self.repo.clone(),
            number,
            parts,
        }
    }

    /// The place again, checked as when it was resolved: a target read from
    /// a voyage is data, and its path goes into the forge's requests.
    pub(crate) fn place(&self) -> Result<ForgeRepo> {
        let repo = RepoPath::new(&self.repo).map_err(|why| {
            Error::new(
                crate::error::Kind::Corrupt,
                format!("the target's repository {why}"),
            )
        })?;
        Ok(ForgeRepo {
            forge: self.forge,
            host: self.host.clone(),
            repo,
        })
    }

    /// `HOST/PATH`, as a person gives it back to `--repo`.
    pub(crate) fn named(&self) -> String {
        format!("{}/{}", self.host, self.repo)
    }

    /// `--repo HOST/PATH --forge NAME`, which find it again on any machine.
    fn args(&self) -> [CommandArg; 2] {
        [
            CommandArg::Value("repo", self.named()),
            CommandArg::Value("forge", self.forge.as_str().to_string()),
        ]
    }
}

/// The flags every neutral kind takes after its own.
fn place_flags() -> [Flag; 2] {
    [
        Flag::option("repo", "REPO").short('R'),
        Flag::option("forge", "FORGE"),
    ]
}

/// A look on a forge other than GitHub, through its `Repository`.
pub(crate) trait ForgeLook {
    fn site(&self) -> &ForgeSite;

    /// The payload in helm's shapes, not yet redacted.
    fn looking<'a>(&'a self, repo: &'a dyn Repository) -> Io<'a, Value>;

    /// A few words on `payload`, once redacted.
    fn words(&self, payload: &Value) -> String;
}

#[cfg(test)]
mod tests;
