//! `helm proposals`, `helm approve` and `helm reject`: the person's side
//! of propose-then-approve (issue 42). A proposal is made with
//! `helm steer --propose`; these list them, perform one exactly as
//! proposed, or turn one down.

use clap::Args;

use super::flags::FlagArgs;
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::output::proposals::Proposals;
use crate::output::rehearsal::Rehearsed;
use helm_core::ApproveRequest;
use helm_core::{ProvenanceSpec, Surface};

#[derive(Debug, Args)]
pub(crate) struct ProposalsArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    /// List every proposal (performed, rejected, expired too), not only
    /// those waiting for a decision.
    #[arg(long)]
    pub(crate) all: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ApproveArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    /// The proposal's entry number (`helm proposals` lists them).
    #[arg(value_name = "ENTRY")]
    pub(crate) entry: i64,
    /// Approve a proposal of your own (same --as as the proposer); the
    /// entry records it. Without it that is refused (kind same-identity).
    #[arg(long)]
    pub(crate) allow_self: bool,
    /// Merge although the PR is not ready, for this reason (recorded). The
    /// proposer's --override does not carry over: readiness is judged
    /// again now.
    #[arg(long = "override", value_name = "REASON")]
    pub(crate) override_reason: Option<String>,
    /// Run every check and print the request it would send; nothing is
    /// sent or recorded.
    #[arg(long)]
    pub(crate) dry_run: bool,
}

#[derive(Debug, Args)]
pub(crate) struct RejectArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    /// The proposal's entry number (`helm proposals` lists them).
    #[arg(value_name = "ENTRY")]
    pub(crate) entry: i64,
}

pub(crate) fn list(args: ProposalsArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let listed = ctx.helm.proposals(args.voyage.name()?, args.all)?;
    Ok(Box::new(Proposals {
        listed,
        all: args.all,
    }))
}

pub(crate) fn approve(args: ApproveArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let voyage = args.voyage.name()?;
    let request = ApproveRequest {
        provenance: &provenance,
        allow_self: args.allow_self,
        override_reason: args.override_reason.as_deref(),
        cancel: &helm_core::Cancel::default(),
    };
    if args.dry_run {
        let rehearsal = ctx.helm.rehearse_approval(voyage, args.entry, &request)?;
        return Ok(Box::new(Rehearsed::said(rehearsal, |w| w.to_string())));
    }
    let steered = ctx.helm.approve(voyage, args.entry, &request)?;
    Ok(Box::new(Recorded::said(
        steered.sealed,
        &steered.warnings,
        |w| w.to_string(),
    )))
}

pub(crate) fn reject(args: RejectArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let request_id = args.provenance.request_id(Surface::Cli)?;
    let sealed = ctx
        .helm
        .reject(args.voyage.name()?, args.entry, &provenance, request_id)?;
    Ok(Box::new(Recorded {
        sealed,
        warnings: Vec::new(),
    }))
}
