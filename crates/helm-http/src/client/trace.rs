//! The `--verbose` trace of each request: method, URL (no credentials in
//! it, and never a header), status, time taken, whether the answer came
//! from memory or as a 304, and the rate limit left. The request headers,
//! `Authorization` among them, are never part of a line.

use std::time::Duration;

use http::{HeaderMap, Method, StatusCode};

use helm_model::tell;

/// The URL a request went to: `path` under the API base, or as given when
/// absolute (GraphQL's endpoint, a log's storage host).
pub(crate) fn url(api_url: &str, path: &str) -> String {
    if path.contains("://") {
        tell::redact_url(path)
    } else {
        tell::redact_url(&format!("{}{path}", api_url.trim_end_matches('/')))
    }
}

/// One request and the server's answer.
pub(crate) fn answered(
    method: &Method,
    url: &str,
    status: StatusCode,
    took: Duration,
    headers: &HeaderMap,
) {
    helm_model::spans::request(&helm_model::spans::ForgeRequest {
        method: method.as_str(),
        url,
        status: Some(status.as_u16()),
        took,
    });
    tell::trace(|| {
        let reason = status.canonical_reason().unwrap_or("");
        let mut line = format!(
            "{method} {url} → {} {reason} in {} ms",
            status.as_u16(),
            took.as_millis()
        );
        if status == StatusCode::NOT_MODIFIED {
            line.push_str(" (the copy helm keeps is current)");
        }
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        if let Some(left) = header("x-ratelimit-remaining") {
            line.push_str(&format!(", rate limit: {left} left"));
            if let Some(limit) = header("x-ratelimit-limit") {
                line.push_str(&format!(" of {limit}"));
            }
        }
        line
    });
}

/// One request that got no answer.
pub(crate) fn failed(method: &Method, url: &str, took: Duration, why: &str) {
    helm_model::spans::request(&helm_model::spans::ForgeRequest {
        method: method.as_str(),
        url,
        status: None,
        took,
    });
    tell::trace(|| {
        format!(
            "{method} {url} → no answer after {} ms: {why}",
            took.as_millis()
        )
    });
}

/// A GET answered from what this look already asked.
pub(crate) fn remembered(url: &str, status: StatusCode) {
    tell::trace(|| {
        format!(
            "GET {url} → {} from memory (asked already in this look; not sent)",
            status.as_u16()
        )
    });
}
