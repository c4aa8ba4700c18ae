//! GitHub as the binary registers it ([`forge`]): its name, its home host, the
//! repositories it can hold (`OWNER/NAME`), the variables it reads, and
//! [`Forge::open`], which connects one repository behind the seam
//! (`repository.rs`): the server and the token checked (`Config`), the
//! client's gate letting out only the plan being sent.

use std::sync::Arc;

use helm_forge::{
    Admitted, Forge, ForgeEnv, ForgeName, ForgeRepo, Limits, RepoPath, RepoRef, Repository,
};
use helm_http::client::gate::Outgoing;
use helm_model::error::{Error, Result};
use serde_json::Value;

use crate::repository::GitHubRepository;

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

    fn open(
        &self,
        env: &ForgeEnv,
        place: &ForgeRepo,
        limits: &Limits,
    ) -> Result<Box<dyn Repository>> {
        let config = crate::Config::resolve(env, &limits.home, limits.identity.as_deref())?;
        let repo = Repo::parse(place.repo.as_str()).ok_or_else(|| {
            Error::usage(format!(
                "'{}' is not a GitHub repository (OWNER/NAME)",
                place.repo
            ))
        })?;
        let admitted = Admitted::on(ForgeName::GitHub);
        let gate = admitted.clone();
        let client =
            crate::client_for(&config, &repo)?.gated(Arc::new(move |out: &Outgoing<'_>| {
                gate.pass(
                    out.method.as_str(),
                    out.path,
                    out.body.map(Value::to_string),
                )
            }));
        let key = helm_forge::viewer_key(&config.api_url, config.token.expose());
        Ok(Box::new(GitHubRepository::new(
            place.clone(),
            client,
            admitted,
            key,
        )))
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
