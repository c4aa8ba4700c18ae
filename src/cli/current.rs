//! `helm voyage use ID`: the current voyage of this working tree, which
//! voyage-scoped commands act on when neither `--voyage` nor `HELM_VOYAGE`
//! names one (git's current branch, per work tree). `main` reads it before
//! parsing, into `HELM_VOYAGE`, so every command takes it the same way.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::Context;
use crate::error::{Error, Result};
use crate::output::{Report, Style, write_json};
use helm_core::CurrentVoyage;

/// The working tree's current voyage (`helm voyage use`), put in
/// `HELM_VOYAGE` when that is unset, so every command that takes a voyage
/// takes it with the precedence `--voyage` > `HELM_VOYAGE` > this. Not for
/// `helm mcp`, whose tools name their voyage.
pub(crate) fn take_current(args: &[std::ffi::OsString]) -> Result<()> {
    if std::env::var_os("HELM_VOYAGE").is_some() || args.get(1).is_some_and(|arg| arg == "mcp") {
        return Ok(());
    }
    let Some(current) = helm_core::Helm::from_env(crate::forges::registered())?.current_voyage()?
    else {
        return Ok(());
    };
    // SAFETY: main has started no thread yet; nothing reads the
    // environment concurrently.
    unsafe { std::env::set_var("HELM_VOYAGE", &current.voyage) };
    Ok(())
}

#[derive(Debug, Args)]
pub(crate) struct UseArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(
        value_name = "VOYAGE",
        required_unless_present = "clear",
        conflicts_with = "clear"
    )]
    pub(crate) voyage: Option<String>,
    /// Forget this working tree's current voyage.
    #[arg(long)]
    pub(crate) clear: bool,
}

pub(crate) fn run(args: UseArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    let used = match (&args.voyage, args.clear) {
        (Some(voyage), false) => Used {
            current: Some(helm.voyage_use(voyage)?),
            cleared: None,
        },
        (None, true) => Used {
            current: None,
            cleared: helm.voyage_unuse()?,
        },
        _ => return Err(Error::usage("give a voyage or --clear, not both")),
    };
    Ok(Box::new(used))
}

/// What `voyage use` did; `--json`: `{"current": {"tree", "voyage"}|null,
/// "cleared"?: {"tree", "voyage"}}`.
#[derive(Serialize)]
struct Used {
    current: Option<CurrentVoyage>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cleared: Option<CurrentVoyage>,
}

impl Report for Used {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        match (&self.current, &self.cleared) {
            (Some(current), _) => writeln!(out, "{}", current.voyage),
            _ => Ok(()),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        write_json(out, self)
    }

    fn status_line(&self) -> Option<String> {
        Some(match (&self.current, &self.cleared) {
            (Some(current), _) => format!(
                "voyage {} is current in {} (-V and HELM_VOYAGE still take precedence)",
                current.voyage, current.tree
            ),
            (None, Some(cleared)) => format!(
                "{} has no current voyage now (it was {})",
                cleared.tree, cleared.voyage
            ),
            (None, None) => "this working tree had no current voyage".to_string(),
        })
    }
}
