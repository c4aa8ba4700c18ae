//! Markdown's escaping for the logbook (`markdown.rs`): text that came from
//! people or GitHub written so it renders as the words that were written,
//! never as markup (inline punctuation, a line that would start a block, a
//! heading's closing `#`, a code span of any text, a link only to the
//! configured forge).

use super::clean_line;

/// Escapes the punctuation that means something inside a line of Markdown
/// (emphasis, code, links, HTML, tables, strikethrough, entities, maths).
pub(super) fn escape_inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '$'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes one line that starts a block: leading spaces (an indented code
/// block) are dropped, and a start that would open a heading, quote, list,
/// rule or setext underline is defused.
pub(super) fn escape_line(line: &str) -> String {
    let line = line.trim_start();
    let escaped = escape_inline(line);
    if escaped.starts_with(['#', '>', '+', '-', '=']) {
        return format!("\\{escaped}");
    }
    let digits = escaped.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && escaped[digits..].starts_with(['.', ')']) {
        return format!("{}\\{}", &escaped[..digits], &escaped[digits..]);
    }
    escaped
}

/// Heading text on one line; a trailing `#` would be read as the heading's
/// closing sequence and dropped, so it is escaped.
pub(super) fn heading(text: &str) -> String {
    let mut text = escape_inline(clean_line(text).trim());
    if text.ends_with('#') {
        text.pop();
        text.push_str("\\#");
    }
    text
}

/// An inline code span that holds `text` literally, backticks included.
pub(super) fn code(text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with(['`', ' ']) || text.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// A web link as an autolink when it is a plain URL on `forge`, the origin
/// of the forge this machine is configured for; else a code span, which no
/// Markdown renderer makes a link of (a pulled entry's URL names any host).
pub(super) fn link(url: &str, forge: Option<&str>) -> String {
    let plain = (url.starts_with("https://") || url.starts_with("http://"))
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>'));
    let on_forge = forge
        .and_then(|origin| url.strip_prefix(origin))
        .is_some_and(|path| path.is_empty() || path.starts_with(['/', '#', '?']));
    if plain && on_forge {
        format!("<{url}>")
    } else {
        code(&clean_line(url))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_and_headings_hold_their_text() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("`x``"), "``` `x`` ```");
        assert_eq!(heading("close #"), "close \\#");
        assert_eq!(escape_line("   # not a heading"), "\\# not a heading");
        assert_eq!(escape_line("12) x"), "12\\) x");
        let forge = Some("https://github.com");
        assert_eq!(link("javascript:alert(1)", forge), "`javascript:alert(1)`");
    }

    #[test]
    fn only_an_address_on_the_configured_forge_is_a_link() {
        let forge = Some("https://github.com");
        let ours = "https://github.com/o/r/pull/45";
        assert_eq!(link(ours, forge), format!("<{ours}>"));
        for other in [
            "https://github.com.evil.example/o/r/pull/45",
            "https://github.com@evil.example/o",
            "http://github.com/o/r",
        ] {
            assert_eq!(link(other, forge), format!("`{other}`"), "{other}");
        }
        assert_eq!(link(ours, None), format!("`{ours}`"));
    }
}
