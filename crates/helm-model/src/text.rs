//! Text from outside made safe to show, and times made readable: what every
//! layer that words something for people needs (sync's commit subjects,
//! warnings about a remote, the story), kept at the bottom so none of them
//! depends on the output layer for it.

/// Neutralises control characters and escape sequences, keeping newlines and
/// tabs, so text from a file or an issue body cannot rewrite the terminal.
pub fn clean(text: &str) -> String {
    if !text.chars().any(is_hostile) {
        return text.to_string();
    }
    text.chars()
        .map(|c| if is_hostile(c) { '\u{fffd}' } else { c })
        .collect()
}

pub fn is_hostile(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// One line: newlines and tabs become spaces as well.
pub fn clean_line(text: &str) -> String {
    clean(text).replace(['\n', '\t', '\r'], " ")
}

/// `2026-11-21T22:41:03.123456Z` → `2026-11-21 22:41:03 UTC`. Text that is
/// not a timestamp came from a file helm did not write: shown cleaned, never raw.
pub fn when(timestamp: &str) -> String {
    match timestamp.parse::<jiff::Timestamp>() {
        Ok(ts) => ts.strftime("%Y-%m-%d %H:%M:%S UTC").to_string(),
        Err(_) => clean_line(timestamp),
    }
}
