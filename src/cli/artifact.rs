//! `helm artifact show|list|reduce|jettison`: read one payload, list every
//! artifact with where it is referenced, and lighten the cargo.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{Context, VoyageArg};
use crate::error::{Error, Result};
use crate::output::Report;
use crate::output::lifecycle::{ArtifactList, JettisonReport, ReduceReport};
use crate::output::payload::PayloadReport;
use helm_core::{NamedText, read_text};

#[derive(Debug, Subcommand)]
pub(crate) enum ArtifactCommand {
    /// Print an artifact's payload JSON (a unique hash prefix is enough).
    ///
    /// A reduced artifact prints its summary's payload instead, and says so
    /// on stderr. A jettisoned one is an error: its payload is gone.
    Show(ArtifactShowArgs),
    /// List every artifact, largest first: stored and payload size, status,
    /// the slate and entries that reference it, and a reduced one's summary.
    List(ArtifactListArgs),
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
pub(crate) struct ArtifactShowArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    /// The artifact's SHA-256, or a unique prefix of it.
    #[arg(value_name = "HASH")]
    pub(crate) hash: String,
}

#[derive(Debug, Args)]
pub(crate) struct ArtifactListArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
}

#[derive(Debug, Args)]
pub(crate) struct ReduceArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    /// The artifacts to reduce: SHA-256 hashes or unique prefixes.
    #[arg(value_name = "HASH", required = true)]
    pub(crate) hashes: Vec<String>,
    /// How the summary was made, e.g. "human" or "llm: sonnet 4-6".
    #[arg(long, value_name = "METHOD")]
    pub(crate) method: String,
    /// The summary text (UTF-8): a file, or `-` for stdin.
    #[arg(long, value_name = "FILE")]
    pub(crate) summary_file: PathBuf,
}

#[derive(Debug, Args)]
pub(crate) struct JettisonArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    /// The artifacts to jettison: SHA-256 hashes or unique prefixes.
    #[arg(value_name = "HASH", required = true)]
    pub(crate) hashes: Vec<String>,
}

pub(crate) fn run(command: ArtifactCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match command {
        ArtifactCommand::Show(args) => {
            let shown = helm.artifact_show(args.voyage.name()?, &args.hash)?;
            Ok(Box::new(PayloadReport {
                data: shown.data,
                note: shown.note,
                shown: shown.shown,
                terminal: ctx.stdout_tty,
            }))
        }
        ArtifactCommand::List(args) => Ok(Box::new(ArtifactList {
            artifacts: helm.artifact_list(args.voyage.name()?)?,
        })),
        ArtifactCommand::Reduce(args) => {
            let text = read_summary(&args.summary_file, ctx)?;
            let voyage = args.voyage.name()?;
            let reduced = helm.artifact_reduce(voyage, &args.hashes, &args.method, &text)?;
            Ok(Box::new(ReduceReport {
                voyage: helm.voyage_file(voyage)?.id.to_string(),
                reduced,
            }))
        }
        ArtifactCommand::Jettison(args) => {
            let voyage = args.voyage.name()?;
            let jettisoned = helm.artifact_jettison(voyage, &args.hashes)?;
            Ok(Box::new(JettisonReport {
                voyage: helm.voyage_file(voyage)?.id.to_string(),
                jettisoned,
            }))
        }
    }
}

/// A summary stands in for a payload a person or a model has read: text to
/// read in one sitting, far below this.
const SUMMARY_LIMIT: u64 = 1 << 20;

/// The summary text from `--summary-file` (`-` is stdin), as UTF-8: a
/// regular file, at most [`SUMMARY_LIMIT`] bytes.
fn read_summary(path: &std::path::Path, ctx: &Context) -> Result<String> {
    let named = NamedText {
        what: "--summary-file",
        hint: "pass the path of a regular file, or `-` to read the summary from stdin; nothing was reduced",
    };
    let read = read_text(path, &ctx.helm.cwd, ctx.helm.stdin, SUMMARY_LIMIT, &named)?;
    if read.over {
        return Err(Error::usage(format!(
            "the summary in {} is longer than {SUMMARY_LIMIT} bytes (1 MiB)",
            read.from
        ))
        .hint("a summary replaces a payload: write a shorter one; nothing was reduced"));
    }
    String::from_utf8(read.bytes).map_err(|err| {
        Error::usage(format!(
            "the summary is not valid UTF-8 (first bad byte at offset {})",
            err.utf8_error().valid_up_to()
        ))
        .hint("write the summary as UTF-8 text; nothing was reduced")
    })
}
