//! Conditional requests: the validators (`ETag`, `Last-Modified`) a GitHub
//! observation keeps for each request behind its payload, and the GETs that
//! send them back so GitHub can answer `304 Not Modified` (no body, no rate
//! limit). Knows nothing of payload shapes or of the voyage.

use http::header::{ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED};
use http::{HeaderMap, HeaderName, Method, StatusCode};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::client::{Answer, Client, JSON, MAX_PAGES, next_link, parse};
use super::error::GitHubError;

/// What GitHub said identifies one answer, and the request that got it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Validator {
    /// The request path, relative to the API base. For a listing of several
    /// pages, its last page.
    pub path: String,
    /// The media type asked for, when not GitHub's JSON (the unified diff).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    /// Pages the listing had, when more than one; each page keeps a
    /// validator of its own (payloads of an earlier helm kept only the last
    /// page's, and such a listing is fetched again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pages: Option<usize>,
}

impl Validator {
    fn from_headers(path: &str, accept: &str, headers: &HeaderMap) -> Validator {
        let header = |name: &HeaderName| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        Validator {
            path: path.to_string(),
            accept: (accept != JSON).then(|| accept.to_string()),
            etag: header(&ETAG),
            last_modified: header(&LAST_MODIFIED),
            pages: None,
        }
    }

    pub fn accept(&self) -> &str {
        self.accept.as_deref().unwrap_or(JSON)
    }

    /// Whether a conditional request can stand for this answer.
    pub fn usable(&self) -> bool {
        self.etag.is_some() || self.last_modified.is_some()
    }

    fn conditions(&self) -> Vec<(HeaderName, String)> {
        match (&self.etag, &self.last_modified) {
            (Some(tag), _) => vec![(IF_NONE_MATCH, tag.clone())],
            (None, Some(date)) => vec![(IF_MODIFIED_SINCE, date.clone())],
            (None, None) => Vec::new(),
        }
    }
}

/// An answer to a conditional GET.
pub enum Fetched<T> {
    /// 304: what was seen is still current.
    Unchanged,
    /// A new answer and its validator.
    Fresh(T, Validator),
}

/// A GET sent with `known`'s conditions: `Unchanged` on 304, else the
/// answer (successful or not) for the caller to judge.
pub async fn probe(client: &Client, known: &Validator) -> Result<Fetched<Answer>, GitHubError> {
    let answer = client
        .send_with(
            Method::GET,
            &known.path,
            known.accept(),
            None,
            &known.conditions(),
        )
        .await?;
    if answer.status == StatusCode::NOT_MODIFIED {
        return Ok(Fetched::Unchanged);
    }
    let validator = Validator::from_headers(&known.path, known.accept(), &answer.headers);
    Ok(Fetched::Fresh(answer, validator))
}

/// One resource as `T`, with its validator.
pub async fn get_one<T: DeserializeOwned>(
    client: &Client,
    path: &str,
) -> Result<(T, Validator), GitHubError> {
    let (answer, validator) = get_raw(client, path, JSON).await?;
    Ok((parse(answer)?, validator))
}

/// One answer (successful or not, for the caller to judge) and the
/// validator it carried.
pub async fn get_raw(
    client: &Client,
    path: &str,
    accept: &str,
) -> Result<(Answer, Validator), GitHubError> {
    let answer = client.send(Method::GET, path, accept, None).await?;
    let validator = Validator::from_headers(path, accept, &answer.headers);
    Ok((answer, validator))
}

/// Every page of a listing (up to [`MAX_PAGES`]): the items, whether the
/// listing was cut, and each page's validator (marked with the number of
/// pages when there were several), so that a re-observation can ask about
/// every page at once instead of following the pages one after another.
/// `pick` extracts the array from a wrapped page.
pub async fn get_listing<T: DeserializeOwned>(
    client: &Client,
    path: &str,
    pick: impl Fn(Value) -> Option<Value>,
) -> Result<(Vec<T>, bool, Vec<Validator>), GitHubError> {
    let separator = if path.contains('?') { '&' } else { '?' };
    let mut next = Some(format!("{path}{separator}per_page=100"));
    let mut items = Vec::new();
    let mut pages = 0;
    let mut validators = Vec::new();
    while let Some(url) = next.take() {
        if pages == MAX_PAGES {
            return Ok((items, true, mark_pages(validators)));
        }
        let (answer, seen) = get_raw(client, &url, JSON).await?;
        validators.push(seen);
        next = next_link(&answer.headers).map(|link| client.relative(&link));
        let page: Value = parse(answer)?;
        let array = pick(page).unwrap_or(Value::Array(Vec::new()));
        let page_items: Vec<T> = serde_json::from_value(array).map_err(GitHubError::shape)?;
        items.extend(page_items);
        pages += 1;
    }
    Ok((items, false, mark_pages(validators)))
}

/// Marks each page's validator with the number of pages, when several.
fn mark_pages(mut pages: Vec<Validator>) -> Vec<Validator> {
    let count = pages.len();
    if count > 1 {
        for page in &mut pages {
            page.pages = Some(count);
        }
    }
    pages
}

/// Whether the validators kept for a part can stand for it: every one
/// usable, and for a listing of several pages, one for every page.
pub fn complete(list: &[Validator]) -> bool {
    !list.is_empty()
        && list.iter().all(Validator::usable)
        && list.iter().all(|v| {
            v.pages.is_none_or(|pages| {
                let listing = listing_of(&v.path);
                list.iter()
                    .filter(|w| listing_of(&w.path) == listing)
                    .count()
                    == pages
            })
        })
}

/// The validators the freshness check asks about for a part: at most one
/// request per listing, so a listing of several pages is asked about by
/// its last page, where new items land.
pub fn for_check(list: &[Validator]) -> Vec<&Validator> {
    list.iter()
        .enumerate()
        .filter(|(at, v)| {
            v.pages.is_none()
                || !list[at + 1..]
                    .iter()
                    .any(|later| listing_of(&later.path) == listing_of(&v.path))
        })
        .map(|(_, v)| v)
        .collect()
}

/// A page's path without its `page` parameter: the listing it belongs to.
fn listing_of(path: &str) -> String {
    let Some((base, query)) = path.split_once('?') else {
        return path.to_string();
    };
    let kept: Vec<&str> = query
        .split('&')
        .filter(|param| !param.starts_with("page="))
        .collect();
    format!("{base}?{}", kept.join("&"))
}

/// A listing's validator from its last page seen: marked with the number of
/// pages when there were several.
pub fn listing_validator(seen: Option<Validator>, pages: usize) -> Validator {
    let mut validator = seen.unwrap_or(Validator {
        path: String::new(),
        accept: None,
        etag: None,
        last_modified: None,
        pages: None,
    });
    if pages > 1 {
        validator.pages = Some(pages);
    }
    validator
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str, pages: Option<usize>) -> Validator {
        Validator {
            path: path.into(),
            accept: None,
            etag: Some("W/\"x\"".into()),
            last_modified: None,
            pages,
        }
    }

    #[test]
    fn a_listing_of_several_pages_stands_only_with_every_page() {
        let first = page("/r/files?per_page=100", Some(3));
        let second = page("/r/files?per_page=100&page=2", Some(3));
        let third = page("/r/files?per_page=100&page=3", Some(3));
        let other = page("/r/status?per_page=100", None);
        let all = [first.clone(), second, third.clone(), other];
        assert!(complete(&all));
        // An earlier helm kept only the last page's validator.
        assert!(!complete(std::slice::from_ref(&third)));
        assert!(!complete(&[first.clone(), third.clone()]));
        // The freshness check asks about the last page only.
        let asked: Vec<&str> = for_check(&all).iter().map(|v| v.path.as_str()).collect();
        assert_eq!(
            asked,
            ["/r/files?per_page=100&page=3", "/r/status?per_page=100"]
        );
    }
}
