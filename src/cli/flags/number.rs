//! An issue or pull request number as people type it: `42`, `#42` (as
//! GitHub writes references), or the URL a browser shows
//! (`https://github.com/OWNER/NAME/pull/45`, with anything after the
//! number, such as `/files` or `#issuecomment-1`). A URL names the
//! repository too.

use crate::model::Repo;

/// The number, and the repository a URL named.
pub(super) fn parse(text: &str) -> Result<(u64, Option<Repo>), String> {
    let text = text.trim();
    if let Some(rest) = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
    {
        return from_url(rest).ok_or_else(|| {
            format!(
                "'{text}' is not an issue or pull request URL: expected \
                 https://HOST/OWNER/NAME/issues/N or .../pull/N"
            )
        });
    }
    let digits = text.strip_prefix('#').unwrap_or(text);
    match digits.parse::<u64>() {
        Ok(number) if number > 0 && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Ok((number, None))
        }
        _ => Err(format!(
            "'{text}' is not an issue or pull request number: expected 42, #42 or its URL"
        )),
    }
}

/// `HOST/OWNER/NAME/(issues|pull)/N[/…][?…][#…]`.
fn from_url(rest: &str) -> Option<(u64, Option<Repo>)> {
    let rest = rest.split(['?', '#']).next()?;
    let mut parts = rest.split('/');
    let _host = parts.next().filter(|host| !host.is_empty())?;
    let owner = parts.next()?;
    let name = parts.next()?;
    let kind = parts.next()?;
    if !matches!(kind, "issues" | "pull" | "pulls") {
        return None;
    }
    let number = parts.next()?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = number.parse::<u64>().ok().filter(|n| *n > 0)?;
    let repo = Repo::parse(&format!("{owner}/{name}"))?;
    Some((number, Some(repo)))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn numbers_come_as_people_type_them() {
        assert_eq!(parse("42").unwrap(), (42, None));
        assert_eq!(parse("#42").unwrap(), (42, None));
        for url in [
            "https://github.com/o/r/pull/45",
            "https://github.com/o/r/pull/45/files",
            "https://github.com/o/r/issues/45#issuecomment-9",
            "https://ghe.example.com/o/r/pull/45?w=1",
        ] {
            let (number, repo) = parse(url).unwrap();
            assert_eq!(number, 45, "{url}");
            assert_eq!(repo.unwrap().to_string(), "o/r", "{url}");
        }
        for bad in [
            "",
            "#",
            "0",
            "-1",
            "4 2",
            "+42",
            "x",
            "##42",
            "https://github.com/o/r",
            "https://github.com/o/r/commits/4",
            "https://github.com/o/r/pull/x",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} parsed");
        }
    }
}
