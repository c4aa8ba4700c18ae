//! Colour as the ecosystem does it. `--color auto` (the default) colours a
//! terminal unless `NO_COLOR` is set or `TERM=dumb`, and `CLICOLOR_FORCE`
//! colours even a pipe: the rules clap, cargo and gh follow, read by
//! `anstream` so helm and clap's own messages agree. `--color always` and
//! `--color never` override them. The styles are `anstyle`'s, the ones clap
//! draws its `error:` with, so helm's `error:` and `warning:` look like
//! clap's.

use anstyle::{AnsiColor, Effects};

/// `--color`: when output is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ColorWhen {
    // On a terminal, unless NO_COLOR is set or TERM=dumb; CLICOLOR_FORCE
    // colours a pipe too. (Plain comments: `--help` lists the values in one line.)
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// Whether a stream (stdout, stderr) is coloured.
    pub(crate) fn colors<S: anstream::stream::RawStream>(self, stream: &S) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => anstream::AutoStream::choice(stream) != anstream::ColorChoice::Never,
        }
    }

    /// Makes this the choice of every anstream writer in the process:
    /// clap's help and errors, and [`ColorWhen::Auto`] from here on.
    pub(crate) fn make_global(self) {
        let choice = match self {
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        };
        choice.write_global();
    }

    /// `--color WHEN` or `--color=WHEN` among raw arguments, read before
    /// clap parses them so clap's own errors follow it; the last one wins.
    pub(crate) fn from_args(args: &[std::ffi::OsString]) -> ColorWhen {
        let mut when = ColorWhen::Auto;
        let mut next_is_value = false;
        for arg in args {
            let arg = arg.to_string_lossy();
            let value = if next_is_value {
                next_is_value = false;
                Some(arg.as_ref())
            } else if arg == "--color" {
                next_is_value = true;
                None
            } else {
                arg.strip_prefix("--color=")
            };
            match value {
                Some("always") => when = ColorWhen::Always,
                Some("never") => when = ColorWhen::Never,
                Some("auto") => when = ColorWhen::Auto,
                _ => {}
            }
        }
        when
    }
}

/// How one stream's text is styled: plain unless `color`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub color: bool,
    /// stdout is a terminal: a JSON document is made safe for it.
    pub terminal: bool,
}

const BOLD: anstyle::Style = anstyle::Style::new().effects(Effects::BOLD);
const UNIQUE: anstyle::Style = anstyle::Style::new().bold().underline();
const DIM: anstyle::Style = anstyle::Style::new().effects(Effects::DIMMED);
const ACCENT: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));
const GOOD: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
const BAD: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
const WARN: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));
/// clap's `error:`: bold red.
const ERROR_LABEL: anstyle::Style = anstyle::Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
/// clap's `warning:`-like labels: bold yellow.
const WARNING_LABEL: anstyle::Style = anstyle::Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));
/// clap's `tip:`: green.
const HINT_LABEL: anstyle::Style = GOOD;

impl Style {
    fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.color {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }

    pub(crate) fn bold(&self, text: &str) -> String {
        self.paint(BOLD, text)
    }

    /// An id's shortest unique prefix: bold and underlined.
    pub(crate) fn unique(&self, text: &str) -> String {
        self.paint(UNIQUE, text)
    }

    pub(crate) fn dim(&self, text: &str) -> String {
        self.paint(DIM, text)
    }

    pub(crate) fn accent(&self, text: &str) -> String {
        self.paint(ACCENT, text)
    }

    pub(crate) fn good(&self, text: &str) -> String {
        self.paint(GOOD, text)
    }

    /// What failed, or a line a diff removes: red, as gh and git show them.
    pub(crate) fn bad(&self, text: &str) -> String {
        self.paint(BAD, text)
    }

    pub(crate) fn warn(&self, text: &str) -> String {
        self.paint(WARN, text)
    }

    /// `error:` as clap writes it.
    pub(crate) fn error_label(&self) -> String {
        self.paint(ERROR_LABEL, "error:")
    }

    /// `warning:` in clap's manner.
    pub(crate) fn warning_label(&self) -> String {
        self.paint(WARNING_LABEL, "warning:")
    }

    /// `hint:`, styled as clap styles its `tip:`.
    pub(crate) fn hint_label(&self) -> String {
        self.paint(HINT_LABEL, "hint:")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_is_read_before_clap_the_last_one_winning() {
        let args = |list: &[&str]| list.iter().map(Into::into).collect::<Vec<_>>();
        assert_eq!(ColorWhen::from_args(&args(&["helm"])), ColorWhen::Auto);
        assert_eq!(
            ColorWhen::from_args(&args(&["helm", "--color", "always", "x"])),
            ColorWhen::Always
        );
        assert_eq!(
            ColorWhen::from_args(&args(&["helm", "--color=always", "--color=never"])),
            ColorWhen::Never
        );
    }

    #[test]
    fn plain_unless_coloured_and_then_as_clap_styles_errors() {
        let plain = Style {
            color: false,
            terminal: true,
        };
        assert_eq!(plain.error_label(), "error:");
        let color = Style {
            color: true,
            terminal: true,
        };
        assert_eq!(color.error_label(), "\x1b[1m\x1b[31merror:\x1b[0m");
        assert_eq!(color.bold("x"), "\x1b[1mx\x1b[0m");
    }
}
