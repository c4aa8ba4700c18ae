//! `helm interrupted list|settle|discard`: steers whose outcome was never
//! recorded (the process died, or GitHub's answer was lost after it may have
//! acted). Settling looks on GitHub and records what happened, never acting;
//! discarding drops the record once a person has checked by hand.

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::interrupted::{Interrupted, Settled};

#[derive(Debug, Subcommand)]
pub(crate) enum InterruptedCommand {
    /// List the voyage's interrupted steers, with the id to settle each by.
    List(InterruptedListArgs),
    /// Record what an interrupted steer did: from the forge's saved answer, or
    /// from what the forge shows (a comment with the same body by you, the issue
    /// or PR created, the merge at the pinned sha …). helm never acts here;
    /// when the forge shows nothing happened, the record is removed.
    Settle(AttemptArgs),
    /// Drop an interrupted steer's record without recording anything, after
    /// you have checked the forge yourself.
    Discard(AttemptArgs),
}

#[derive(Debug, Args)]
pub(crate) struct InterruptedListArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
}

#[derive(Debug, Args)]
pub(crate) struct AttemptArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    /// The attempt: its --request-id, or the `attempt-…` id helm printed.
    #[arg(value_name = "ID")]
    pub(crate) attempt: String,
}

pub(crate) fn run(command: InterruptedCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match command {
        InterruptedCommand::List(args) => Ok(Box::new(Interrupted {
            records: helm.interrupted(args.voyage.name()?)?,
        })),
        InterruptedCommand::Settle(args) => Ok(Box::new(Settled::Settlement(
            helm.settle(args.voyage.name()?, args.attempt.trim())?,
        ))),
        InterruptedCommand::Discard(args) => Ok(Box::new(Settled::Discarded(Box::new(
            helm.discard(args.voyage.name()?, args.attempt.trim())?,
        )))),
    }
}
