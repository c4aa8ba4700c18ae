//! How many columns a screen of human output may take: `COLUMNS` when set
//! (it wins, as for `ls` and `git`), else the width of the terminal stdout
//! is (`TIOCGWINSZ`), else 80. Read once per run, so every screen of one
//! command is cut at the same place, and a pipe reads the same as ever.

use std::sync::OnceLock;

/// The width of a pipe, a file, or a terminal that gives none.
pub(crate) const DEFAULT: usize = 80;

/// Narrower than this a screen cannot hold its own closing line.
const NARROWEST: usize = 20;

/// The columns this run's screens take.
pub(crate) fn columns() -> usize {
    static COLUMNS: OnceLock<usize> = OnceLock::new();
    *COLUMNS.get_or_init(|| {
        let variable = std::env::var("COLUMNS").ok();
        let (columns, warning) = choose(variable.as_deref(), terminal_width());
        if let Some(warning) = warning {
            crate::model::tell::note(&warning);
        }
        columns
    })
}

/// `COLUMNS` as given (a malformed one is named and passed over, as `ls`
/// does), else the terminal's width, else [`DEFAULT`]; never under
/// [`NARROWEST`].
fn choose(variable: Option<&str>, terminal: Option<usize>) -> (usize, Option<String>) {
    let fallback = terminal.unwrap_or(DEFAULT);
    let (columns, warning) = match variable.map(str::trim) {
        None | Some("") => (fallback, None),
        Some(text) => match text.parse::<usize>() {
            Ok(columns) if columns > 0 => (columns, None),
            _ => (
                fallback,
                Some(format!(
                    "ignoring COLUMNS={text:?}: not a positive number of columns \
                     (unset it, or set it to the terminal's width)"
                )),
            ),
        },
    };
    (columns.max(NARROWEST), warning)
}

/// The width of the terminal stdout is, when it is one and says.
#[cfg(unix)]
fn terminal_width() -> Option<usize> {
    use std::os::fd::AsRawFd;
    let stdout = std::io::stdout();
    // SAFETY: TIOCGWINSZ writes one `winsize` into the struct it is given,
    // which lives on this stack for the call; a descriptor that is no
    // terminal makes it fail, and then nothing is read from the struct.
    let size = unsafe {
        let mut size: libc::winsize = std::mem::zeroed();
        match libc::ioctl(stdout.as_raw_fd(), libc::TIOCGWINSZ, &mut size) {
            0 => size,
            _ => return None,
        }
    };
    // A pseudo-terminal nobody sized says 0.
    (size.ws_col > 0).then_some(usize::from(size.ws_col))
}

#[cfg(not(unix))]
fn terminal_width() -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_wins_then_the_terminal_then_eighty() {
        assert_eq!(choose(Some("140"), Some(100)), (140, None));
        assert_eq!(choose(None, Some(100)), (100, None));
        assert_eq!(choose(None, None), (80, None));
        assert_eq!(choose(Some(""), None), (80, None));
        assert_eq!(choose(Some("5"), None), (20, None));
        let (columns, warning) = choose(Some("wide"), Some(120));
        assert_eq!(columns, 120);
        assert!(warning.unwrap().contains("COLUMNS=\"wide\""));
        assert!(choose(Some("0"), None).1.is_some());
    }
}
