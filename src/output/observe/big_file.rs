//! The screen of a file too big to be held whole (a 20 MB log is exactly what people
//! observe): its first lines, read from the start of the packed payload and no further.
//! The payload was streamed into its frame and never held; here only its first
//! [`HEAD_BYTES`] are decompressed, the first file's path, size and encoding read from
//! them, and its content's first lines decoded from the JSON string as far as it goes.

use std::io::{self, Write};

use serde::Deserialize;

use super::screen::{Screen, plural};
use crate::storage::artifact::Frame;

/// How much of the payload is decompressed for the screen.
const HEAD_BYTES: usize = 256 << 10;

/// The lines shown, as for a small file's first file.
const LINES: usize = 20;

/// What precedes the first file's content: `{"files":[{"path", "size", "encoding",`.
#[derive(Deserialize)]
struct Opening {
    files: Vec<FirstFile>,
}

#[derive(Deserialize)]
struct FirstFile {
    path: String,
    size: u64,
    encoding: String,
}

/// Puts the first file's first lines on the screen; `false` when the payload's start
/// is not a file-contents payload this can read (the caller then says so).
pub(super) fn head(screen: &mut Screen, frame: &Frame) -> bool {
    let mut start = Bounded(Vec::with_capacity(HEAD_BYTES));
    // Stopping the decoder once the start is read is the point: its error then is ours.
    let _ = frame.decode_into(&mut start);
    let text = String::from_utf8_lossy(&start.0);
    let Some(at) = text.find("\"content\":\"") else {
        return false;
    };
    let content = at + "\"content\":\"".len();
    let Ok(opening) =
        serde_json::from_str::<Opening>(&format!("{}\"\"}}]}}", &text[..content - 1]))
    else {
        return false;
    };
    let Some(file) = opening.files.first() else {
        return false;
    };
    screen.heading(&format!(
        "{} ({}, {})",
        file.path,
        plural(file.size as usize, "byte"),
        file.encoding
    ));
    if file.encoding != "utf-8" {
        screen.line("  (binary: not shown; its bytes are in the JSON as base64)");
        return true;
    }
    let lines = first_lines(&text[content..], LINES);
    for line in &lines {
        screen.line(&format!("  {}", line.trim_end()));
    }
    screen.line(&format!(
        "  … its first {} shown, of {}",
        plural(lines.len(), "line"),
        crate::words::human_bytes(file.size)
    ));
    true
}

/// The first `count` lines of a JSON string's body (after its opening quote), decoded
/// as far as the text goes; a line cut by the end of the text is left out.
fn first_lines(body: &str, count: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut chars = body.chars();
    while lines.len() < count {
        let Some(c) = chars.next() else { break };
        let c = match c {
            '"' => {
                // The string's end: its last line, if it has one.
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                break;
            }
            '\\' => match chars.next() {
                Some('n') => '\n',
                Some('t') => '\t',
                Some('r') => '\r',
                Some('b') => '\u{8}',
                Some('f') => '\u{c}',
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    // A surrogate half or a cut escape: shown as unknown.
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or('\u{fffd}')
                }
                Some(other) => other,
                None => break,
            },
            c => c,
        };
        match c {
            '\n' => lines.push(std::mem::take(&mut line)),
            c => line.push(c),
        }
    }
    lines
}

/// A sink that takes [`HEAD_BYTES`] and then refuses more, stopping the decoder.
struct Bounded(Vec<u8>);

impl Write for Bounded {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let room = HEAD_BYTES - self.0.len();
        if room == 0 {
            return Err(io::Error::other("the screen has what it shows"));
        }
        let taken = buf.len().min(room);
        self.0.extend_from_slice(&buf[..taken]);
        Ok(taken)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::first_lines;

    #[test]
    fn a_strings_first_lines_are_decoded_and_a_cut_line_left_out() {
        let body = r#"one \"two\"\tthree\nfour \\ \u00e9\npart"#;
        assert_eq!(first_lines(body, 20), ["one \"two\"\tthree", "four \\ é"]);
        assert_eq!(first_lines("a\\nb\\nc\"}]}", 2), ["a", "b"]);
        assert_eq!(first_lines("a\\nlast\"}]}", 20), ["a", "last"]);
    }
}
