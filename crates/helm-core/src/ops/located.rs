//! Which repository on which forge a remote target or a steer is about: the
//! contract's rules ("Forges") applied to what this machine says. `--repo` (or
//! `GH_REPO`, GitHub's, or the git remote `origin`) is read by
//! [`RepoRef::parse`]; the forge is `--forge`, else `HELM_FORGE`, else git
//! config `helm.forge.<host>`, else the forge whose home the host is
//! ([`Forges::choose`]). `OWNER/NAME` without a host is GitHub, and a GitHub
//! repository is resolved exactly as it always was (`origin.rs`), so its
//! targets and entries keep their bytes.

use std::path::Path;

use helm_forge::{ForgeName, ForgeRepo, RepoRef};

mod origin;

use super::Helm;
use crate::error::{Error, Kind, Result, arg};
use crate::model::Repo;
use crate::model::words;

/// Where a remote target or a steer is: a GitHub repository, reached by the
/// core's own GitHub path, or a repository on another registered forge,
/// reached through its `helm_forge::Repository`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Located {
    GitHub(Repo),
    Forge(ForgeRepo),
}

impl Located {
    /// The repository as the steer protocol carries it: GitHub's, or the
    /// place's path (`steering::pending::repo_of`).
    pub(crate) fn repo(&self) -> Repo {
        match self {
            Located::GitHub(repo) => repo.clone(),
            Located::Forge(place) => crate::steering::pending::repo_of(place),
        }
    }

    /// The forge and host a pending record and a proposal keep beside the
    /// repository; none on GitHub, whose records keep their bytes.
    pub(crate) fn elsewhere(&self) -> Option<crate::steering::pending::Elsewhere> {
        match self {
            Located::GitHub(_) => None,
            Located::Forge(place) => Some(crate::steering::pending::Elsewhere {
                forge: place.forge,
                host: place.host.clone(),
            }),
        }
    }
}

/// Which of the three sources gave the repository's text.
#[derive(Clone, Copy)]
enum Given {
    Flag,
    Env,
    Origin,
}

impl Helm {
    /// The repository `flag` (`--repo`) names, on the forge `forge`
    /// (`--forge`) or the contract's rules choose.
    pub(crate) fn locate(&self, flag: Option<&str>, forge: Option<&str>) -> Result<Located> {
        let forge = forge.filter(|f| !f.trim().is_empty());
        let named = forge.or(self.forges.chosen.as_deref());
        // A forge named by word, checked by the registry's own rule.
        let elsewhere = match named {
            Some(text) => ForgeName::parse(text).is_some_and(|n| n != ForgeName::GitHub),
            None => false,
        };
        let gh_repo = self
            .forges
            .env
            .get("GH_REPO")
            .filter(|t| !t.trim().is_empty());
        let (text, given) = match (flag, gh_repo) {
            (Some(flag), _) => (flag.to_string(), Given::Flag),
            // GH_REPO names a GitHub repository only.
            (None, Some(env)) if !elsewhere => (env.to_string(), Given::Env),
            _ => match origin::origin_url(&self.cwd) {
                Some(url) => (url, Given::Origin),
                None if elsewhere => return Err(no_repository(named.unwrap_or_default())),
                None => return origin::from_origin(None).map(Located::GitHub),
            },
        };
        let at = match RepoRef::parse(&text) {
            Ok(at) => at,
            // GitHub's own reading says what is wrong, as it always has.
            Err(_) if !elsewhere => return self.github_repo(&text, given).map(Located::GitHub),
            Err(err) => return Err(err),
        };
        let Some(host) = at.host.as_deref().filter(|_| named.is_none()) else {
            let chosen =
                self.forges
                    .forges
                    .choose(&at, forge, self.forges.chosen.as_deref(), None)?;
            return self.on(chosen, &at, &text, given);
        };
        // GitHub Enterprise: the host of HELM_GITHUB_API_URL is GitHub's.
        if self
            .forges
            .web_origin()
            .is_some_and(|web| same_host(&web, host))
        {
            return self.github_repo(&text, given).map(Located::GitHub);
        }
        let homed = ForgeName::ALL.into_iter().any(|name| {
            self.forges.forges.get(name).is_some_and(|f| {
                f.home_hosts()
                    .iter()
                    .any(|h| h.eq_ignore_ascii_case(bare(host)))
            })
        });
        // git config is asked only where no forge calls the host its home.
        let configured = match homed {
            true => None,
            false => git_config(&self.cwd, host),
        };
        let chosen = self
            .forges
            .forges
            .choose(&at, None, None, configured.as_deref())?;
        self.on(chosen, &at, &text, given)
    }

    /// Refuses `place` when it came from a voyage (a proposal pulled from a
    /// shared remote) and this machine would send its token for the forge to
    /// a host it does not name itself. Without an API URL setting the forge's
    /// server is `https://HOST/...` of the record, so the host must be the
    /// forge's home, one git config names for it, or this working tree's
    /// `origin`; with one, every request goes to the server configured.
    pub(crate) fn trusts(&self, place: &ForgeRepo, whose: &str) -> Result<()> {
        let Some(forge) = self.forges.forges.get(place.forge) else {
            return Ok(());
        };
        let configured_url = forge
            .env_names()
            .iter()
            .filter(|name| name.ends_with("_API_URL"))
            .find_map(|name| self.forges.env.get(name).map(|url| (*name, url)));
        if configured_url.is_some() {
            return Ok(());
        }
        let host = bare(&place.host);
        let home = forge
            .home_hosts()
            .iter()
            .any(|h| h.eq_ignore_ascii_case(host));
        let named = git_config(&self.cwd, &place.host)
            .and_then(|word| ForgeName::parse(&word))
            .is_some_and(|name| name == place.forge);
        let origin = origin::origin_url(&self.cwd)
            .and_then(|url| RepoRef::parse(&url).ok())
            .and_then(|at| at.host)
            .is_some_and(|origin| bare(&origin).eq_ignore_ascii_case(host));
        if home || named || origin {
            return Ok(());
        }
        let url_name = forge
            .env_names()
            .iter()
            .find(|name| name.ends_with("_API_URL"))
            .copied()
            .unwrap_or("its API URL");
        Err(Error::new(
            Kind::Config,
            format!(
                "{whose} acts on {} at {}, a host this machine does not name for {}; \
                 helm sends no token there on a voyage's word, and nothing was sent or recorded",
                place.repo, place.host, place.forge
            ),
        )
        .hint(words![
            "if you trust that server, name it: ",
            format!(
                "git config --global helm.forge.{} {}",
                place.host,
                place.forge.as_str()
            ),
            format!(" (or set {url_name}), then approve again"),
        ]))
    }

    fn on(
        &self,
        forge: &dyn helm_forge::Forge,
        at: &RepoRef,
        text: &str,
        given: Given,
    ) -> Result<Located> {
        if forge.name() == ForgeName::GitHub {
            return self.github_repo(text, given).map(Located::GitHub);
        }
        forge.repository(at).map(Located::Forge).ok_or_else(|| {
            Error::usage(format!("'{text}' is not a repository on {}", forge.name())).hint(words![
                "give the repository's URL or HOST/PATH, for example ",
                arg("repo"),
                " https://gitlab.com/group/project"
            ])
        })
    }

    /// A GitHub repository from the text as GitHub's path has always read it.
    fn github_repo(&self, text: &str, given: Given) -> Result<Repo> {
        match given {
            Given::Flag => origin::resolve(Some(text), None, &self.cwd),
            Given::Env => origin::resolve(None, Some(text), &self.cwd),
            Given::Origin => origin::from_origin(Some(text)),
        }
    }
}

/// A host without its port.
fn bare(host: &str) -> &str {
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

/// Whether the web origin `web` (`https://HOST[:PORT]`) is on `host`.
fn same_host(web: &str, host: &str) -> bool {
    let authority = web.split_once("://").map_or(web, |(_, rest)| rest);
    bare(authority).eq_ignore_ascii_case(bare(host))
}

/// `git config --get helm.forge.<host>` in `cwd`: the forge a person chose
/// for a host no forge calls its home. `None` when unset or unreadable.
fn git_config(cwd: &Path, host: &str) -> Option<String> {
    origin::git_answer(cwd, &["config", "--get", &format!("helm.forge.{host}")])
}

fn no_repository(forge: &str) -> Error {
    Error::new(
        Kind::Config,
        words![
            format!("no repository on {}: ", forge.trim()),
            arg("repo"),
            " is not given and the current directory has no git remote 'origin'",
        ],
    )
    .hint(words![
        "pass ",
        arg("repo"),
        " with the repository's URL, or run helm inside a clone",
    ])
}

/// A GitHub kind or action given a repository on another forge.
pub(crate) fn not_github(place: &ForgeRepo) -> Error {
    Error::usage(format!(
        "{}/{} is on {}, and this names GitHub's",
        place.host, place.repo, place.forge
    ))
    .hint("observe it as issue, pr, repo or checks, which name the forge")
}

#[cfg(test)]
mod tests;
