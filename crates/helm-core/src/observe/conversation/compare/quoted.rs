//! Who said what in a change line: a new comment's author and its first
//! line, bounded, so a reader of the line knows what was said and not only
//! that something was. The payload comes as the view's disclosure shows
//! it: a part by an author without push access is marked `untrusted` and
//! is said so here; under lockdown its text is withheld, and so not quoted.

use serde_json::Value;

/// The longest quote, in characters.
const QUOTE: usize = 80;

/// How many items a line names before "and N more".
pub(super) const NAMED: usize = 3;

/// `“first line…”`, marked `(untrusted)` when the view marks the part, or
/// `(untrusted, text withheld)`; empty when it says nothing.
pub(super) fn quote(item: &Value) -> String {
    let untrusted = item["untrusted"].as_bool() == Some(true);
    let body = item["body"].as_str().unwrap_or_default();
    if untrusted && body.starts_with("[withheld:") {
        return "(untrusted, text withheld)".to_string();
    }
    let mut lines = body.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or_default();
    let mut cut: String = first.chars().take(QUOTE).collect();
    if first.chars().count() > QUOTE || lines.next().is_some() {
        cut.push('…');
    }
    let cut = crate::model::text::visible(&cut).unwrap_or(cut);
    match (untrusted, cut.is_empty()) {
        (false, true) => String::new(),
        (true, true) => "(untrusted)".to_string(),
        (false, false) => format!("“{cut}”"),
        (true, false) => format!("(untrusted) “{cut}”"),
    }
}

/// The quotes of `added`, each with its author when `authors` > 1, the
/// first [`NAMED`] of them and "and N more".
pub(super) fn quotes(added: &[&Value], authors: usize) -> String {
    let mut said: Vec<String> = added
        .iter()
        .take(NAMED)
        .map(|item| {
            let quote = quote(item);
            let author = item["author"].as_str().unwrap_or("someone");
            match (authors > 1, quote.is_empty()) {
                (true, true) => author.to_string(),
                (true, false) => format!("{author} {quote}"),
                (false, _) => quote,
            }
        })
        .filter(|q| !q.is_empty())
        .collect();
    if added.len() > NAMED {
        said.push(format!("and {} more", added.len() - NAMED));
    }
    said.join("; ")
}

/// `a.rs, b.rs and 2 more`.
pub(super) fn names(all: &[String]) -> String {
    let mut named = all
        .iter()
        .take(NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if all.len() > NAMED {
        named.push_str(&format!(" and {} more", all.len() - NAMED));
    }
    named
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_quote_is_its_first_line_bounded_and_marked() {
        assert_eq!(quote(&json!({"body": "wait\n\nmore"})), "“wait…”");
        let long = "x".repeat(100);
        assert_eq!(quote(&json!({"body": long})).chars().count(), 83);
        assert_eq!(
            quote(&json!({"body": "run this", "untrusted": true})),
            "(untrusted) “run this”"
        );
        assert_eq!(
            quote(&json!({"body": "[withheld: eve has no push access; …]", "untrusted": true})),
            "(untrusted, text withheld)"
        );
        assert_eq!(quote(&json!({"body": "a\u{1b}[31mb"})), "“a<U+001B>[31mb”");
    }
}
