//! A line of a GitLab job log as the job page shows it. GitLab's runners
//! write for a terminal: colours and erasures as ANSI escapes (`ESC[32;1m`,
//! `ESC[0K`), progress redrawn on one line after `\r`, and collapsible
//! sections as marker lines (`ESC[0Ksection_start:…:name\rESC[0KHeader`),
//! which GitLab's own page hides. A tail kept as those bytes would show an
//! agent escape debris and every frame of a progress bar; so each kept line
//! is what a terminal leaves visible: the text after its last `\r`, without
//! escape sequences or other control characters (tabs stay). A line that
//! held only markup (a section's end) is no line of the log.

const ESC: char = '\u{1b}';

/// The visible text of one log line; `None` when nothing of it shows.
pub(crate) fn visible(line: &str) -> Option<String> {
    let mut shown = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ESC => skip_escape(&mut chars),
            // Back to the line's start: what follows is drawn over it.
            '\r' => shown.clear(),
            '\t' => shown.push(c),
            c if c.is_control() => {}
            c => shown.push(c),
        }
    }
    (!shown.trim().is_empty() || line.trim().is_empty()).then_some(shown)
}

/// Skips the rest of an escape sequence begun by ESC: a CSI (`[`, its
/// parameters, up to its final byte), an OSC (`]` up to BEL or `ESC \`), or
/// one character.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => {
            for c in chars.by_ref() {
                if ('\u{40}'..='\u{7e}').contains(&c) {
                    break;
                }
            }
        }
        Some(']') => {
            while let Some(c) = chars.next() {
                if c == '\u{7}' || (c == ESC && chars.next_if_eq(&'\\').is_some()) {
                    break;
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn a_line_is_what_the_terminal_leaves_visible() {
        assert_eq!(
            visible("\u{1b}[32;1mChecking out 1a2b3c\u{1b}[0;m").as_deref(),
            Some("Checking out 1a2b3c")
        );
        assert_eq!(
            visible("Downloading 10%\rDownloading 100%").as_deref(),
            Some("Downloading 100%")
        );
        assert_eq!(
            visible("\u{1b}[0Ksection_start:1700000000:step_script\r\u{1b}[0K\u{1b}[36;1mExecuting \"step_script\"\u{1b}[0;m").as_deref(),
            Some("Executing \"step_script\"")
        );
        assert_eq!(
            visible("\u{1b}[0Ksection_end:1700000001:step_script\r\u{1b}[0K"),
            None
        );
        assert_eq!(
            visible("\u{1b}]8;;http://x\u{7}link\u{1b}]8;;\u{1b}\\ and\ta bell\u{7}").as_deref(),
            Some("link and\ta bell")
        );
        assert_eq!(visible("").as_deref(), Some(""), "an empty line is a line");
    }
}
