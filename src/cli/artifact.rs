//! `helm artifact show|list|reduce|jettison`: read one payload, list every
//! artifact with where it is referenced, and lighten the cargo.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::{Error, Kind, Result};
use crate::output::lifecycle::{ArtifactList, JettisonReport, ReduceReport};
use crate::output::{Report, Style};
use crate::storage::{self, artifact, lifecycle};

#[derive(Debug, Subcommand)]
pub enum ArtifactCommand {
    /// Print an artifact's payload JSON (a unique hash prefix is enough).
    ///
    /// A reduced artifact prints its summary's payload instead, and says so
    /// on stderr. A jettisoned one is an error: its payload is gone.
    Show(ShowArgs),
    /// List every artifact, largest first: stored and payload size, status,
    /// the slate and entries that reference it, and a reduced one's summary.
    List(ListArgs),
    /// Replace artifacts' payloads by a summary, keeping their hashes.
    ///
    /// Each artifact gets its own summary artifact
    /// ({"kind": "summary", "of", "method", "text"}), linked as its
    /// derivation; the payload bytes are dropped. All artifacts or none.
    /// Works on ended voyages; no entry changes. `helm voyage compact` then
    /// gives the space back to the file system.
    Reduce(ReduceArgs),
    /// Drop artifacts' payloads, keeping their hashes and every reference.
    ///
    /// All artifacts or none; one already jettisoned is left as it is.
    /// Works on ended voyages; no entry changes. `helm voyage compact` then
    /// gives the space back to the file system.
    Jettison(JettisonArgs),
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    /// The artifact's SHA-256, or a unique prefix of it.
    #[arg(value_name = "HASH")]
    pub hash: String,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
}

#[derive(Debug, Args)]
pub struct ReduceArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    /// The artifacts to reduce: SHA-256 hashes or unique prefixes.
    #[arg(value_name = "HASH", required = true)]
    pub hashes: Vec<String>,
    /// How the summary was made, e.g. "human" or "llm: sonnet 4-6".
    #[arg(long, value_name = "METHOD")]
    pub method: String,
    /// The summary text (UTF-8): a file, or `-` for stdin.
    #[arg(long, value_name = "FILE")]
    pub summary_file: PathBuf,
}

#[derive(Debug, Args)]
pub struct JettisonArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    /// The artifacts to jettison: SHA-256 hashes or unique prefixes.
    #[arg(value_name = "HASH", required = true)]
    pub hashes: Vec<String>,
}

pub fn run(command: ArtifactCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    match command {
        ArtifactCommand::Show(args) => show(args, ctx),
        ArtifactCommand::List(args) => list(args, ctx),
        ArtifactCommand::Reduce(args) => reduce(args, ctx),
        ArtifactCommand::Jettison(args) => jettison(args, ctx),
    }
}

fn show(args: ShowArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let (_, mut conn) = ctx.open_voyage(&args.voyage)?;
    let tx = storage::read(&mut conn)?;
    let stored = artifact::load(&tx, &args.hash)?;
    let (data, note) = match stored.status.as_str() {
        "stowed" => (stored.data, None),
        "reduced" => {
            let derivation = lifecycle::summary_of(&tx, &stored.hash)?.ok_or_else(|| {
                Error::new(
                    Kind::Corrupt,
                    format!(
                        "artifact {} is reduced but its summary is missing",
                        stored.hash
                    ),
                )
                .hint("run `helm voyage verify` for a report")
            })?;
            let summary = artifact::load(&tx, &derivation.summary)?;
            let note = format!(
                "artifact {} is reduced ({}, {}): this is its summary, artifact {}",
                stored.hash,
                derivation.method,
                crate::output::when(&derivation.created_at),
                derivation.summary
            );
            (summary.data, Some(note))
        }
        status => {
            return Err(Error::new(
                Kind::NotFound,
                format!(
                    "artifact {} was {status}: its payload is gone, only its hash remains",
                    stored.hash
                ),
            )
            .hint("the bearings still name it; observe the target again to stow a fresh payload"));
        }
    };
    tx.commit()?;
    drop(conn);
    Ok(Box::new(Payload {
        data,
        note,
        terminal: ctx.stdout_tty,
    }))
}

fn list(args: ListArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let (_, mut conn) = ctx.open_voyage(&args.voyage)?;
    let tx = storage::read(&mut conn)?;
    let artifacts = lifecycle::list(&tx)?;
    tx.commit()?;
    Ok(Box::new(ArtifactList { artifacts }))
}

fn reduce(args: ReduceArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let text = read_summary(&args.summary_file, ctx)?;
    let file = ctx.voyage_file(&args.voyage)?;
    let mut conn = super::context::open_writer(&file)?;
    let reduced = lifecycle::reduce_in(
        &mut conn,
        &args.hashes,
        &args.method,
        &text,
        &crate::model::now(),
    )?;
    Ok(Box::new(ReduceReport {
        voyage: file.id.to_string(),
        reduced,
    }))
}

fn jettison(args: JettisonArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.voyage_file(&args.voyage)?;
    let mut conn = super::context::open_writer(&file)?;
    let jettisoned = lifecycle::jettison_in(&mut conn, &args.hashes)?;
    Ok(Box::new(JettisonReport {
        voyage: file.id.to_string(),
        jettisoned,
    }))
}

/// The summary text from `--summary-file` (`-` is stdin), as UTF-8.
fn read_summary(path: &std::path::Path, ctx: &Context) -> Result<String> {
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|err| Error::io("cannot read the summary from stdin", &err))?;
    } else {
        bytes = std::fs::read(ctx.cwd.join(path)).map_err(|err| {
            Error::io(
                format!("cannot read --summary-file {}", path.display()),
                &err,
            )
        })?;
    }
    String::from_utf8(bytes).map_err(|err| {
        Error::usage(format!(
            "the summary is not valid UTF-8 (first bad byte at offset {})",
            err.utf8_error().valid_up_to()
        ))
        .hint("write the summary as UTF-8 text; nothing was reduced")
    })
}

struct Payload {
    data: Vec<u8>,
    /// Said on stderr when the payload shown is a summary.
    note: Option<String>,
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

    fn status_line(&self) -> Option<String> {
        self.note.clone()
    }
}
