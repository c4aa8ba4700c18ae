//! `helm voyage new|list|show|end|export|import|compact` (and `push`,
//! `pull`, `list --remote`, in `sync.rs`).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::Context;
use crate::error::{Error, Result, arg, cmd};
use crate::output::Report;
use crate::output::bounded::BoundedStory;
use crate::output::brief::BriefReport;
use crate::output::lifecycle::CompactReport;
use crate::output::voyage::{Created, Ended, ExportReport, StoryFormat, StoryReport, VoyageList};
use crate::words;
use helm_core::ListFilter;

#[derive(Debug, Subcommand)]
pub(crate) enum VoyageCommand {
    /// Start a voyage; prints its id.
    New(NewArgs),
    /// List voyages, newest first (active ones unless told otherwise).
    List(VoyageListArgs),
    /// Tell a voyage's story: every entry with who, why and its bearing.
    Show(VoyageShowArgs),
    /// Where a voyage stands, short enough to resume from: status, the last
    /// entries, the last logged state, what it did on its forges, the slate.
    Brief(BriefArgs),
    /// Write the voyage as one self-contained HTML page to read offline:
    /// header, timeline, every entry with its bearing and payloads.
    ///
    /// The page loads and runs nothing (its Content-Security-Policy forbids
    /// it), shows every recorded text as text, and links only to the
    /// recorded GitHub server's web host over https. Each payload shows at
    /// most 64 KiB of its text (one stored larger than 4 MiB is not opened),
    /// and the page at most 32 MiB of payloads; `helm artifact show HASH`
    /// shows any payload whole.
    Page(PageArgs),
    /// Make a voyage current in this working tree (git's work tree, else
    /// this folder): commands here act on it when neither --voyage nor
    /// HELM_VOYAGE names one. --clear forgets it.
    Use(super::current::UseArgs),
    /// End a voyage; it takes no more observations or entries.
    End(EndArgs),
    /// Check voyages: integrity, foreign keys, artifact hashes, schema version.
    Verify(super::verify::VerifyArgs),
    /// Write a consistent single-file copy of a voyage, even while others write.
    ///
    /// The copy is one snapshot of the voyage (SQLite's VACUUM INTO), private
    /// to you (mode 0600), and checked before it takes its name. Hand it to
    /// another machine or CI job and add it there with `helm voyage import`.
    Export(ExportArgs),
    /// Add a voyage file written by `helm voyage export`; prints its id.
    ///
    /// The file is checked first: a helm voyage this helm understands, sound
    /// by SQLite's integrity check, with a UUID id that is not already in
    /// $HELM_HOME/voyages. It is copied in whole or not at all.
    Import(ImportArgs),
    /// Give the space of reduced and jettisoned payloads back to the file
    /// system; reports the file's size before and after.
    ///
    /// The voyage is rebuilt in place (SQLite's VACUUM) under helm's usual
    /// locking: other helm commands wait for it and it waits for them.
    Compact(CompactArgs),
    /// Share a voyage through a git remote: send the entries, artifacts,
    /// end and lifecycle changes made here since the last sync; --all sends
    /// every voyage here with news, in one git push.
    ///
    /// The voyage goes to refs/helm/voyages/<id> on the remote, through your
    /// own git (its credentials, ssh config, proxies); helm writes no other
    /// ref there. A push is refused (diverged) when the remote holds what is
    /// not here: pull first. A push with nothing new changes nothing.
    Push(super::sync::PushArgs),
    /// Fetch a voyage from a git remote and merge it into the one here (or
    /// make it here); --all takes every voyage on the remote.
    ///
    /// The remote's entries come first, in the order they were pushed; entries
    /// made here and never pushed follow them, renumbered, as `git pull
    /// --rebase` would. Everything that arrives is checked before anything is
    /// written; the slate is never synced.
    Pull(super::sync::PullArgs),
}

#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// What this voyage is for, e.g. "Advance #42: fix widget crash".
    #[arg(value_name = "INTENT")]
    pub(crate) intent: String,
}

#[derive(Debug, Args)]
pub(crate) struct VoyageListArgs {
    /// List every voyage, active and ended.
    #[arg(long, conflicts_with = "ended")]
    pub(crate) all: bool,
    /// List only ended voyages.
    #[arg(long)]
    pub(crate) ended: bool,
    /// List the voyages stored on a git remote instead (default: origin),
    /// without pulling them.
    #[arg(
        long,
        value_name = "NAME|URL|PATH",
        num_args = 0..=1,
        default_missing_value = "origin"
    )]
    pub(crate) remote: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct VoyageShowArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
    /// How to print the story.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ShowFormat::Human)]
    pub(crate) format: ShowFormat,
    /// Show at most N entries: the newest N, or the first N from --from.
    #[arg(long, value_name = "N")]
    pub(crate) limit: Option<u64>,
    /// Start the story at entry number ENTRY (as `── Steer ENTRY ──` shows it).
    #[arg(long, value_name = "ENTRY", allow_negative_numbers = true)]
    pub(crate) from: Option<i64>,
}

/// `voyage show --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ShowFormat {
    /// The logbook as a story, for a terminal.
    Human,
    /// Markdown, for a pull request description or a report.
    Markdown,
    /// The whole voyage as one JSON document, the same as --json.
    Json,
}

#[derive(Debug, Args)]
pub(crate) struct BriefArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct PageArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
    /// The file to write, e.g. voyage.html (default: stdout in a pipe;
    /// on a terminal, ./voyage-ID.html).
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// On a terminal without --out: replace ./voyage-ID.html if it exists.
    #[arg(long)]
    pub(crate) force: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ExportArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
    /// The file to write, e.g. voyage.sqlite.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: PathBuf,
    /// Replace FILE if it already exists.
    #[arg(long)]
    pub(crate) force: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// A voyage file written by `helm voyage export`.
    #[arg(value_name = "FILE")]
    pub(crate) file: PathBuf,
}

#[derive(Debug, Args)]
pub(crate) struct CompactArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct EndArgs {
    /// The voyage: a full id or any unambiguous prefix (default: HELM_VOYAGE).
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub(crate) voyage: Option<String>,
    /// A freeform closing status, e.g. "merged" or "abandoned: superseded by #50".
    #[arg(long, value_name = "TEXT")]
    pub(crate) status: Option<String>,
}

pub(crate) fn run(command: VoyageCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    let helm = &ctx.helm;
    match command {
        VoyageCommand::Use(args) => super::current::run(args, ctx),
        VoyageCommand::New(args) => Ok(Box::new(Created {
            voyage: helm.voyage_new(&args.intent)?,
            imported: false,
        })),
        VoyageCommand::List(args) => {
            let filter = match (args.all, args.ended) {
                (true, _) => ListFilter::All,
                (false, true) => ListFilter::Ended,
                (false, false) => ListFilter::Active,
            };
            if let Some(remote) = &args.remote {
                return super::sync::list(remote, filter, ctx);
            }
            Ok(Box::new(VoyageList {
                listing: helm.voyage_list(filter)?,
                current: helm.current_voyage()?.map(|current| current.voyage),
            }))
        }
        VoyageCommand::Show(args) => show(args, ctx),
        VoyageCommand::Brief(args) => Ok(Box::new(BriefReport {
            brief: helm.voyage_brief(named(&args.voyage)?)?,
        })),
        VoyageCommand::Page(args) => page(args, ctx),
        VoyageCommand::End(args) => Ok(Box::new(Ended {
            voyage: helm.voyage_end(named(&args.voyage)?, args.status.as_deref())?,
        })),
        VoyageCommand::Verify(args) => super::verify::run(args, ctx),
        VoyageCommand::Export(args) => Ok(Box::new(ExportReport {
            exported: helm.voyage_export(named(&args.voyage)?, &args.out, args.force)?,
        })),
        VoyageCommand::Import(args) => Ok(Box::new(Created {
            voyage: helm.voyage_import(&args.file)?,
            imported: true,
        })),
        VoyageCommand::Compact(args) => Ok(Box::new(CompactReport {
            compacted: helm.voyage_compact(named(&args.voyage)?)?,
        })),
        VoyageCommand::Push(args) => super::sync::push(args, ctx),
        VoyageCommand::Pull(args) => super::sync::pull(args, ctx),
    }
}

/// The voyage named by the argument or HELM_VOYAGE: optional to clap so
/// that the usage line says it may be left out, required here.
fn named(voyage: &Option<String>) -> Result<&str> {
    voyage.as_deref().ok_or_else(|| {
        Error::usage("no voyage given").hint(words![
            "name the voyage (an id or unambiguous prefix), set HELM_VOYAGE, or make one current in this working tree with ",
            cmd("voyage use").word("ID"),
            "; ",
            cmd("voyage list"),
            " shows your voyages",
        ])
    })
}

fn show(args: VoyageShowArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let format = match args.format {
        ShowFormat::Markdown if ctx.json => {
            return Err(Error::usage(words![
                arg("format"),
                " markdown and ",
                arg("json"),
                " ask for different output",
            ])
            .hint(words![
                "drop ",
                arg("json"),
                " for Markdown, or drop ",
                arg("format"),
                " for JSON",
            ]));
        }
        ShowFormat::Human => StoryFormat::Human,
        ShowFormat::Markdown => StoryFormat::Markdown,
        ShowFormat::Json => StoryFormat::Json,
    };
    // JSON carries what the story shows: digests, changes, signers.
    let story = StoryReport::read(&ctx.helm, named(&args.voyage)?, format)?;
    if args.limit.is_none() && args.from.is_none() {
        return Ok(Box::new(story));
    }
    let limit = args.limit.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    Ok(Box::new(BoundedStory::of(story, args.from, limit)?))
}

/// Renders the page; with `--out`, writes it there and says where. On a
/// terminal without `--out` the page goes to `./voyage-ID.html` (never over
/// a file already there unless `--force`): tens of kilobytes of HTML on a
/// screen are read by nobody. A pipe and `--json` get it on stdout.
fn page(args: PageArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let (story, html) = crate::output::page::of(&ctx.helm, named(&args.voyage)?)?;
    let voyage = story.snapshot.voyage;
    let path = match args.out {
        Some(path) => path,
        None if ctx.stdout_tty && !ctx.json => {
            let path = PathBuf::from(format!("voyage-{}.html", voyage.id));
            write_new(&ctx.helm.cwd.join(&path), &html, args.force)?;
            return Ok(Box::new(crate::output::page::PageWritten {
                voyage,
                path,
                bytes: html.len() as u64,
            }));
        }
        None => return Ok(Box::new(crate::output::page::PageReport { voyage, html })),
    };
    std::fs::write(&path, html.as_bytes())
        .map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))?;
    Ok(Box::new(crate::output::page::PageWritten {
        voyage,
        path,
        bytes: html.len() as u64,
    }))
}

/// Writes the page to a file that must not exist yet, unless `force`.
fn write_new(path: &std::path::Path, html: &str, force: bool) -> Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    match force {
        true => options.write(true).create(true).truncate(true),
        false => options.write(true).create_new(true),
    };
    let mut file = options.open(path).map_err(|err| {
        let failed = Error::io(format!("cannot write the page to {}", path.display()), &err);
        match err.kind() {
            std::io::ErrorKind::AlreadyExists => failed.hint(
                "pass --force to replace it, --out FILE to write elsewhere, \
                 or redirect stdout (helm voyage page > page.html)",
            ),
            _ => failed,
        }
    })?;
    file.write_all(html.as_bytes())
        .map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))
}
