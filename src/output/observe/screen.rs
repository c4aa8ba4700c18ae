//! A screen of text for `observe`'s human rendering: lines at most as wide
//! as the terminal (80 columns in a pipe), each part bounded, and a count of
//! what was left out so the last line can say how much and how to see it all.
//!
//! Every text added goes through [`clean`](crate::output::clean) here, so a
//! part's renderer cannot pass GitHub's or a file's bytes to the terminal
//! raw. The width is [`columns`](crate::output::columns::columns): a wide
//! terminal shows a whole table, and a pipe reads the same on every machine,
//! so a snapshot pins it.

use std::io::{self, Write};

use crate::output::{Style, clean_line};

#[derive(Clone, Copy)]
pub(crate) enum Look {
    Plain,
    Heading,
    Dim,
    /// Passed (green in colour).
    Good,
    /// Failed (red in colour, as gh shows a failing check).
    Bad,
    /// A diff's line: `+` green, `-` red, `@@` cyan, as git colours them.
    Diff,
}

/// The lines so far, and what was left out of them.
pub(crate) struct Screen {
    lines: Vec<(Look, String)>,
    /// Columns a line may take; longer ones are cut with `…`.
    width: usize,
    /// Lines of the payload not shown.
    left_out: usize,
    /// Lines shown cut at the width.
    cut: usize,
    /// `observe --all`: every item and line, long lines wrapped, not cut.
    all: bool,
    /// The kind drawn heeds `--all`, so the closing line may offer it.
    offers_all: bool,
}

impl Default for Screen {
    /// A pipe's screen: 80 columns.
    fn default() -> Screen {
        Screen::new(crate::output::columns::DEFAULT)
    }
}

impl Screen {
    /// An empty screen whose lines take at most `width` columns.
    pub(crate) fn new(width: usize) -> Screen {
        Screen {
            lines: Vec::new(),
            width,
            left_out: 0,
            cut: 0,
            all: false,
            offers_all: false,
        }
    }

    /// A screen whose kind heeds `--all` (a GitHub look's), so the closing
    /// line offers it when something was left out.
    pub(crate) fn offering_all(mut self, offers: bool) -> Screen {
        self.offers_all = offers;
        self
    }

    /// The same screen leaving nothing out (`observe --all`).
    pub(crate) fn showing_all(mut self, all: bool) -> Screen {
        self.all = all;
        self
    }

    /// How many of a part's items or lines to show: `usual`, or all of them.
    pub(crate) fn keep(&self, usual: usize) -> usize {
        match self.all {
            true => usize::MAX,
            false => usual,
        }
    }

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
                Look::Bad => style.bad(text),
                Look::Diff => diff_line(text, style),
            };
            writeln!(out, "{text}")?;
        }
        Ok(())
    }

    /// The closing line: how much was left out and how to see all of it,
    /// within the width (shorter words when the counts are long). When
    /// something was left out, `--all` comes first: it is one flag away.
    pub(crate) fn footer(&self, hash: &str) -> String {
        let left = match (self.left_out, self.cut) {
            (0, 0) => "nothing left out".to_string(),
            (0, cut) => format!("{} cut at {} columns", plural(cut, "line"), self.width),
            (lines, 0) => format!("{} left out", plural(lines, "line")),
            (lines, cut) => format!("{} left out, {cut} cut", plural(lines, "line")),
        };
        let all = match (self.left_out, self.cut, self.all, self.offers_all) {
            (0, 0, _, _) | (_, _, true, _) | (_, _, _, false) => "",
            _ => "--all, ",
        };
        // The longest wording that fits: a narrow terminal gets fewer words,
        // and at last the line cut, rather than a line wider than it.
        let wordings = [
            format!("{left}; all of it: {all}helm artifact show {hash}, or --json"),
            format!("{left}; all: {all}helm artifact show {hash}, --json"),
            format!("{left}; all: {all}helm artifact show {hash}"),
        ];
        let fits = wordings
            .iter()
            .find(|line| crate::output::width(line) <= self.width);
        match fits {
            Some(line) => line.clone(),
            None => crate::output::truncate(&wordings[2], self.width),
        }
    }

    fn push(&mut self, look: Look, text: &str) {
        let text = clean_line(text);
        if self.all {
            let mut pieces = wrap(&text, self.width).into_iter();
            let first = pieces.next().unwrap_or_default();
            let again = look_again(look);
            self.lines.push((look, first));
            for piece in pieces {
                self.lines.push((again, piece));
            }
            return;
        }
        let (line, cut) = fit(&text, self.width);
        self.cut += usize::from(cut);
        self.lines.push((look, line));
    }
}

/// The same look, for the next piece of a wrapped line.
fn look_again(look: Look) -> Look {
    match look {
        Look::Plain => Look::Plain,
        Look::Heading => Look::Heading,
        Look::Dim => Look::Dim,
        Look::Good => Look::Good,
        Look::Bad => Look::Bad,
        // A diff line's colour comes from its first character, which the
        // pieces after the first lack: they are painted as plain text.
        Look::Diff => Look::Plain,
    }
}

/// A diff line in git's colours: added green, removed red, a hunk cyan;
/// the file headers (`+++`, `---`) bold, as git draws them.
fn diff_line(text: &str, style: Style) -> String {
    if text.starts_with("+++") || text.starts_with("---") || text.starts_with("diff --git") {
        style.bold(text)
    } else if text.starts_with('+') {
        style.good(text)
    } else if text.starts_with('-') {
        style.bad(text)
    } else if text.starts_with("@@") {
        style.accent(text)
    } else {
        text.to_string()
    }
}

/// `text` in pieces of at most `width` columns (never splitting a
/// character); an empty text is one empty line.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut taken = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if taken + w > width && taken > 0 {
            pieces.push(String::new());
            taken = 0;
        }
        if let Some(last) = pieces.last_mut() {
            last.push(c);
        }
        taken += w;
    }
    pieces
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
        assert!(coloured.contains("\x1b[31m✗ lint"), "{coloured:?}");
    }

    #[test]
    fn all_wraps_long_lines_and_keeps_every_item() {
        let mut screen = Screen::new(20).showing_all(true);
        screen.line(&"x".repeat(45));
        assert_eq!(screen.keep(3), usize::MAX);
        assert_eq!(screen.lines.len(), 3);
        assert_eq!(screen.cut, 0);
        assert_eq!(wrap("日本語", 4), ["日本", "語"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn diff_lines_are_coloured_as_git_does() {
        let color = Style {
            color: true,
            terminal: true,
        };
        assert!(diff_line("+new", color).starts_with("\x1b[32m"));
        assert!(diff_line("-old", color).starts_with("\x1b[31m"));
        assert!(diff_line("@@ -1 +1 @@", color).starts_with("\x1b[36m"));
        assert_eq!(diff_line(" same", color), " same");
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
