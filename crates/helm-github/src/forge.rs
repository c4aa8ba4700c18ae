//! GitHub as the binary registers it ([`forge`]): its name, its home host, the
//! repositories it can hold (`OWNER/NAME`) and the variables it reads. The core
//! still reaches GitHub by its own path (`connect`, `look` and `act`) until
//! seam plan step 1c moves them behind [`helm_forge::Repository`], so [`Forge::open`]
//! answers `None` here and the core never asks it.

use helm_forge::{Forge, ForgeEnv, ForgeName, ForgeRepo, Limits, RepoPath, RepoRef, Repository};
use helm_model::error::Result;

use crate::model::Repo;

/// The variables GitHub's path reads: the API URL, the deadline, `GH_REPO` and
/// the two token variables (`gh auth token` is asked, not read).
const ENV_NAMES: &[&str] = &[
    "HELM_GITHUB_API_URL",
    "HELM_GITHUB_TIMEOUT",
    "GH_REPO",
    "GH_TOKEN",
    "GITHUB_TOKEN",
];

struct GitHub;

/// GitHub, for the binary's registry.
pub fn forge() -> Box<dyn Forge> {
    Box::new(GitHub)
}

impl Forge for GitHub {
    fn name(&self) -> ForgeName {
        ForgeName::GitHub
    }

    fn home_hosts(&self) -> &'static [&'static str] {
        &["github.com"]
    }

    /// `OWNER/NAME` under GitHub's rules for each segment; a nested path is
    /// no GitHub repository.
    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo> {
        let (owner, name) = at.path.owner_name()?;
        let repo = Repo::parse(&format!("{owner}/{name}"))?;
        Some(ForgeRepo {
            forge: ForgeName::GitHub,
            host: at.host.clone().unwrap_or_else(|| "github.com".into()),
            repo: RepoPath::new(&repo.to_string()).ok()?,
        })
    }

    fn env_names(&self) -> &'static [&'static str] {
        ENV_NAMES
    }

    fn web_origin(&self, env: &ForgeEnv) -> Option<String> {
        crate::web_origin(env)
    }

    /// The core reaches GitHub through `connect` and its own looks and
    /// actions (seam plan step 1c moves them here).
    fn open(
        &self,
        _env: &ForgeEnv,
        _place: &ForgeRepo,
        _limits: &Limits,
    ) -> Option<Result<Box<dyn Repository>>> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_holds_owner_slash_name_on_its_home_host() {
        let forge = forge();
        assert_eq!(forge.name(), ForgeName::GitHub);
        let at = RepoRef::parse("https://github.com/Octo/Widget.git").unwrap();
        let place = forge.repository(&at).unwrap();
        assert_eq!(place.host, "github.com");
        assert_eq!(place.repo.as_str(), "Octo/Widget");
        let bare = RepoRef::parse("o/r").unwrap();
        assert_eq!(forge.repository(&bare).unwrap().host, "github.com");
        let nested = RepoRef::parse("github.com/group/sub/project").unwrap();
        assert_eq!(forge.repository(&nested), None);
        assert!(forge.env_names().contains(&"GH_TOKEN"));
    }
}
