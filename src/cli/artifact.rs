//! `helm artifact show <HASH>`: the decompressed payload of one artifact.

use std::io::{self, Write};

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::{Error, Kind, Result};
use crate::output::{Report, Style};
use crate::storage::artifact;

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
    let (_, conn) = ctx.open_voyage(&args.voyage)?;
    let stored = artifact::load(&conn, &args.hash)?;
    drop(conn);
    if stored.status != "stowed" {
        return Err(Error::new(
            Kind::NotFound,
            format!(
                "artifact {} was {}: its payload is no longer stored",
                stored.hash, stored.status
            ),
        ));
    }
    Ok(Box::new(Payload {
        data: stored.data,
        terminal: ctx.stdout_tty,
    }))
}

struct Payload {
    data: Vec<u8>,
    terminal: bool,
}

impl Report for Payload {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        self.json(out)?;
        out.write_all(b"\n")
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        if self.terminal {
            let mut raw = Vec::new();
            artifact::unpack(&self.data, &mut raw)?;
            let safe = crate::output::observe::terminal_safe_json(&String::from_utf8_lossy(&raw));
            out.write_all(safe.as_bytes())
        } else {
            artifact::unpack(&self.data, out).map(drop)
        }
    }
}
