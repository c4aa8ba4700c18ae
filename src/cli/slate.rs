//! `helm slate list|erase|clear`: the observations gathered since the last entry.

use clap::{Args, Subcommand};

use super::observe::TargetArgs;
use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::slate::{Cleared, Erased, SlateList};
use crate::storage::{self, slate};

#[derive(Debug, Subcommand)]
pub enum SlateCommand {
    /// Show what is on the slate: target, age, stored size, artifact.
    List(ListArgs),
    /// Take one target off the slate (same target syntax as `observe`).
    Erase(EraseArgs),
    /// Take everything off the slate without recording anything.
    Clear(ClearArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
}

#[derive(Debug, Args)]
pub struct EraseArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    #[command(subcommand)]
    pub target: TargetArgs,
}

#[derive(Debug, Args)]
pub struct ClearArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
}

pub fn run(command: SlateCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    match command {
        SlateCommand::List(args) => {
            let (_, conn) = ctx.open_voyage(&args.voyage)?;
            Ok(Box::new(SlateList {
                observations: slate::list(&conn)?,
            }))
        }
        SlateCommand::Erase(args) => {
            let file = ctx.voyage_file(&args.voyage)?;
            let target = args.target.resolve(ctx)?;
            let mut conn = super::context::open_writer(&file)?;
            let tx = storage::write(&mut conn)?;
            storage::voyage::ensure_active(&tx)?;
            let erased = slate::erase(&tx, &target.key())?;
            tx.commit()?;
            Ok(Box::new(Erased {
                target: serde_json::to_value(&target)?,
                description: target.describe(),
                erased,
            }))
        }
        SlateCommand::Clear(args) => {
            let mut conn = super::context::open_writer(&ctx.voyage_file(&args.voyage)?)?;
            let tx = storage::write(&mut conn)?;
            storage::voyage::ensure_active(&tx)?;
            let count = slate::clear(&tx)?;
            tx.commit()?;
            Ok(Box::new(Cleared { count }))
        }
    }
}
