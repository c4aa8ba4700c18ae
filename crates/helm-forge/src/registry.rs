//! The forges the binary registers ([`Forges`]) and the contract's rule that
//! chooses one for a repository: `--forge`, else `HELM_FORGE`, else git config
//! `helm.forge.<host>`, else the registered forge whose home hosts have the
//! host; `OWNER/NAME` without a host is GitHub, as it has always been. Pure:
//! the caller reads the environment and git config and hands in what it read.

use helm_model::error::{Error, Kind, Result, arg};
use helm_model::words;

use crate::choose::RepoRef;
use crate::forge::Forge;
use crate::name::ForgeName;

/// Every forge this helm speaks to, one per forge crate, as the binary
/// registers them.
pub struct Forges(Vec<Box<dyn Forge>>);

/// Where a forge's name was given, for a message about it.
#[derive(Clone, Copy)]
enum Given {
    Flag,
    Env,
    GitConfig,
}

impl Forges {
    pub fn new(forges: Vec<Box<dyn Forge>>) -> Forges {
        Forges(forges)
    }

    /// The registered forge by its name.
    pub fn get(&self, name: ForgeName) -> Option<&dyn Forge> {
        self.0.iter().map(|f| f.as_ref()).find(|f| f.name() == name)
    }

    /// The forge that serves `at`: `flag` is `--forge`, `env` is `HELM_FORGE`,
    /// `git_config` is git config `helm.forge.<host>` for `at`'s host, each as
    /// read (`None` when not given); the first one given decides.
    pub fn choose(
        &self,
        at: &RepoRef,
        flag: Option<&str>,
        env: Option<&str>,
        git_config: Option<&str>,
    ) -> Result<&dyn Forge> {
        let given = [
            (flag, Given::Flag),
            (env, Given::Env),
            (git_config, Given::GitConfig),
        ];
        if let Some((text, from)) = given
            .into_iter()
            .find_map(|(text, from)| text.filter(|t| !t.trim().is_empty()).map(|t| (t, from)))
        {
            return self.named(text, from, at);
        }
        let Some(host) = at.host.as_deref() else {
            return self.registered(ForgeName::GitHub);
        };
        // A host is compared without its port and without ASCII case.
        let bare = host.rsplit_once(':').map_or(host, |(name, _)| name);
        self.0
            .iter()
            .map(|f| f.as_ref())
            .find(|f| f.home_hosts().iter().any(|h| h.eq_ignore_ascii_case(bare)))
            .ok_or_else(|| unknown_host(host))
    }

    fn named(&self, text: &str, from: Given, at: &RepoRef) -> Result<&dyn Forge> {
        let Some(name) = ForgeName::parse(text) else {
            let kind = match from {
                Given::Flag => Kind::Usage,
                Given::Env | Given::GitConfig => Kind::Config,
            };
            let source = match from {
                Given::Flag => words![arg("forge")],
                Given::Env => words!["HELM_FORGE"],
                Given::GitConfig => words![format!(
                    "git config helm.forge.{}",
                    at.host.as_deref().unwrap_or_default()
                )],
            };
            return Err(Error::new(
                kind,
                words![
                    source,
                    format!(" '{}' is not a forge helm speaks to", text.trim())
                ],
            )
            .hint(words![format!("give one of {}", names())]));
        };
        self.registered(name)
    }

    fn registered(&self, name: ForgeName) -> Result<&dyn Forge> {
        self.get(name).ok_or_else(|| {
            Error::new(
                Kind::Config,
                words![format!("this helm was built without {name}")],
            )
            .hint(words![format!("choose another forge: {}", self.listed())])
        })
    }

    fn listed(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|f| f.name().as_str()).collect();
        names.join(", ")
    }
}

fn names() -> String {
    let names: Vec<&str> = ForgeName::ALL.iter().map(|n| n.as_str()).collect();
    names.join(", ")
}

fn unknown_host(host: &str) -> Error {
    Error::new(
        Kind::Config,
        words![format!("helm does not know which forge serves {host}")],
    )
    .hint(words![
        "choose it with ",
        arg("forge"),
        format!(
            " {}, the environment variable HELM_FORGE, or git config helm.forge.{host} (one of {})",
            "github|gitlab|forgejo",
            names()
        ),
    ])
}

#[cfg(test)]
mod tests;
