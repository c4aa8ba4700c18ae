//! `helm slate list|erase|clear`: the observations gathered since the last entry.

use clap::{Args, Subcommand};

use super::flags::FlagSubcommands;
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::slate::{Cleared, Erased, SlateList};
use helm_core::TargetArgs;

#[derive(Debug, Subcommand)]
pub(crate) enum SlateCommand {
    /// Show what is on the slate: target, age, stored size, artifact.
    List(SlateListArgs),
    /// Take one target off the slate (same target syntax as `observe`).
    Erase(EraseArgs),
    /// Take everything off the slate without recording anything.
    Clear(ClearArgs),
}

#[derive(Debug, Args)]
pub(crate) struct SlateListArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
}

#[derive(Debug, Args)]
pub(crate) struct EraseArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(subcommand)]
    pub(crate) target: FlagSubcommands<TargetArgs>,
}

#[derive(Debug, Args)]
pub(crate) struct ClearArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
}

pub(crate) fn run(command: SlateCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match command {
        SlateCommand::List(args) => Ok(Box::new(SlateList {
            observations: helm.slate_list(args.voyage.name()?)?,
        })),
        SlateCommand::Erase(args) => {
            let voyage = args.voyage.name()?;
            helm.voyage_file(voyage)?;
            let target = helm.target(&args.target, None, None)?;
            let erased = helm.slate_erase(voyage, &target)?;
            Ok(Box::new(Erased { target, erased }))
        }
        SlateCommand::Clear(args) => Ok(Box::new(Cleared {
            count: helm.slate_clear(args.voyage.name()?)?,
        })),
    }
}
