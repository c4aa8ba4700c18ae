//! GitHub, helm's collaborative boundary: which repository, server and token,
//! the observations helm makes there and the steer actions it performs.
//!
//! A tokio runtime (current-thread) and octocrab are set up only here, so
//! local commands never pay for them.

pub mod auth;
pub mod client;
pub mod error;
pub mod observe;
pub mod repo;
pub mod steer;
pub mod types;

use std::time::Duration;

use crate::cli::Context;
use crate::error::{Error, Kind, Result};
use client::Client;

pub const DEFAULT_API_URL: &str = "https://api.github.com";

/// A connected client and the runtime that drives it.
pub struct Session {
    pub runtime: tokio::runtime::Runtime,
    pub client: Client,
}

/// Resolves the server, the token (for `identity` when acting) and the
/// repository, and builds the client.
pub fn connect(ctx: &Context, identity: Option<&str>, repo: &str) -> Result<Session> {
    let repo = repo::Repo::parse(repo).ok_or_else(|| {
        Error::usage(format!("'{repo}' is not a repository: expected OWNER/NAME"))
    })?;
    let env = &ctx.github;
    let api_url = api_url(env.api_url.as_deref())?;
    let uri: http::Uri = api_url.parse().map_err(|_| bad_url(&api_url))?;
    let host = uri.host().filter(|h| *h != "api.github.com");
    let token = auth::resolve(&auth::Sources {
        home: ctx.home.root(),
        identity,
        gh_token: env.gh_token.clone(),
        github_token: env.github_token.clone(),
        host,
    })?;
    let timeout = env
        .timeout
        .as_deref()
        .and_then(|t| t.trim().parse::<u64>().ok())
        .filter(|t| *t > 0)
        .map_or(Duration::from_secs(30), Duration::from_secs);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Error::io("cannot start the network runtime", &err))?;
    let crab = {
        let _entered = runtime.enter();
        octocrab::Octocrab::builder()
            .base_uri(api_url.as_str())
            .map_err(|_| bad_url(&api_url))?
            .personal_token(token.expose().to_string())
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
        client: Client::new(crab, &api_url, repo),
    })
}

/// `HELM_GITHUB_API_URL`, checked: http(s), a host, no query; no trailing slash.
pub fn api_url(env: Option<&str>) -> Result<String> {
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

impl Client {
    /// The web address on GitHub for an API-less link (`/pull/45`): github.com
    /// for api.github.com, the host itself for Enterprise and local servers.
    pub fn web_url(&self, tail: &str) -> String {
        let base = if self.api_url == DEFAULT_API_URL {
            "https://github.com".to_string()
        } else {
            self.api_url.trim_end_matches("/api/v3").to_string()
        };
        format!("{base}/{}{tail}", self.repo)
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
        for bad in ["ftp://x", "not a url", "https://h/?q=1", "/relative"] {
            assert!(api_url(Some(bad)).is_err(), "{bad}");
        }
    }
}
