//! GitHub, helm's collaborative boundary, as transport: which repository,
//! server and token, sending with retries, conditional requests and
//! pagination, and GitHub's answers read strictly. What helm looks at there
//! and the steer actions it performs are helm-core's (one file per kind and
//! per action).
//!
//! It depends on helm-model only, and must never know a voyage, storage or
//! a front end. A tokio runtime (current-thread) and octocrab are set up
//! only here, so local commands never pay for them.

use helm_model as model;

mod auth;
pub mod client;
pub mod conditional;
pub mod error;
pub mod graphql;
mod memo;
mod moved;
pub mod repo;
pub mod wire;

use std::path::Path;
use std::time::Duration;

use crate::model::Repo;
use client::Client;
use helm_model::error::{Error, Kind, Result};

pub(crate) const DEFAULT_API_URL: &str = "https://api.github.com";

/// The longest `HELM_GITHUB_TIMEOUT` helm accepts. A steer holds its
/// voyage's write lock while GitHub answers, and other helm processes wait
/// for that lock at most 300 s (`storage::BUSY_TIMEOUT`): one request, its
/// retries and a look for an earlier attempt's effect must fit well inside.
pub(crate) const MAX_TIMEOUT: Duration = Duration::from_secs(60);

/// The GitHub environment as the caller read it; this module never reads
/// the environment itself.
#[derive(Clone, Debug, Default)]
pub struct Env {
    /// `HELM_GITHUB_API_URL`.
    pub api_url: Option<String>,
    /// `HELM_GITHUB_TIMEOUT`, in seconds.
    pub timeout: Option<String>,
    /// `GH_REPO`.
    pub repo: Option<String>,
    /// `GH_TOKEN` and `GITHUB_TOKEN`.
    pub gh_token: Option<String>,
    pub github_token: Option<String>,
}

/// Everything needed to talk to GitHub: checked server URL, token and timeout.
#[derive(Debug)]
pub struct Config {
    pub api_url: String,
    pub token: auth::Token,
    pub(crate) timeout: Duration,
}

impl Config {
    /// Resolves the server, the token (for `identity`'s own credentials when
    /// given) and the timeout, each checked.
    pub fn resolve(env: &Env, home: &Path, identity: Option<&str>) -> Result<Config> {
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

/// `HELM_GITHUB_TIMEOUT`: whole seconds from 1 to [`MAX_TIMEOUT`]; 30 when unset.
pub(crate) fn timeout(text: Option<&str>) -> Result<Duration> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(Duration::from_secs(30));
    };
    match text.parse::<u64>() {
        Ok(seconds) if seconds >= 1 && seconds <= MAX_TIMEOUT.as_secs() => {
            Ok(Duration::from_secs(seconds))
        }
        _ => Err(Error::new(
            Kind::Config,
            format!(
                "HELM_GITHUB_TIMEOUT '{text}' is not a number of seconds from 1 to {}",
                MAX_TIMEOUT.as_secs()
            ),
        )
        .hint("a steer holds the voyage's lock while GitHub answers, and other helm commands wait for it at most 300 s; unset it for the default of 30")),
    }
}

/// A connected client and the runtime that drives it.
pub struct Session {
    pub runtime: tokio::runtime::Runtime,
    pub client: Client,
    pub timeout: Duration,
}

/// Builds the client for one repository.
pub fn connect(config: &Config, repo: &Repo) -> Result<Session> {
    let timeout = config.timeout;
    let api_url = &config.api_url;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Error::io("cannot start the network runtime", &err))?;
    let crab = {
        let _entered = runtime.enter();
        octocrab::Octocrab::builder()
            .base_uri(api_url.as_str())
            .map_err(|_| bad_url(api_url))?
            .personal_token(config.token.expose().to_string())
            .set_connect_timeout(Some(Duration::from_secs(10).min(timeout)))
            .set_read_timeout(Some(timeout))
            .set_write_timeout(Some(timeout))
            .build()
            .map_err(|err| {
                Error::new(
                    Kind::Config,
                    format!(
                        "cannot set up the HTTPS client: {}",
                        error::GitHubError::transport(err).message
                    ),
                )
                .hint("helm needs the system's root certificates (install ca-certificates)")
            })?
    };
    Ok(Session {
        runtime,
        client: Client::new(crab, api_url, repo.clone())
            .waiting_at_most(timeout)
            .answering_within(timeout),
        timeout,
    })
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
pub fn web_origin(env: &Env) -> Option<String> {
    Some(web_base(&api_url(env.api_url.as_deref()).ok()?))
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
