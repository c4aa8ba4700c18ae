//! `helm steer <ACTION>`: change shared state on GitHub. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if GitHub refuses, nothing is recorded and the slate is untouched.

use clap::Args;

use super::flags::{FlagArgs, FlagSubcommands};
use super::{Context, VoyageArg};
use crate::actions::ActionArgs;
use crate::error::Result;
use crate::inputs::{ProvenanceSpec, Surface};
use crate::ops::logbook::SteerRequest;
use crate::output::Report;
use crate::output::entry::Recorded;

#[derive(Debug, Args)]
pub struct SteerArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    /// The GitHub repository as OWNER/NAME or its URL (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[arg(long, value_name = "OWNER/NAME", global = true, help_heading = super::SHARED)]
    pub(crate) repo: Option<String>,
    /// Act even if the issue or PR changed on GitHub since the slate's
    /// observations of it. Without it, a steer on an issue or PR first asks
    /// GitHub whether every slate observation of it is still current
    /// (conditional requests) and refuses if anything changed. The entry
    /// records what had changed.
    #[arg(long, global = true, help_heading = super::SHARED)]
    pub(crate) allow_stale: bool,
    #[command(subcommand)]
    pub(crate) action: FlagSubcommands<ActionArgs>,
}

pub(crate) fn run(args: SteerArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    if let Some(method) = &args.provenance.method {
        args.action.misread_method(method.trim())?;
    }
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let request_id = args.provenance.request_id(Surface::Cli)?;
    let voyage = args.voyage.name()?;
    let repo = args.action.repo(args.repo.as_deref())?;
    let steered = ctx.helm.steer(
        voyage,
        &SteerRequest {
            provenance: &provenance,
            request_id,
            action: &args.action,
            repo: repo.as_deref(),
            allow_stale: args.allow_stale,
            // A person stops the CLI with a signal; the protocol covers that.
            cancel: &crate::cancel::Cancel::default(),
        },
    )?;
    Ok(Box::new(Recorded {
        sealed: steered.sealed,
        warnings: steered.warnings,
    }))
}
