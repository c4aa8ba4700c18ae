//! Conditional requests as GitHub answers them: every 200 GET carries a weak `ETag` (a hash
//! of the body) and caching headers; `If-None-Match` with a matching tag, or (without it)
//! `If-Modified-Since` not older than `Last-Modified`, gets `304 Not Modified` and no body.

use super::*;

/// GitHub's caching headers on a successful GET, kept on a 304.
const CACHE_CONTROL: &str = "private, max-age=60, s-maxage=60";
const VARY: &str = "Accept, Authorization, Cookie, X-GitHub-OTP";

/// `W/"<32 hex digits>"`: two 64-bit FNV-1a hashes of the body, so that any change shows.
pub(super) fn etag(body: &[u8]) -> String {
    let fnv = |seed: u64| {
        body.iter().fold(seed, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    format!(
        "W/\"{:016x}{:016x}\"",
        fnv(0xcbf2_9ce4_8422_2325),
        mix(fnv(0x8422_2325_cbf2_9ce4))
    )
}

/// The opaque part of a tag: `If-None-Match` compares weakly, so `W/` does not count.
fn opaque(tag: &str) -> &str {
    tag.trim().trim_start_matches("W/")
}

/// Adds the validators to a 200 answer and turns it into a 304 when the client's copy is
/// still current. With `per_token`, the tag also depends on the token that asked.
pub(super) fn answer(reply: Reply, request: &RecordedRequest, per_token: bool) -> Reply {
    let mut tagged = reply.body_bytes();
    if per_token {
        tagged.extend_from_slice(server::token(request).unwrap_or_default().as_bytes());
    }
    let tag = etag(&tagged);
    let reply = reply
        .header("ETag", tag.clone())
        .header("Cache-Control", CACHE_CONTROL.to_owned())
        .header("Vary", VARY.to_owned());
    let current = match request.header("if-none-match") {
        Some(tags) => tags
            .split(',')
            .any(|t| t.trim() == "*" || opaque(t) == opaque(&tag)),
        None => {
            let since = request
                .header("if-modified-since")
                .and_then(clock::parse_http_date);
            let modified = reply
                .header_value("last-modified")
                .and_then(clock::parse_http_date);
            matches!((since, modified), (Some(since), Some(modified)) if modified <= since)
        }
    };
    if !current {
        return reply;
    }
    let kept = ["etag", "last-modified", "cache-control", "vary"];
    Reply {
        status: 304,
        json: None,
        text: String::new(),
        content_type: reply.content_type,
        headers: reply
            .headers
            .into_iter()
            .filter(|(name, _)| kept.contains(&name.to_ascii_lowercase().as_str()))
            .collect(),
    }
}
