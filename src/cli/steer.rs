//! `helm steer <ACTION>`: change shared state on GitHub. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if GitHub refuses, nothing is recorded and the slate is untouched.

use clap::Args;

use super::{Context, VoyageArg};
use crate::actions::ActionArgs;
use crate::error::{Error, Result};
use crate::inputs::{ProvenanceSpec, Surface};
use crate::ops::logbook::SteerRequest;
use crate::output::Report;
use crate::output::entry::Recorded;

#[derive(Debug, Args)]
pub struct SteerArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    #[command(flatten)]
    pub provenance: ProvenanceSpec,
    /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[arg(long, value_name = "OWNER/NAME", global = true)]
    pub repo: Option<String>,
    /// Act even if the issue or PR changed on GitHub since the slate's
    /// observations of it. Without it, a steer on an issue or PR first asks
    /// GitHub whether every slate observation of it is still current
    /// (conditional requests) and refuses if anything changed. The entry
    /// records what had changed.
    #[arg(long, global = true)]
    pub allow_stale: bool,
    #[command(subcommand)]
    pub action: ActionArgs,
}

pub fn run(args: SteerArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    strategy_is_not_a_method(&args)?;
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let request_id = args.provenance.request_id(Surface::Cli)?;
    let voyage = args.voyage.name()?;
    let steered = ctx.helm.steer(
        voyage,
        &SteerRequest {
            provenance: &provenance,
            request_id,
            action: &args.action,
            repo: args.repo.as_deref(),
            allow_stale: args.allow_stale,
        },
    )?;
    Ok(Box::new(Recorded {
        sealed: steered.sealed,
        warnings: steered.warnings,
    }))
}

/// `--method` is accepted anywhere, so `merge-pr --method squash` would
/// record "squash" as how the thinking was done and merge with a merge
/// commit. A merge strategy is never a thinking method: refuse it and say
/// which flag was meant.
fn strategy_is_not_a_method(args: &SteerArgs) -> Result<()> {
    let method = args.provenance.method.as_deref().map(str::trim);
    match (&args.action, method) {
        (ActionArgs::MergePr(_), Some(method))
            if ["merge", "squash", "rebase"]
                .iter()
                .any(|strategy| strategy.eq_ignore_ascii_case(method)) =>
        {
            Err(Error::usage(format!(
                "merge-pr takes --merge, --squash or --rebase, not --method {method}"
            ))
            .hint(
                "--method is how the thinking was done (e.g. human); \
                 the merge strategy is its own flag: merge-pr --pr N --squash",
            ))
        }
        _ => Ok(()),
    }
}
