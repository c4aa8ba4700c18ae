//! A pager for long human output (`voyage show`, `voyage brief`, `artifact
//! show`, `observe`), where gh and jj use one: `$HELM_PAGER`, else `$PAGER`,
//! else `less -FRX` (which quits at once when the text fits a screen, keeps
//! colour and leaves the text on the screen). Only when stdout is a
//! terminal and `--json` is off: agents and scripts never meet it.
//! `--no-pager`, or `HELM_PAGER` (or `PAGER`) set empty, turns it off, and
//! so does `TERM=dumb` (an Emacs shell, a CI log): `less` there only says
//! the terminal is not fully functional and waits for RETURN.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

/// The pager helm uses when neither variable is set.
pub(crate) const DEFAULT: &str = "less -FRX";

/// The pager command line `HELM_PAGER`, `PAGER` and the default give, or
/// `None` when one of them is set empty, or when neither is set and `less`
/// is not installed (a slim container): the output then goes straight out
/// rather than into a shell saying `less: not found`. `None` too on a
/// terminal that says it is dumb.
pub(crate) fn command() -> Option<String> {
    if std::env::var_os("TERM").is_some_and(|term| term == "dumb") {
        return None;
    }
    let less = on_path("less", std::env::var_os("PATH"));
    choose(
        std::env::var_os("HELM_PAGER"),
        std::env::var_os("PAGER"),
        less,
    )
}

fn choose(helm: Option<OsString>, pager: Option<OsString>, less: bool) -> Option<String> {
    let given = helm.or(pager);
    match given {
        None => less.then(|| DEFAULT.to_string()),
        Some(value) => {
            let value = value.to_string_lossy().trim().to_string();
            (!value.is_empty()).then_some(value)
        }
    }
}

/// Whether `program` is a file in one of `path`'s folders.
fn on_path(program: &str, path: Option<OsString>) -> bool {
    path.is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// A running pager: what is written to it is what the person reads.
pub(crate) struct Pager {
    child: Child,
    input: ChildStdin,
}

impl Pager {
    /// Starts `command` through `sh -c`, as git and gh run `$PAGER` (it may
    /// carry arguments). `LESS` gets `FRX` when unset, so a plain `less`
    /// behaves as the default does.
    pub(crate) fn spawn(command: &str) -> io::Result<Pager> {
        let mut shell = Command::new("sh");
        shell.arg("-c").arg(command).stdin(Stdio::piped());
        if std::env::var_os("LESS").is_none() {
            shell.env("LESS", "FRX");
        }
        let mut child = shell.spawn()?;
        let Some(input) = child.stdin.take() else {
            let _ = child.kill();
            return Err(io::Error::other("the pager took no input"));
        };
        leave_interrupts_to_the_pager();
        Ok(Pager { child, input })
    }

    /// Where the output goes.
    pub(crate) fn input(&mut self) -> &mut dyn Write {
        &mut self.input
    }

    /// Closes the pager's input and waits until the person leaves it.
    pub(crate) fn finish(self) -> io::Result<()> {
        let Pager { mut child, input } = self;
        drop(input);
        child.wait().map(drop)
    }
}

/// From here on Ctrl-C is the pager's: `less` uses it to stop a search.
/// Were helm to die of it, the shell would take the terminal back while the
/// pager still draws on it. helm only writes its output and waits, so it
/// has nothing to stop; the pager was started before, and keeps its own way.
#[cfg(unix)]
fn leave_interrupts_to_the_pager() {
    // SAFETY: setting SIGINT's disposition to SIG_IGN installs no handler
    // code; nothing else in helm sets a disposition.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
fn leave_interrupts_to_the_pager() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helm_pager_then_pager_then_less_and_empty_turns_it_off() {
        let os = |s: &str| Some(OsString::from(s));
        assert_eq!(choose(None, None, true).as_deref(), Some("less -FRX"));
        assert_eq!(choose(None, os("more"), true).as_deref(), Some("more"));
        assert_eq!(
            choose(os("bat -p"), os("more"), true).as_deref(),
            Some("bat -p")
        );
        assert_eq!(choose(os(""), os("more"), true), None);
        assert_eq!(choose(None, os(" "), true), None);
        // No less installed, nothing asked for: no pager.
        assert_eq!(choose(None, None, false), None);
        assert_eq!(choose(None, os("more"), false).as_deref(), Some("more"));
    }

    #[test]
    fn less_is_looked_for_on_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = Some(dir.path().as_os_str().to_owned());
        assert!(!on_path("less", path.clone()));
        std::fs::write(dir.path().join("less"), "").unwrap();
        assert!(on_path("less", path));
        assert!(!on_path("less", None));
    }
}
