//! A screen of text for `observe`'s human rendering: lines at most
//! [`WIDTH`] columns, each part bounded, and a count of what was left out so
//! the last line can say how much and how to see it all.
//!
//! Every text added goes through [`clean`](crate::output::clean) here, so a
//! part's renderer cannot pass GitHub's or a file's bytes to the terminal
//! raw. The width is fixed, not the terminal's: the content is the same on a
//! terminal and in a pipe, and a snapshot pins it.

use std::io::{self, Write};

use crate::output::{Style, clean_line};

/// Columns a line may take; longer ones are cut with `…`.
pub(crate) const WIDTH: usize = 80;

pub(crate) enum Look {
    Plain,
    Heading,
    Dim,
    /// Passed (green in colour).
    Good,
    /// Failed (yellow in colour, as helm's warnings).
    Bad,
}

/// The lines so far, and what was left out of them.
#[derive(Default)]
pub(crate) struct Screen {
    lines: Vec<(Look, String)>,
    /// Lines of the payload not shown.
    left_out: usize,
    /// Lines shown cut at [`WIDTH`].
    cut: usize,
}

impl Screen {
    /// One line of text (cleaned, cut to the width).
    pub(crate) fn line(&mut self, text: &str) {
        self.push(Look::Plain, text);
    }

    /// A line in a look of its own (a check that passed or failed).
    pub(crate) fn styled(&mut self, look: Look, text: &str) {
        self.push(look, text);
    }

    /// A part's heading: a blank line, then the heading (bold in colour).
    pub(crate) fn heading(&mut self, text: &str) {
        if !self.lines.is_empty() {
            self.lines.push((Look::Plain, String::new()));
        }
        self.push(Look::Heading, text);
    }

    /// A line saying what this part left out (dim in colour); counts `lines`.
    pub(crate) fn omitted(&mut self, lines: usize, text: &str) {
        self.left_out += lines;
        self.push(Look::Dim, text);
    }

    /// Counts lines left out without saying so here.
    pub(crate) fn skip(&mut self, lines: usize) {
        self.left_out += lines;
    }

    /// At most `max` lines of a text (a body, a file), each indented; the
    /// rest counted and said in one line.
    pub(crate) fn text(&mut self, text: &str, indent: &str, max: usize) {
        let lines: Vec<&str> = text.lines().collect();
        let shown = lines.len().min(max);
        for line in &lines[..shown] {
            self.line(&format!("{indent}{}", line.trim_end()));
        }
        let rest = lines.len() - shown;
        if rest > 0 {
            self.omitted(rest, &format!("{indent}… {}", plural(rest, "more line")));
        }
    }

    /// The same, keeping the last `max` lines (a log's tail).
    pub(crate) fn tail(&mut self, lines: &[String], indent: &str, max: usize) {
        let start = lines.len().saturating_sub(max);
        if start > 0 {
            self.omitted(
                start,
                &format!("{indent}… {}", plural(start, "earlier line")),
            );
        }
        for line in &lines[start..] {
            self.line(&format!("{indent}{}", line.trim_end()));
        }
    }

    #[cfg(test)]
    pub(crate) fn left_out(&self) -> usize {
        self.left_out
    }

    pub(crate) fn write(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        for (look, text) in &self.lines {
            let text = match look {
                Look::Plain => text.clone(),
                Look::Heading => style.bold(text),
                Look::Dim => style.dim(text),
                Look::Good => style.good(text),
                Look::Bad => style.warn(text),
            };
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// The closing line: how much was left out and how to see all of it,
    /// in 80 columns (shorter words when the counts are long).
    pub(crate) fn footer(&self, hash: &str) -> String {
        let left = match (self.left_out, self.cut) {
            (0, 0) => "nothing left out".to_string(),
            (0, cut) => format!("{} cut at {WIDTH} columns", plural(cut, "line")),
            (lines, 0) => format!("{} left out", plural(lines, "line")),
            (lines, cut) => format!("{} left out, {cut} cut", plural(lines, "line")),
        };
        let line = format!("{left}; all of it: helm artifact show {hash}, or --json");
        match crate::output::width(&line) <= WIDTH {
            true => line,
            false => format!("{left}; all: helm artifact show {hash} or --json"),
        }
    }

    fn push(&mut self, look: Look, text: &str) {
        let (line, cut) = fit(&clean_line(text), WIDTH);
        self.cut += usize::from(cut);
        self.lines.push((look, line));
    }
}

/// `text` cut to `width` columns (its last one a `…`), and whether it was.
fn fit(text: &str, width: usize) -> (String, bool) {
    let cut = crate::output::width(text) > width;
    (crate::output::truncate(text, width), cut)
}

/// `1 comment`, `3 comments`; `1 status`, `2 statuses`; `1 entry`, `2 entries`.
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if noun.ends_with('s') {
        format!("{n} {noun}es")
    } else if let Some(stem) = noun.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cleaned_and_cut_by_columns() {
        let mut screen = Screen::default();
        screen.line("a\x1b[2Jb\u{202e}c");
        screen.line(&"日本".repeat(30));
        let mut out = Vec::new();
        let plain = Style {
            color: false,
            terminal: false,
        };
        screen.write(&mut out, plain).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // A terminal escape is broken; a bidi override is written out.
        assert_eq!(lines[0], "a\u{fffd}[2Jb<U+202E>c");
        // Two-column characters: the last that fits, then the `…`.
        assert_eq!(crate::output::width(lines[1]), 79, "{}", lines[1]);
        assert!(lines[1].ends_with('…'));
        assert_eq!(screen.cut, 1);
    }

    #[test]
    fn headings_and_check_outcomes_are_styled_only_in_colour() {
        let mut screen = Screen::default();
        screen.heading("checks");
        screen.styled(Look::Good, "✓ test  success");
        screen.styled(Look::Bad, "✗ lint  failure");
        let render = |color| {
            let mut out = Vec::new();
            let style = Style {
                color,
                terminal: true,
            };
            screen.write(&mut out, style).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(render(false), "checks\n✓ test  success\n✗ lint  failure\n");
        let coloured = render(true);
        assert!(coloured.contains("\x1b[1mchecks"), "{coloured:?}");
        assert!(coloured.contains("\x1b[32m✓ test"), "{coloured:?}");
        assert!(coloured.contains("\x1b[33m✗ lint"), "{coloured:?}");
    }

    #[test]
    fn bounded_text_counts_what_it_leaves_out() {
        let mut screen = Screen::default();
        screen.text("1\n2\n3\n4\n5", "  ", 3);
        screen.tail(&["a".into(), "b".into(), "c".into()], "", 1);
        assert_eq!(screen.left_out(), 4);
        assert!(
            screen
                .footer("abc")
                .starts_with("4 lines left out; all of it: ")
        );
    }
}
