//! Forgejo as the binary registers it: its name, its home host (Codeberg),
//! which repository a `--repo` names (OWNER/NAME only, as on GitHub), the
//! variables it reads, and [`Forge::open`], which checks the API URL and
//! the token and builds the one gated helm-http client a repository uses.

use helm_forge::{Forge, ForgeEnv, ForgeName, ForgeRepo, Limits, RepoRef, Repository};
use helm_model::error::{Error, Kind, Result};

use crate::repository::ForgejoRepository;

/// The API URL, when it is not `https://<host>/api/v1`.
pub(crate) const API_URL: &str = "HELM_FORGEJO_API_URL";
/// The token, as Forgejo's own tools name it; Gitea's name after it.
pub(crate) const TOKEN: &str = "FORGEJO_TOKEN";
pub(crate) const GITEA_TOKEN: &str = "GITEA_TOKEN";

pub(crate) struct ForgejoForge;

impl Forge for ForgejoForge {
    fn name(&self) -> ForgeName {
        ForgeName::Forgejo
    }

    fn home_hosts(&self) -> &'static [&'static str] {
        &["codeberg.org"]
    }

    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo> {
        at.path.owner_name()?;
        Some(ForgeRepo {
            forge: ForgeName::Forgejo,
            host: at.host.clone().unwrap_or_else(|| "codeberg.org".into()),
            repo: at.path.clone(),
        })
    }

    fn env_names(&self) -> &'static [&'static str] {
        &[API_URL, TOKEN, GITEA_TOKEN]
    }

    fn open(
        &self,
        env: &ForgeEnv,
        place: &ForgeRepo,
        limits: &Limits,
    ) -> Result<Box<dyn Repository>> {
        let api_url = api_url(env.get(API_URL), &place.host)?;
        let token = token(env)?;
        Ok(Box::new(ForgejoRepository::open(
            place, &api_url, token, limits,
        )?))
    }
}

/// `HELM_FORGEJO_API_URL` checked (http or https, a host, no query), or the
/// host's own `https://HOST/api/v1`; without a trailing slash.
pub(crate) fn api_url(given: Option<&str>, host: &str) -> Result<String> {
    let Some(text) = given.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(format!("https://{host}/api/v1"));
    };
    let trimmed = text.trim_end_matches('/');
    let uri: Option<http::Uri> = trimmed.parse().ok();
    let sound = uri.is_some_and(|uri| {
        matches!(uri.scheme_str(), Some("http" | "https"))
            && uri.host().is_some_and(|h| !h.is_empty())
            && uri.query().is_none()
    });
    if !sound {
        return Err(Error::new(
            Kind::Config,
            format!("{API_URL} '{text}' is not an http(s) URL"),
        )
        .hint("give Forgejo's API URL, e.g. https://codeberg.org/api/v1, or unset it for https://HOST/api/v1"));
    }
    Ok(trimmed.to_string())
}

/// `FORGEJO_TOKEN`, then `GITEA_TOKEN`: a `config` error naming both when
/// neither is set.
pub(crate) fn token(env: &ForgeEnv) -> Result<String> {
    let found = env.get(TOKEN).or_else(|| env.get(GITEA_TOKEN));
    let Some(token) = found.map(str::trim) else {
        return Err(Error::new(
            Kind::Config,
            format!("no Forgejo token: neither {TOKEN} nor {GITEA_TOKEN} is set"),
        )
        .hint(format!(
            "create an access token in Forgejo (Settings → Applications) and export {TOKEN}"
        )));
    };
    Ok(token.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&'static str, &str)]) -> ForgeEnv {
        let mut env = ForgeEnv::new();
        for (name, value) in pairs {
            env.set(name, Some(value.to_string()));
        }
        env
    }

    #[test]
    fn forgejo_token_comes_before_giteas_and_neither_is_a_config_error() {
        let both = env(&[(TOKEN, "f"), (GITEA_TOKEN, "g")]);
        assert_eq!(token(&both).unwrap(), "f");
        assert_eq!(token(&env(&[(GITEA_TOKEN, "g")])).unwrap(), "g");
        let none = token(&env(&[])).unwrap_err();
        assert_eq!(none.kind(), Kind::Config);
        let said = none.to_string();
        assert!(said.contains(TOKEN) && said.contains(GITEA_TOKEN), "{said}");
    }

    #[test]
    fn the_api_url_defaults_to_the_hosts_and_is_checked() {
        assert_eq!(
            api_url(None, "codeberg.org").unwrap(),
            "https://codeberg.org/api/v1"
        );
        assert_eq!(
            api_url(Some("http://127.0.0.1:3000/api/v1/"), "x").unwrap(),
            "http://127.0.0.1:3000/api/v1"
        );
        for bad in ["ftp://h/api/v1", "not a url", "https://h/api/v1?x=1"] {
            assert_eq!(
                api_url(Some(bad), "h").unwrap_err().kind(),
                Kind::Config,
                "{bad}"
            );
        }
    }

    #[test]
    fn a_repository_is_owner_and_name_on_codeberg_unless_a_host_is_given() {
        let at = RepoRef::parse("forgejo/forgejo").unwrap();
        let place = ForgejoForge.repository(&at).unwrap();
        assert_eq!(place.host, "codeberg.org");
        assert_eq!(place.repo.as_str(), "forgejo/forgejo");
        let nested = RepoRef::parse("https://git.example.com/a/b/c").unwrap();
        assert!(ForgejoForge.repository(&nested).is_none());
        let hosted = RepoRef::parse("git.example.com/a/b").unwrap();
        assert_eq!(
            ForgejoForge.repository(&hosted).unwrap().host,
            "git.example.com"
        );
    }
}
