//! What the CLI adds to the core's [`Helm`]: how output should look (JSON,
//! terminal, colour), read once.

use std::io::IsTerminal;

use crate::error::Result;
use crate::ops::Helm;

pub struct Context {
    pub(crate) helm: Helm,
    pub json: bool,
    /// Colour and terminal niceties on stdout.
    pub stdout_tty: bool,
    pub(crate) stderr_tty: bool,
    pub color: bool,
    /// `--quiet`: nothing on stderr but errors.
    pub quiet: bool,
}

impl Context {
    pub fn from_env(json: bool) -> Result<Context> {
        let helm = Helm::from_env()?;
        let stdout_tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Ok(Context {
            helm,
            json,
            stdout_tty,
            stderr_tty: std::io::stderr().is_terminal(),
            color: stdout_tty && !no_color && !json,
            quiet: false,
        })
    }
}
