//! How results reach the user. A command returns a [`Report`]; this module
//! prints it as human text or as one JSON document, from the same value, and
//! renders errors. Text that came from files or GitHub goes through
//! [`clean`] before it reaches a terminal, and a JSON document through
//! [`terminal_safe_json`] (into a pipe it is left byte for byte).

pub(crate) mod asked;
pub(crate) mod bounded;
pub(crate) mod brief;
pub(crate) mod columns;
pub(crate) mod documents;
pub(crate) mod entry;
pub(crate) mod error_doc;
pub(crate) mod interrupted;
pub(crate) mod lifecycle;
pub(crate) mod markdown;
mod markdown_escape;
pub(crate) mod observe;
pub(crate) mod page;
pub(crate) mod pager;
pub(crate) mod payload;
pub(crate) mod progress;
pub(crate) mod proposals;
pub(crate) mod proposed;
pub(crate) mod push_all;
pub(crate) mod rehearsal;
mod said;
pub(crate) mod search;
pub(crate) mod signed;
pub(crate) mod slate;
pub(crate) mod stderr;
mod stored;
pub(crate) mod story_json;
pub(crate) mod style;
pub(crate) mod sync;
pub(crate) mod texts;
pub(crate) mod threads;
pub(crate) mod traced;
pub(crate) mod verification;
pub(crate) mod voyage;

use std::io::{self, IsTerminal, Write};

use crate::error::{CommandLine, Error};
pub(crate) use crate::text::{clean, clean_line, when};
use crate::text::{is_hostile, is_invisible};

pub(crate) use style::{ColorWhen, Style};

/// A command's result, printable both ways.
pub(crate) trait Report {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()>;
    fn json(&self, out: &mut dyn Write) -> io::Result<()>;
    /// A short line for stderr, printed in both modes when present.
    fn status_line(&self) -> Option<String> {
        None
    }
    /// What the payload it shows marked as an untrusted author's, one line
    /// each (`egress::shown`): MCP gives them beside the result.
    fn untrusted(&self) -> Vec<String> {
        Vec::new()
    }
    /// A report can carry a failure (e.g. `voyage verify` finding problems).
    fn exit_code(&self) -> u8 {
        0
    }
}

/// Prints a report; a closed pipe downstream is not an error.
pub(crate) fn print(
    report: &dyn Report,
    json: bool,
    style: Style,
    stderr_note: bool,
) -> io::Result<()> {
    print_to(&mut io::stdout().lock(), report, json, style, stderr_note)
}

/// Prints a report into `out` (stdout, or a pager's input).
pub(crate) fn print_to(
    out: &mut dyn Write,
    report: &dyn Report,
    json: bool,
    style: Style,
    stderr_note: bool,
) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(64 * 1024, out);
    let result = if json && style.terminal {
        let mut document = Vec::new();
        report.json(&mut document).and_then(|_| {
            let safe = terminal_safe_json(&String::from_utf8_lossy(&document));
            out.write_all(safe.as_bytes())?;
            out.write_all(b"\n")
        })
    } else if json {
        report.json(&mut out).and_then(|_| out.write_all(b"\n"))
    } else {
        report.human(&mut out, style)
    };
    let result = result.and_then(|_| out.flush());
    if stderr_note {
        print_status(report);
    }
    match result {
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// A report's status line on stderr, its `warning:` styled as clap's.
pub(crate) fn print_status(report: &dyn Report) {
    if let Some(line) = report.status_line() {
        let stderr = Style {
            color: ColorWhen::Auto.colors(&io::stderr()),
            terminal: io::stderr().is_terminal(),
        };
        for line in clean(&line).lines() {
            match line.strip_prefix("warning: ") {
                Some(rest) => eprintln!("{} {rest}", stderr.warning_label()),
                None => eprintln!("{line}"),
            }
        }
    }
}

/// Writes a value as compact JSON.
pub(crate) fn write_json<T: serde::Serialize>(out: &mut dyn Write, value: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::other)
}

/// Prints an error: `error: …` and `hint: …` lines, or one JSON object.
pub(crate) fn print_error(err: &Error, json: bool) {
    let mut stderr = io::stderr().lock();
    // The command line names commands and flags (`helm voyage verify`, `--all`).
    let message = err.message().render(&CommandLine);
    let hint = err.hint_words().map(|hint| hint.render(&CommandLine));
    if json {
        let doc = error_doc::ErrorDoc::of(err, &message, hint.as_deref());
        let document = serde_json::to_string(&doc).unwrap_or_default();
        let document = match stderr.is_terminal() {
            true => terminal_safe_json(&document),
            false => document,
        };
        let _ = writeln!(stderr, "{document}");
    } else {
        // Styled as clap styles its own `error:`, under the same rules
        // (`--color`, NO_COLOR, CLICOLOR_FORCE, TERM=dumb), read for stderr.
        let style = Style {
            color: ColorWhen::Auto.colors(&io::stderr()),
            terminal: stderr.is_terminal(),
        };
        let _ = writeln!(stderr, "{} {}", style.error_label(), clean(&message));
        if let Some(hint) = hint {
            let _ = writeln!(stderr, "{} {}", style.hint_label(), clean(&hint));
        }
    }
}

/// Rewrites what a terminal would act on — control characters (C1 and DEL
/// among them) and bidi overrides — as `\uXXXX` escapes. In JSON as helm
/// writes it they only occur inside strings (newlines, tabs and returns may
/// also be whitespace between values, and are kept), so the document means
/// exactly the same.
pub(crate) fn terminal_safe_json(json: &str) -> String {
    if !json.chars().any(drives_a_terminal) {
        return json.to_string();
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if drives_a_terminal(c) {
            // Beyond the BMP (tag characters), JSON writes a surrogate pair.
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn drives_a_terminal(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r')) || is_invisible(c)
}

/// How long ago a timestamp was, in the largest whole unit: `5m`, `3h`, `2d`.
pub(crate) fn age(timestamp: &str) -> String {
    let Ok(then) = timestamp.parse::<jiff::Timestamp>() else {
        return "?".to_string();
    };
    let seconds = jiff::Timestamp::now().as_second() - then.as_second();
    match seconds.max(0) {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m", s / 60),
        s if s < 86_400 => format!("{}h", s / 3600),
        s => format!("{}d", s / 86_400),
    }
}

/// The first 12 hex digits of a hash, for humans. A stored hash can be any
/// text: the cut falls on a character boundary, and before the first
/// character that could drive a terminal.
pub(crate) fn short_hash(hash: &str) -> &str {
    let end = hash
        .char_indices()
        .take(12)
        .take_while(|(_, c)| !is_hostile(*c) && !is_invisible(*c))
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    &hash[..end]
}

/// Columns `text` takes on a terminal: a CJK character or an emoji takes
/// two, a combining mark none.
pub(crate) fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// Pads `text` to `width` columns, counted as a terminal shows them, so a
/// table with Japanese file names still lines up.
pub(crate) fn pad(text: &str, columns: usize) -> String {
    let taken = width(text);
    if taken >= columns {
        text.to_string()
    } else {
        format!("{text}{}", " ".repeat(columns - taken))
    }
}

/// Cuts `text` to at most `columns` columns, marking the cut with `…`.
pub(crate) fn truncate(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > columns {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// `steer` as a heading writes it: `Steer`.
pub(crate) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_neutralised() {
        assert_eq!(clean("ok\n\tfine"), "ok\n\tfine");
        assert_eq!(clean("\x1b[2Jgone\x07"), "\u{fffd}[2Jgone\u{fffd}");
        assert_eq!(clean("a\u{9b}b\u{202e}c"), "a\u{fffd}b<U+202E>c");
    }

    #[test]
    fn json_for_a_terminal_escapes_controls_and_bidi_only() {
        let original =
            serde_json::json!({"a": "x\u{85}\u{7f}\u{61c}\u{200f}\u{2067}é\n\u{200b}\u{e0041}"});
        let text = serde_json::to_string_pretty(&original).unwrap();
        let safe = terminal_safe_json(&text);
        assert!(safe.is_ascii() || safe.contains('é'));
        assert!(!safe.chars().any(drives_a_terminal), "{safe}");
        assert!(
            safe.contains("\\u0085\\u007f\\u061c\\u200f\\u2067é\\n\\u200b\\udb40\\udc41"),
            "{safe}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).unwrap(),
            original
        );
        assert_eq!(terminal_safe_json("{\n  \"a\": 1\n}"), "{\n  \"a\": 1\n}");
    }

    #[test]
    fn padding_and_cuts_count_columns_not_chars() {
        // Two columns each: a table of Japanese file names still lines up.
        assert_eq!(pad("日本", 6), "日本  ");
        assert_eq!(width(&pad("日本", 6)), width(&pad("ab", 6)));
        assert_eq!(pad("abc", 2), "abc");
        assert_eq!(truncate("日本語のファイル", 7), "日本語…");
        assert_eq!(truncate("short", 7), "short");
    }

    #[test]
    fn timestamps_read_as_utc() {
        assert_eq!(
            when("2026-11-21T22:41:03.123456Z"),
            "2026-11-21 22:41:03 UTC"
        );
        assert_eq!(
            when("2026-11-22T04:16:51.04161425Z"),
            "2026-11-22 04:16:51 UTC"
        );
        assert_eq!(when("2026-11-21T23:41:03+01:00"), "2026-11-21 22:41:03 UTC");
    }

    #[test]
    fn stored_text_is_never_passed_through_raw() {
        assert_eq!(
            when("\x1b[2J2026-11-21T22:41:03Z"),
            "\u{fffd}[2J2026-11-21T22:41:03Z"
        );
        assert_eq!(when("soon\u{9b}"), "soon\u{fffd}");
        assert_eq!(short_hash(&"aé".repeat(20)), "aéaéaéaéaéaé");
        assert_eq!(short_hash("abc\x1b[2J"), "abc");
        assert_eq!(short_hash("0123456789abcdef"), "0123456789ab");
        assert_eq!(short_hash(""), "");
    }
}
