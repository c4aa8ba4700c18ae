//! GitHub, helm's collaborative boundary: which repository, server and
//! token, GitHub's headers, conditional requests, pagination and GraphQL,
//! GitHub's answers read strictly, the requests of every steer action with
//! the looks that settle a lost answer (`act`, in the seam's words: what
//! each produced, what a look found), and the requests of every observation
//! (`look`, each part in helm-forge's shapes, reached through helm-forge's
//! `ConditionalLook`, which its client implements), all behind the
//! seam's `Repository` that [`forge`]'s `open` connects. What an
//! observation's payload holds and what an action's entry records are the
//! core's; sending, deadlines, bounds, retries and the write gate are
//! helm-http's, the transport every forge shares.
//!
//! It depends on helm-model, helm-forge and helm-http only, and must never know a
//! voyage, storage or a front end. Its client is made only when the core opens
//! a repository, inside the runtime the core made, so local commands never pay
//! for it.

use helm_model as model;

mod act;
mod auth;
mod client;
mod conditional;
mod error;
mod forge;
mod graphql;
mod look;
mod repository;
mod viewer;
pub mod wire;

use std::path::Path;
use std::time::Duration;

use crate::model::Repo;
use client::Client;
pub use forge::forge;
use helm_forge::ForgeEnv;
use helm_model::error::{Error, Kind, Result};

pub(crate) const DEFAULT_API_URL: &str = "https://api.github.com";

/// GitHub's variables, as `Helm::from_env` read them into the forges'
/// [`ForgeEnv`] (the names [`forge`]'s `env_names` lists); this crate never
/// reads the environment itself.
struct Env {
    /// `HELM_GITHUB_API_URL`.
    api_url: Option<String>,
    /// `HELM_GITHUB_TIMEOUT`, in seconds.
    timeout: Option<String>,
    /// `GH_TOKEN` and `GITHUB_TOKEN`.
    gh_token: Option<String>,
    github_token: Option<String>,
}

impl Env {
    fn read(env: &ForgeEnv) -> Env {
        let var = |name: &str| env.get(name).map(str::to_string);
        Env {
            api_url: var("HELM_GITHUB_API_URL"),
            timeout: var("HELM_GITHUB_TIMEOUT"),
            gh_token: var("GH_TOKEN"),
            github_token: var("GITHUB_TOKEN"),
        }
    }
}

/// Everything needed to talk to GitHub: checked server URL, token and timeout.
#[derive(Debug)]
pub(crate) struct Config {
    pub api_url: String,
    pub token: auth::Token,
    pub(crate) timeout: Duration,
}

impl Config {
    /// Resolves the server, the token (for `identity`'s own credentials when
    /// given) and the timeout, each checked.
    pub fn resolve(env: &ForgeEnv, home: &Path, identity: Option<&str>) -> Result<Config> {
        let env = &Env::read(env);
        let api_url = api_url(env.api_url.as_deref())?;
        let uri: http::Uri = api_url.parse().map_err(|_| bad_url(&api_url))?;
        let host = uri.host().filter(|h| *h != "api.github.com");
        let token = auth::resolve(&auth::Sources {
            home,
            identity,
            gh_token: env.gh_token.clone(),
            github_token: env.github_token.clone(),
            host,
        })?;
        Ok(Config {
            timeout: timeout(env.timeout.as_deref())?,
            api_url,
            token,
        })
    }
}

/// `HELM_GITHUB_TIMEOUT`, read as every forge reads it (helm-http).
fn timeout(text: Option<&str>) -> Result<Duration> {
    helm_http::timeout(text)
}

/// The client for one repository, inside the runtime the caller made.
pub(crate) fn client_for(config: &Config, repo: &Repo) -> Result<Client> {
    let http = helm_http::HttpClient::connect(helm_http::Server {
        forge: "GitHub",
        api_url: &config.api_url,
        credentials: Some(helm_http::Credentials {
            scheme: helm_http::AuthScheme::Bearer,
            token: config.token.expose(),
        }),
        headers: &[client::API_VERSION],
        unnamed_limit: Some(client::SECONDARY_LIMIT),
        deadline: config.timeout,
    })?;
    Ok(Client::new(http, repo.clone()))
}

/// `HELM_GITHUB_API_URL`, checked: http(s), a host, no query; no trailing slash.
pub(crate) fn api_url(env: Option<&str>) -> Result<String> {
    let text = env
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(DEFAULT_API_URL);
    let text = text.trim_end_matches('/').to_string();
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
        format!("HELM_GITHUB_API_URL '{text}' is not an http(s) URL"),
    )
    .hint("e.g. https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise")
}

/// The origin of the web pages of the server `env` configures
/// (the host itself for Enterprise, `https://github.com` for anything else):
/// where a view of a voyage may link. `None` when the
/// configured URL is not one helm would use.
pub(crate) fn web_origin(env: &ForgeEnv) -> Option<String> {
    Some(web_base(&api_url(env.get("HELM_GITHUB_API_URL")).ok()?))
}

/// GitHub Enterprise Server has its web on the API's host; api.github.com,
/// or a stand-in for it (a proxy, a local GitHub), serves repositories that
/// live on github.com, as the `html_url` of every answer says. The API's own
/// host is no page to open.
fn web_base(api_url: &str) -> String {
    api_url
        .strip_suffix("/api/v3")
        .unwrap_or("https://github.com")
        .to_string()
}

impl Client {
    /// The web address on GitHub for an API-less link (`/pull/45`): the
    /// host itself for Enterprise (`https://HOST/api/v3`), else github.com,
    /// so a merge entry links where every other entry's `html_url` does.
    pub fn web_url(&self, tail: &str) -> String {
        format!("{}/{}{tail}", web_base(&self.api_url), self.repo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_urls_are_checked() {
        assert_eq!(api_url(None).unwrap(), DEFAULT_API_URL);
        assert_eq!(
            api_url(Some("http://127.0.0.1:8080/")).unwrap(),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            api_url(Some("https://ghe.example.com/api/v3")).unwrap(),
            "https://ghe.example.com/api/v3"
        );
        assert_eq!(timeout(None).unwrap(), Duration::from_secs(30));
        assert_eq!(timeout(Some(" 5 ")).unwrap(), Duration::from_secs(5));
        for bad in ["0", "61", "300", "1.5", "soon", "-1"] {
            assert_eq!(
                timeout(Some(bad)).unwrap_err().kind(),
                Kind::Config,
                "{bad}"
            );
        }
        for bad in ["ftp://x", "not a url", "https://h/?q=1", "/relative"] {
            assert!(api_url(Some(bad)).is_err(), "{bad}");
        }
    }
}
