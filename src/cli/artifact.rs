//! `helm artifact show <HASH>`: the decompressed payload of one artifact.

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::Result;
use crate::output::Report;
use crate::output::report::Payload;

#[derive(Debug, Subcommand)]
pub enum ArtifactCommand {
    /// Print an artifact's payload JSON (a unique hash prefix is enough).
    Show(ShowArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    /// The artifact's SHA-256, or a unique prefix of it.
    #[arg(value_name = "HASH")]
    pub hash: String,
}

pub fn run(command: ArtifactCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let ArtifactCommand::Show(args) = command;
    let stored = ctx.helm.artifact_show(args.voyage.name()?, &args.hash)?;
    Ok(Box::new(Payload {
        data: stored.data,
        terminal: ctx.stdout_tty,
    }))
}
