//! Text from outside made safe to show, and times made readable: what every
//! layer that words something for people needs (sync's commit subjects,
//! warnings about a remote, the story), kept at the bottom so none of them
//! depends on the output layer for it.
//!
//! Two kinds of character never reach a person or an agent as they are:
//! control characters, which could drive a terminal, and [invisible
//! ones](is_invisible) (zero-width, bidi controls, tag characters), which
//! make text read otherwise than it is (a reversed line, a hidden
//! instruction). The stored artifact keeps them; only what is shown changes.

/// Neutralises control characters and escape sequences, keeping newlines and
/// tabs, so text from a file or an issue body cannot rewrite the terminal;
/// invisible characters are [made visible](visible) as `<U+202E>`.
pub fn clean(text: &str) -> String {
    // Printable ASCII, newlines and tabs (most of what a story shows) hold
    // nothing to write out: no need to decode it character by character.
    if text
        .bytes()
        .all(|b| printable(b) || b == b'\n' || b == b'\t')
        || !text.chars().any(|c| is_hostile(c) || is_invisible(c))
    {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_invisible(c) {
            push_visible(&mut out, c);
        } else if is_hostile(c) {
            out.push('\u{fffd}');
        } else {
            out.push(c);
        }
    }
    out
}

/// Control characters (but newline and tab) that a terminal acts on.
pub fn is_hostile(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// Characters that show nothing yet change how text reads: zero-width
/// spaces and joiners, bidi marks, embeddings, overrides and isolates, the
/// invisible operators, the byte-order mark, interlinear annotation marks and
/// the tag characters (U+E0000–U+E007F, which spell hidden ASCII). Emoji
/// joined with U+200D show their parts side by side: a small price for
/// never passing a hidden character on.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e007f}'
    )
}

/// `text` with every [invisible](is_invisible) character, and every control
/// character but newline, tab and return (C1 and DEL among them: what
/// [`clean`] replaces for a terminal), written out as `<U+XXXX>`, so a
/// reader sees that it is there and nothing reading it acts on it; `None`
/// when there is none (the common case, which allocates nothing).
pub fn visible(text: &str) -> Option<String> {
    let shown = |c: char| is_invisible(c) || (is_hostile(c) && c != '\r');
    if !text.chars().any(shown) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if shown(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Some(out)
}

fn push_visible(out: &mut String, c: char) {
    out.push_str(&format!("<U+{:04X}>", c as u32));
}

/// One line: newlines and tabs become spaces as well.
pub fn clean_line(text: &str) -> String {
    if text.bytes().all(printable) {
        return text.to_string();
    }
    clean(text).replace(['\n', '\t', '\r'], " ")
}

/// A byte of printable ASCII: never hostile, never invisible.
fn printable(b: u8) -> bool {
    (0x20..0x7f).contains(&b)
}

/// `2026-11-21T22:41:03.123456Z` → `2026-11-21 22:41:03 UTC`. Text that is
/// not a timestamp came from a file helm did not write: shown cleaned, never raw.
pub fn when(timestamp: &str) -> String {
    match timestamp.parse::<jiff::Timestamp>() {
        Ok(ts) => ts.strftime("%Y-%m-%d %H:%M:%S UTC").to_string(),
        Err(_) => clean_line(timestamp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_written_out() {
        assert_eq!(clean("a\u{200b}b\u{202e}c"), "a<U+200B>b<U+202E>c");
        assert_eq!(clean("tag\u{e0041}"), "tag<U+E0041>");
        assert_eq!(clean("\x1b[2J"), "\u{fffd}[2J");
        assert_eq!(visible("plain é"), None);
        assert_eq!(
            visible("\u{feff}x\u{2066}").as_deref(),
            Some("<U+FEFF>x<U+2066>")
        );
        assert_eq!(
            visible("\u{9b}31m\u{1b}[0m\u{7f}\r\n\t").as_deref(),
            Some("<U+009B>31m<U+001B>[0m<U+007F>\r\n\t")
        );
    }
}
