//! The one HTTPS client every forge's requests go through: hyper-util's
//! pooled client over rustls (ring, the system's roots, HTTP/1.1), the
//! base URL a request's path is joined to, and the `Authorization` header
//! in the scheme the forge asks for, sent only to the API's own host.
//! What octocrab did for helm before (ADR 0023), and nothing more: every
//! rule about statuses, retries, pages and bodies is the client's.

use std::time::Duration;

use http::header::{ACCEPT, AUTHORIZATION, CONTENT_LENGTH, CONTENT_TYPE, USER_AGENT};
use http::{HeaderName, HeaderValue, Method, Request, Response, Uri};
use hyper::body::Incoming;
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client as Pool;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

use helm_model::error::{Error, Kind};

use crate::error::HttpError;

/// The longest connecting may take, within the request's deadline.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How a forge wants its token: `Authorization: Bearer …` (GitHub,
/// GitLab) or `Authorization: token …` (Forgejo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuthScheme {
    Bearer,
    Token,
}

/// A token and the scheme it is sent in.
pub struct Credentials<'a> {
    pub scheme: AuthScheme,
    pub token: &'a str,
}

/// One server helm talks to: where, with which credentials, with which
/// headers of the forge's own on every request.
#[derive(Clone)]
pub(crate) struct Connection {
    pool: Pool<HttpsConnector<HttpConnector>, String>,
    base: Uri,
    authorization: Option<HeaderValue>,
    headers: Vec<(HeaderName, HeaderValue)>,
}

impl Connection {
    /// A connection to `base` (checked by the caller: http(s), a host),
    /// connecting within `deadline` at most.
    pub(crate) fn open(
        base: &str,
        credentials: Option<Credentials<'_>>,
        headers: &[(&'static str, &'static str)],
        deadline: Duration,
    ) -> Result<Connection, Error> {
        let base: Uri = base.parse().map_err(|_| {
            Error::new(Kind::Config, format!("'{base}' is not an http(s) URL"))
                .hint("give the forge's API URL, e.g. https://api.github.com")
        })?;
        let authorization = match credentials {
            Some(given) => Some(authorization(&given)?),
            None => None,
        };
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_connect_timeout(Some(CONNECT_TIMEOUT.min(deadline)));
        let provider = rustls::crypto::ring::default_provider();
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_native_roots(provider)
            .map_err(|err| {
                Error::new(
                    Kind::Config,
                    format!(
                        "cannot set up the HTTPS client: {}",
                        HttpError::transport(err).message
                    ),
                )
                .hint("helm needs the system's root certificates (install ca-certificates)")
            })?
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let headers = headers
            .iter()
            .map(|(name, value)| header(name, value))
            .collect::<Result<_, _>>()?;
        Ok(Connection {
            pool: Pool::builder(TokioExecutor::new()).build(https),
            base,
            authorization,
            headers,
        })
    }

    /// Sends one request: `method` to `path` (under the base URL, or
    /// absolute), asking for `accept`, with the forge's headers, `extra`
    /// and `body` as JSON text. The token goes only to the base URL's host.
    /// The answer's body is left for the caller to read within its bound.
    pub(crate) async fn execute(
        &self,
        method: &Method,
        path: &str,
        accept: Option<&str>,
        extra: &[(HeaderName, String)],
        body: Option<String>,
    ) -> Result<Response<Incoming>, HttpError> {
        let given: Uri = path.parse().map_err(HttpError::transport)?;
        let mut builder = Request::builder()
            .method(method.clone())
            .uri(join(&self.base, &given)?);
        if let Some(accept) = accept {
            builder = builder.header(ACCEPT, accept);
        }
        for (name, value) in &self.headers {
            builder = builder.header(name, value);
        }
        for (name, value) in extra {
            builder = builder.header(name, value.as_str());
        }
        let body = match body {
            Some(text) => {
                builder = builder.header(CONTENT_TYPE, "application/json");
                text
            }
            None => {
                builder = builder.header(CONTENT_LENGTH, "0");
                String::new()
            }
        };
        let home = given.authority().is_none() || given.authority() == self.base.authority();
        if let (true, Some(authorization)) = (home, &self.authorization) {
            builder = builder.header(AUTHORIZATION, authorization);
        }
        let request = builder
            .header(USER_AGENT, AGENT)
            .body(body)
            .map_err(HttpError::transport)?;
        self.pool
            .request(request)
            .await
            .map_err(HttpError::transport)
    }
}

/// What helm says it is: servers ask for a `User-Agent` (GitHub requires one).
const AGENT: &str = concat!("helm/", env!("CARGO_PKG_VERSION"));

/// One of the forge's own headers, checked: a forge crate that names an
/// impossible header is told so, not answered with a panic.
fn header(name: &str, value: &str) -> Result<(HeaderName, HeaderValue), Error> {
    match (
        HeaderName::from_bytes(name.as_bytes()),
        HeaderValue::from_str(value),
    ) {
        (Ok(name), Ok(value)) => Ok((name, value)),
        _ => Err(Error::new(
            Kind::Config,
            format!("'{name}: {value}' is not an HTTP header helm can send"),
        )
        .hint("a bug in helm's forge crate: its headers are fixed text")),
    }
}

/// The header for `credentials`, marked sensitive so no debug output shows it.
fn authorization(credentials: &Credentials<'_>) -> Result<HeaderValue, Error> {
    let scheme = match credentials.scheme {
        AuthScheme::Bearer => "Bearer",
        AuthScheme::Token => "token",
    };
    let mut value =
        HeaderValue::from_str(&format!("{scheme} {}", credentials.token)).map_err(|_| {
            Error::new(
                Kind::Config,
                "the token holds characters an HTTP header cannot carry",
            )
            .hint("check the token for line breaks or other control characters")
        })?;
    value.set_sensitive(true);
    Ok(value)
}

/// `given` under `base`: an absolute URI is taken as it is (GitHub
/// Enterprise's GraphQL at `/api/graphql`, beside `/api/v3`, which octocrab
/// put under the base's path); a path goes under the base's path unless it
/// is under it already (as a `Link` made relative may be).
fn join(base: &Uri, given: &Uri) -> Result<Uri, HttpError> {
    if given.scheme().is_some() && given.authority().is_some() {
        return Ok(given.clone());
    }
    let scheme = base.scheme().map(|s| s.as_str());
    let authority = base.authority().map(|a| a.as_str());
    let base_path = base.path().trim_end_matches('/');
    let asked = given.path_and_query().map_or("/", |pq| pq.as_str());
    let path = if asked.starts_with(base_path) {
        asked.to_string()
    } else {
        format!("{base_path}{asked}")
    };
    let mut uri = Uri::builder().path_and_query(path);
    if let (Some(scheme), Some(authority)) = (scheme, authority) {
        uri = uri.scheme(scheme).authority(authority);
    }
    uri.build().map_err(HttpError::transport)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_goes_under_the_base_and_an_absolute_url_keeps_its_host() {
        let joined = |base: &str, given: &str| {
            join(&base.parse().unwrap(), &given.parse().unwrap())
                .unwrap()
                .to_string()
        };
        assert_eq!(
            joined("https://api.github.com", "/repos/o/r?page=2"),
            "https://api.github.com/repos/o/r?page=2"
        );
        assert_eq!(
            joined("https://ghe.example.com/api/v3", "/repos/o/r"),
            "https://ghe.example.com/api/v3/repos/o/r"
        );
        assert_eq!(
            joined("https://ghe.example.com/api/v3/", "/api/v3/repos/o/r"),
            "https://ghe.example.com/api/v3/repos/o/r"
        );
        assert_eq!(
            joined(
                "https://ghe.example.com/api/v3",
                "https://ghe.example.com/api/graphql"
            ),
            "https://ghe.example.com/api/graphql"
        );
    }
}
