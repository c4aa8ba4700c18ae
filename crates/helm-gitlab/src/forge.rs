//! GitLab as the binary registers it: its name, its home host, how it reads
//! a repository's path (nested groups: `group/sub/project`), the variables it
//! reads, and `open`: the API URL (`HELM_GITLAB_API_URL`, default
//! `https://HOST/api/v4`), the token ([`crate::token`]) and the helm-http
//! client built from them, sending the token as `Authorization: Bearer`,
//! bounded by `HELM_GITHUB_TIMEOUT` as every forge is, and knowing GitLab's
//! application limit, which names no wait.

use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

use helm_forge::{Admitted, Forge, ForgeEnv, ForgeName, ForgeRepo, Limits, RepoRef, Repository};
use helm_http::client::gate::Outgoing;
use helm_http::{AuthScheme, Credentials, HttpClient, Server, UnnamedLimit};
use helm_model::error::{Error, Kind, Result};

use crate::api::GitLabApi;
use crate::repository::GitLabRepository;

const HOME: &str = "gitlab.com";

/// GitLab's application rate limits (notes created, pipelines, searches…)
/// refuse with words alone, `{"message":{"error":"This endpoint has been
/// requested too many times. Try again later."}}`, naming no wait; their
/// window is a minute, so a minute is the wait they ask for.
const APPLICATION_LIMIT: UnnamedLimit = UnnamedLimit {
    says: "requested too many times",
    wait: Duration::from_secs(60),
};

pub(crate) struct GitLabForge;

impl Forge for GitLabForge {
    fn name(&self) -> ForgeName {
        ForgeName::GitLab
    }

    fn home_hosts(&self) -> &'static [&'static str] {
        &[HOME]
    }

    /// Any path of two segments or more is a project (GitLab nests groups);
    /// without a host, gitlab.com's.
    fn repository(&self, at: &RepoRef) -> Option<ForgeRepo> {
        Some(ForgeRepo {
            forge: ForgeName::GitLab,
            host: at.host.clone().unwrap_or_else(|| HOME.to_string()),
            repo: at.path.clone(),
        })
    }

    fn env_names(&self) -> &'static [&'static str] {
        &["HELM_GITLAB_API_URL", "GITLAB_TOKEN", "GL_TOKEN"]
    }

    fn open(
        &self,
        env: &ForgeEnv,
        place: &ForgeRepo,
        limits: &Limits,
    ) -> Result<Box<dyn Repository>> {
        let api_url = api_url(env.get("HELM_GITLAB_API_URL"), &place.host)?;
        let identity = limits.identity.as_deref();
        let token = crate::token::resolve(env, &place.host, "glab", identity)?;
        Ok(Box::new(connect(&api_url, &token, place.clone(), limits)?))
    }
}

/// The client for `place` at `api_url` with `token`: every write through the
/// gate that admits only the plan being sent.
pub(crate) fn connect(
    api_url: &str,
    token: &str,
    place: ForgeRepo,
    limits: &Limits,
) -> Result<GitLabRepository> {
    let admitted = Admitted::on(ForgeName::GitLab);
    let gate = admitted.clone();
    let client = HttpClient::connect(Server {
        forge: "GitLab",
        api_url,
        credentials: Some(Credentials {
            scheme: AuthScheme::Bearer,
            token,
        }),
        headers: &[],
        unnamed_limit: Some(APPLICATION_LIMIT),
        deadline: limits.timeout,
    })?
    .gated(Arc::new(move |out: &Outgoing<'_>| {
        gate.pass(
            out.method.as_str(),
            out.path,
            out.body.map(Value::to_string),
        )
    }));
    Ok(GitLabRepository::new(
        GitLabApi::new(client, place, admitted),
        helm_forge::viewer_key(api_url, token),
    ))
}

/// `HELM_GITLAB_API_URL` checked (http or https, a host, no query), without a
/// trailing `/`; `https://HOST/api/v4` when unset.
pub(crate) fn api_url(given: Option<&str>, host: &str) -> Result<String> {
    let text = match given.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.trim_end_matches('/').to_string(),
        None => format!("https://{host}/api/v4"),
    };
    let uri: http::Uri = text.parse().map_err(|_| bad_url(&text))?;
    let scheme_ok = matches!(uri.scheme_str(), Some("http" | "https"));
    if !scheme_ok || uri.host().is_none() || uri.query().is_some() {
        return Err(bad_url(&text));
    }
    Ok(text)
}

fn bad_url(text: &str) -> Error {
    Error::new(
        Kind::Config,
        format!("HELM_GITLAB_API_URL '{text}' is not an http(s) URL"),
    )
    .hint("e.g. https://gitlab.example.com/api/v4; unset it for https://HOST/api/v4 of the repository's host")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_api_url_defaults_to_the_hosts_and_is_checked() {
        assert_eq!(
            api_url(None, "gitlab.example.com").unwrap(),
            "https://gitlab.example.com/api/v4"
        );
        assert_eq!(
            api_url(Some("http://127.0.0.1:8080/api/v4/"), "gitlab.com").unwrap(),
            "http://127.0.0.1:8080/api/v4"
        );
        for bad in ["ftp://h/api/v4", "gitlab.com", "https://h/api/v4?x=1"] {
            assert_eq!(
                api_url(Some(bad), "gitlab.com").unwrap_err().kind(),
                Kind::Config,
                "{bad}"
            );
        }
    }

    #[test]
    fn a_path_of_nested_groups_is_a_gitlab_project() {
        let at = RepoRef::parse("https://gitlab.example.com/group/sub/project/-/merge_requests/7")
            .unwrap();
        let place = GitLabForge.repository(&at).unwrap();
        assert_eq!(place.host, "gitlab.example.com");
        assert_eq!(place.repo.as_str(), "group/sub/project");
        let bare = GitLabForge
            .repository(&RepoRef::parse("group/project").unwrap())
            .unwrap();
        assert_eq!(bare.host, "gitlab.com");
    }
}
