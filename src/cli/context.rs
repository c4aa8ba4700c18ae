//! What the CLI adds to the core's [`Helm`]: how output should look (JSON,
//! terminal, colour), read once.

use std::io::IsTerminal;

use crate::error::Result;
use helm_core::Helm;

pub(crate) struct Context {
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
    /// The caller's trace, which the command's span is parented on.
    pub(crate) fn trace(&self) -> Option<&crate::model::Trace> {
        self.helm.trace.as_ref()
    }

    /// `traceparent` is the `--traceparent` flag, which stands before
    /// `TRACEPARENT` (and the `TRACESTATE` beside it, which belongs to that
    /// trace only).
    pub(crate) fn from_env(json: bool, traceparent: Option<&str>) -> Result<Context> {
        let mut helm = Helm::from_env(crate::forges::registered())?;
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        helm.trace = match traceparent {
            Some(flag) => helm_core::caller_trace(Some(flag), None, "--traceparent"),
            None => helm_core::caller_trace(
                env("TRACEPARENT").as_deref(),
                env("TRACESTATE").as_deref(),
                "TRACEPARENT",
            ),
        };
        let stdout_tty = std::io::stdout().is_terminal();
        Ok(Context {
            helm,
            json,
            stdout_tty,
            stderr_tty: std::io::stderr().is_terminal(),
            // `--color` (set globally by main), NO_COLOR, CLICOLOR_FORCE,
            // TERM=dumb; never inside a JSON document.
            color: !json && crate::output::ColorWhen::Auto.colors(&std::io::stdout()),
            quiet: false,
        })
    }
}
