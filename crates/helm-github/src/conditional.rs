//! Conditional requests: the validators (`ETag`, `Last-Modified`, kept in
//! helm-forge's [`Validator`]) a GitHub observation keeps for each request
//! behind its payload, and the GETs that send them back so GitHub can answer
//! `304 Not Modified` (no body, no rate limit). Knows nothing of payload
//! shapes or of the voyage.

use helm_forge::Validator;
use http::header::{ETAG, IF_MODIFIED_SINCE, IF_NONE_MATCH, LAST_MODIFIED};
use http::{HeaderMap, HeaderName, Method, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::client::{Answer, Client, JSON, MAX_PAGES, next_link, parse};
use super::error::GitHubError;

/// A validator of GitHub's answer to `path` (asked as `accept`): the tags
/// its headers carried.
fn validator(path: &str, accept: &str, headers: &HeaderMap) -> Validator {
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
        page: None,
        items: None,
    }
}

/// What GitHub's requests read of a validator: the media type asked (GitHub's
/// JSON unless it says otherwise) and the conditions sent back.
pub(crate) trait Asking {
    fn accept(&self) -> &str;
    fn conditions(&self) -> Vec<(HeaderName, String)>;
}

impl Asking for Validator {
    fn accept(&self) -> &str {
        self.accept.as_deref().unwrap_or(JSON)
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
pub(crate) enum Fetched {
    /// 304: what was seen is still current.
    Unchanged,
    /// Any other answer (successful or not): a remembering client keeps it
    /// for the read that follows, which judges it.
    Fresh,
}

/// A GET sent with `known`'s conditions: `Unchanged` on 304, else `Fresh`.
pub(crate) async fn probe(client: &Client, known: &Validator) -> Result<Fetched, GitHubError> {
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
    Ok(Fetched::Fresh)
}

/// One resource as `T`, with its validator.
pub(crate) async fn get_one<T: DeserializeOwned>(
    client: &Client,
    path: &str,
) -> Result<(T, Validator), GitHubError> {
    let (answer, validator) = get_raw(client, path, JSON).await?;
    Ok((parse(answer)?, validator))
}

/// One answer (successful or not, for the caller to judge) and the
/// validator it carried.
pub(crate) async fn get_raw(
    client: &Client,
    path: &str,
    accept: &str,
) -> Result<(Answer, Validator), GitHubError> {
    let answer = client.send(Method::GET, path, accept, None).await?;
    let validator = validator(path, accept, &answer.headers);
    Ok((answer, validator))
}

/// Items asked for per page: GitHub's most.
const PER_PAGE: usize = 100;

/// Every page of a listing (up to [`MAX_PAGES`]), as GitHub sent them, with
/// whether the listing was cut and each page's validator (numbered, with its
/// item count), so that a re-observation or the freshness check can ask
/// about every page at once. `pick` finds the items in a page (the page
/// itself, or an array inside a wrapped page).
///
/// Where the last page is full, the page after it is read as well: the
/// next item would land there, and the pages before would all still answer
/// 304. Its validator (an empty page) is kept with the others, so a new page
/// is seen like any other change.
pub(crate) async fn get_pages(
    client: &Client,
    path: &str,
    pick: impl Fn(&Value) -> Option<&Value>,
) -> Result<(Vec<Value>, bool, Vec<Validator>), GitHubError> {
    let separator = if path.contains('?') { '&' } else { '?' };
    let first = format!("{path}{separator}per_page={PER_PAGE}");
    let mut pages = Vec::new();
    let mut validators = Vec::new();
    let truncated = read_on(
        client,
        &first,
        Some(first.clone()),
        &pick,
        &mut |page, seen| {
            pages.push(page);
            validators.push(seen);
        },
    )
    .await?;
    Ok((pages, truncated, validators))
}

/// Reads pages from `next` on (the listing's first page being `first`),
/// following GitHub's `Link`, and past a last page that is full, handing
/// each page and its numbered validator to `take` (which has `done` pages
/// before them). Whether the listing was cut at [`MAX_PAGES`].
async fn read_on(
    client: &Client,
    first: &str,
    mut next: Option<String>,
    pick: &impl Fn(&Value) -> Option<&Value>,
    take: &mut impl FnMut(Value, Validator),
) -> Result<bool, GitHubError> {
    read_after(client, first, &mut next, Vec::new(), pick, take).await
}

async fn read_after(
    client: &Client,
    first: &str,
    next: &mut Option<String>,
    mut validators: Vec<Validator>,
    pick: &impl Fn(&Value) -> Option<&Value>,
    take: &mut impl FnMut(Value, Validator),
) -> Result<bool, GitHubError> {
    while let Some(url) = next.take() {
        if validators.len() == MAX_PAGES {
            return Ok(true);
        }
        let (page, seen, link) = read_page(client, &url, validators.len() + 1, pick).await?;
        validators.push(seen.clone());
        take(page, seen);
        let beyond = || format!("{first}&page={}", validators.len() + 1);
        *next = link.or_else(|| full(&validators).then(beyond));
    }
    Ok(false)
}

/// Page `number` of a listing at `url`: the page, its validator (numbered,
/// with its item count) and the next page GitHub links to.
async fn read_page(
    client: &Client,
    url: &str,
    number: usize,
    pick: &impl Fn(&Value) -> Option<&Value>,
) -> Result<(Value, Validator, Option<String>), GitHubError> {
    let (answer, mut seen) = get_raw(client, url, JSON).await?;
    let link = next_link(&answer.headers).map(|link| client.relative(&link));
    let page: Value = parse(answer)?;
    seen.page = Some(number);
    seen.items = Some(pick(&page).and_then(Value::as_array).map_or(0, Vec::len));
    Ok((page, seen, link))
}

/// A listing of whole-array pages read again after a conditional round
/// ([`probe`]): a page of `seen` that answered 304 (`unchanged`) keeps its
/// items from `items` (the listing as it was, page after page), every other
/// page is read (its 200 is remembered: no second request), and the pages
/// after them as far as GitHub links or the last page is full, as
/// [`get_pages`] would. `fresh` turns a page read now into items. The
/// items, whether the listing was cut, and each page's validator; `None`
/// when `seen` is not a complete listing of `items` (read it whole).
pub(crate) async fn get_pages_again(
    client: &Client,
    seen: &[Validator],
    items: &[Value],
    unchanged: impl Fn(&Validator) -> bool,
    fresh: impl Fn(Value) -> Result<Vec<Value>, GitHubError>,
) -> Result<Option<(Vec<Value>, bool, Vec<Validator>)>, GitHubError> {
    let counted: Option<usize> = seen.iter().map(|v| v.items).sum();
    let numbered = seen
        .iter()
        .enumerate()
        .all(|(at, v)| v.page == Some(at + 1) && v.accept.is_none());
    if counted != Some(items.len()) || !numbered || !complete(seen) {
        return Ok(None);
    }
    let mut listed: Vec<Value> = Vec::new();
    let mut validators: Vec<Validator> = Vec::new();
    let mut next = None;
    let mut offset = 0;
    for validator in seen {
        let count = validator.items.unwrap_or(0);
        let before = &items[offset..offset + count];
        offset += count;
        if unchanged(validator) {
            listed.extend_from_slice(before);
            validators.push(validator.clone());
            next = None;
            continue;
        }
        let (page, read, link) =
            read_page(client, &validator.path, validators.len() + 1, &whole).await?;
        listed.extend(fresh(page)?);
        validators.push(read);
        next = link;
        // The listing ends here now: what was after it has moved up.
        if next.is_none() && !full(&validators) {
            return Ok(Some((listed, false, validators)));
        }
    }
    // A last page that is full now: the next item would be on the page after.
    if next.is_none() && full(&validators) {
        next = Some(format!("{}&page={}", seen[0].path, validators.len() + 1));
    }
    let mut more = Vec::new();
    let truncated = read_after(
        client,
        &seen[0].path,
        &mut next,
        validators.clone(),
        &whole,
        &mut |page, read| more.push((page, read)),
    )
    .await?;
    for (page, read) in more {
        listed.extend(fresh(page)?);
        validators.push(read);
    }
    Ok(Some((listed, truncated, validators)))
}

/// The items of a page that is itself the array.
pub(crate) fn whole(page: &Value) -> Option<&Value> {
    Some(page)
}

/// Every item of a listing as `T` (see [`get_pages`]): the items, whether
/// the listing was cut, and each page's validator.
pub(crate) async fn get_listing<T: DeserializeOwned>(
    client: &Client,
    path: &str,
    pick: impl Fn(&Value) -> Option<&Value>,
) -> Result<(Vec<T>, bool, Vec<Validator>), GitHubError> {
    let (pages, truncated, validators) = get_pages(client, path, &pick).await?;
    let mut items = Vec::new();
    for page in &pages {
        let array = pick(page).cloned().unwrap_or(Value::Array(Vec::new()));
        let page_items: Vec<T> = serde_json::from_value(array).map_err(GitHubError::shape)?;
        items.extend(page_items);
    }
    Ok((items, truncated, validators))
}

/// Whether the last of a listing's pages is full: then the next item
/// would start a page of its own. GitHub fills every page but the last
/// with what was asked; a server that pages smaller is judged by its
/// first page.
fn full(pages: &[Validator]) -> bool {
    let count = |v: &Validator| v.items.unwrap_or(0);
    match pages {
        [] => false,
        [only] => count(only) >= PER_PAGE,
        [first, .., last] => count(last) >= PER_PAGE.min(count(first)),
    }
}

/// Whether the validators kept for a part can stand for it: every one
/// usable, and every listing complete: its pages numbered from 1 with their
/// item counts, ending on a page that is not full. (Payloads of an earlier
/// helm kept only the last page's validator, or no counts; such a part is
/// fetched again.) A listing cut at [`MAX_PAGES`] stands with its pages:
/// a re-observation would not read further either.
pub(crate) fn complete(list: &[Validator]) -> bool {
    if list.is_empty() || !list.iter().all(Validator::usable) {
        return false;
    }
    let mut run: Vec<Validator> = Vec::new();
    for validator in list {
        let paged = validator.page.is_some() || validator.path.contains("per_page=");
        let counted = validator.items.is_some();
        match validator.page {
            _ if !paged => {
                if open(&run) {
                    return false;
                }
                run.clear();
            }
            Some(page) if counted && page == run.len() + 1 => run.push(validator.clone()),
            Some(1) if counted => {
                if open(&run) {
                    return false;
                }
                run = vec![validator.clone()];
            }
            _ => return false,
        }
    }
    !open(&run)
}

/// A listing whose next item would go unseen: its last page full, and
/// nothing read after it (unless it was cut at the page limit).
fn open(run: &[Validator]) -> bool {
    full(run) && run.len() < MAX_PAGES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(path: &str, page: Option<usize>, items: Option<usize>) -> Validator {
        Validator {
            path: path.into(),
            accept: None,
            etag: Some("W/\"x\"".into()),
            last_modified: None,
            page,
            items,
        }
    }

    #[test]
    fn a_listing_stands_only_with_every_page_and_a_last_one_not_full() {
        let first = page("/r/files?per_page=100", Some(1), Some(100));
        let second = page("/r/files?per_page=100&page=2", Some(2), Some(100));
        let third = page("/r/files?per_page=100&page=3", Some(3), Some(7));
        let other = page("/r/status?per_page=100", Some(1), Some(3));
        let single = page("/r/pulls/7", None, None);
        let all = [first.clone(), second.clone(), third.clone(), other, single];
        assert!(complete(&all));
        // A page missing, or a full last page with nothing read after it.
        assert!(!complete(&[first.clone(), third.clone()]));
        assert!(!complete(&[first.clone(), second.clone()]));
        let empty = page("/r/files?per_page=100&page=3", Some(3), Some(0));
        assert!(complete(&[first.clone(), second, empty]));
        // An earlier helm kept no page numbers or counts.
        assert!(!complete(&[page("/r/files?per_page=100", None, None)]));
        assert!(!complete(&[page(
            "/r/files?per_page=100&page=3",
            None,
            Some(3)
        )]));
        // A listing cut at the page limit stands as it was read.
        let cut: Vec<Validator> = (1..=MAX_PAGES)
            .map(|n| {
                page(
                    &format!("/r/files?per_page=100&page={n}"),
                    Some(n),
                    Some(100),
                )
            })
            .collect();
        assert!(complete(&cut));
        // Nothing to send: no tag, no date.
        let mut bare = third;
        bare.etag = None;
        assert!(!complete(&[bare]));
    }

    #[test]
    fn a_page_is_full_when_it_holds_as_many_as_asked_or_as_the_first() {
        let counts = |items: &[usize]| -> Vec<Validator> {
            items
                .iter()
                .enumerate()
                .map(|(at, n)| page("/l?per_page=100", Some(at + 1), Some(*n)))
                .collect()
        };
        assert!(full(&counts(&[100])));
        assert!(!full(&counts(&[99])));
        assert!(!full(&counts(&[0])));
        assert!(full(&counts(&[100, 100])));
        assert!(!full(&counts(&[100, 50])));
        // A server paging by 2.
        assert!(full(&counts(&[2, 2])));
        assert!(!full(&counts(&[2, 1])));
    }
}
