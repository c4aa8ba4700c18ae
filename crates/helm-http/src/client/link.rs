//! Pagination as GitHub and Forgejo give it (RFC 8288): the `Link`
//! header's next page.

use http::HeaderMap;

/// The `rel="next"` URL of a `Link` header.
pub fn next_link(headers: &HeaderMap) -> Option<String> {
    let link = headers.get(http::header::LINK)?.to_str().ok()?;
    link.split(',').find_map(|part| {
        let (url, params) = part.split_once(';')?;
        let is_next = params
            .split(';')
            .any(|p| p.trim().replace(' ', "") == "rel=\"next\"");
        is_next.then(|| {
            url.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_next_link() {
        let mut headers = HeaderMap::new();
        headers.insert(
            http::header::LINK,
            "<http://h/x?page=1>; rel=\"prev\", <http://h/x?page=3>; rel=\"next\", <http://h/x?page=9>; rel=\"last\""
                .parse()
                .unwrap(),
        );
        assert_eq!(next_link(&headers).as_deref(), Some("http://h/x?page=3"));
        assert_eq!(next_link(&HeaderMap::new()), None);
    }
}
