//! Flags for how output meets a terminal, on every command: `--color` and
//! `--no-pager`. Which commands page is said here too.

use clap::Args;

use super::Command;
use super::voyage::VoyageCommand;
use crate::output::ColorWhen;

#[derive(Debug, Args)]
pub(crate) struct TerminalArgs {
    /// When to colour: auto is a terminal unless NO_COLOR is set or TERM=dumb
    /// (CLICOLOR_FORCE=1 colours a pipe too).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto, global = true)]
    pub color: ColorWhen,

    /// Do not page long output (on a terminal it goes through $HELM_PAGER, else
    /// $PAGER, else `less -FRX`; HELM_PAGER= turns it off too).
    #[arg(long, global = true)]
    pub no_pager: bool,
}

/// Whether a command's human output is long enough to page.
pub(crate) fn pages(command: &Command) -> bool {
    match command {
        Command::Voyage(voyage) => {
            matches!(&voyage.0, VoyageCommand::Show(_) | VoyageCommand::Brief(_))
        }
        Command::Artifact(artifact) => {
            matches!(&artifact.0, super::artifact::ArtifactCommand::Show(_))
        }
        Command::Observe(_) => true,
        _ => false,
    }
}
