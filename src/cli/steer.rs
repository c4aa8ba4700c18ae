//! `helm steer <ACTION>`: change shared state on GitHub. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if GitHub refuses, nothing is recorded and the slate is untouched.

use clap::Args;

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
    #[command(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
    /// remote `origin` of the current directory).
    #[arg(long, value_name = "OWNER/NAME", global = true)]
    pub(crate) repo: Option<String>,
    /// Act even if the issue or PR changed on GitHub since the slate's
    /// observations of it. Without it, a steer on an issue or PR first asks
    /// GitHub whether every slate observation of it is still current
    /// (conditional requests) and refuses if anything changed. The entry
    /// records what had changed.
    #[arg(long, global = true)]
    pub(crate) allow_stale: bool,
    /// Post a title or body although it holds a secret that RULE found (a
    /// gitleaks rule id, e.g. github-pat, named by the refusal); repeatable.
    /// Without it, a steer whose text holds a token or key is refused with
    /// kind `secret` and nothing done. The entry records the rules allowed.
    #[arg(long, value_name = "RULE", global = true)]
    pub(crate) allow_secret: Vec<String>,
    /// End every body this steer posts (comments, issue and PR bodies,
    /// inline replies) with a footer saying who posted it, in what role, by
    /// what method, through helm, with the voyage id and the request id.
    /// HELM_DISCLOSE=1 turns it on for every steer.
    #[arg(long, global = true)]
    pub(crate) disclose: bool,
    #[command(subcommand)]
    pub(crate) action: ActionArgs,
}

pub(crate) fn run(args: SteerArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    if let Some(method) = &args.provenance.method {
        args.action.misread_method(method.trim())?;
    }
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
            // A person stops the CLI with a signal; the protocol covers that.
            cancel: &crate::cancel::Cancel::default(),
            allow_secret: &args.allow_secret,
            disclose: args.disclose,
        },
    )?;
    Ok(Box::new(Recorded {
        sealed: steered.sealed,
        warnings: steered.warnings,
    }))
}
