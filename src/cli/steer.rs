//! `helm steer <ACTION>`: change shared state on a forge. One transaction seals
//! the slate into a bearing, performs the action, records one entry and clears
//! the slate; if the forge refuses, nothing is recorded and the slate is
//! untouched.

use clap::Args;

use super::flags::{FlagArgs, FlagSubcommands};
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::output::rehearsal::Rehearsed;
use helm_core::ActionArgs;
use helm_core::{ProvenanceSpec, SteerOptions, Surface};

#[derive(Debug, Args)]
pub(crate) struct SteerArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) options: FlagArgs<SteerOptions>,
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
    let options = &args.options;
    let repo = args.action.repo(options.repo.as_deref())?;
    // A person stops the CLI with a signal; the protocol covers that.
    let cancel = helm_core::Cancel::default();
    let request = options.request(
        &provenance,
        request_id,
        &args.action,
        repo.as_deref(),
        &cancel,
    );
    // A refusal goes on the record when asked, and is still the answer.
    let refused = |error| match options.record_refusal {
        true => ctx
            .helm
            .record_refusal(voyage, &request, options.dry_run, error),
        false => error,
    };
    if options.dry_run {
        let rehearsal = ctx.helm.rehearse(voyage, &request).map_err(refused)?;
        return Ok(Box::new(Rehearsed::said(rehearsal, |w| w.to_string())));
    }
    if options.expires.is_some() && !options.propose {
        return Err(
            crate::error::Error::usage("--expires is how long a proposal waits")
                .hint("add --propose to propose the steer, or leave out --expires"),
        );
    }
    if options.propose {
        let sealed = ctx
            .helm
            .propose(voyage, &request, options.expires.as_deref())
            .map_err(refused)?;
        return Ok(Box::new(Recorded {
            sealed,
            warnings: Vec::new(),
        }));
    }
    let steered = ctx.helm.steer(voyage, &request).map_err(refused)?;
    Ok(Box::new(Recorded::said(
        steered.sealed,
        &steered.warnings,
        |w| w.to_string(),
    )))
}
