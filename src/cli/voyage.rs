//! `helm voyage new|list|show|end|export|import` (and `compact`, in `compact.rs`).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::context::{Context, name_file, open_named};
use crate::error::{Error, Result};
use crate::output::Report;
use crate::output::voyage::{Created, Ended, Exported, Story, StoryFormat, VoyageList};
use crate::storage::{self, logbook, portable, slate, voyage};

#[derive(Debug, Subcommand)]
pub enum VoyageCommand {
    /// Start a voyage; prints its id.
    New(NewArgs),
    /// List voyages, newest first (active ones unless told otherwise).
    List(ListArgs),
    /// Tell a voyage's story: every entry with who, why and its bearing.
    Show(ShowArgs),
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
    Compact(super::compact::CompactArgs),
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// What this voyage is for, e.g. "Advance #42: fix widget crash".
    #[arg(value_name = "INTENT")]
    pub intent: String,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// List every voyage, active and ended.
    #[arg(long, conflicts_with = "ended")]
    pub all: bool,
    /// List only ended voyages.
    #[arg(long)]
    pub ended: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub voyage: String,
    /// How to print the story.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ShowFormat::Human)]
    pub format: ShowFormat,
}

/// `voyage show --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShowFormat {
    /// The logbook as a story, for a terminal.
    Human,
    /// Markdown, for a pull request description or a report.
    Markdown,
    /// The whole voyage as one JSON document, the same as --json.
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub voyage: String,
    /// The file to write, e.g. voyage.sqlite.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Replace FILE if it already exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A voyage file written by `helm voyage export`.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

#[derive(Debug, Args)]
pub struct EndArgs {
    /// The voyage: a full id or any unambiguous prefix.
    #[arg(value_name = "VOYAGE", env = "HELM_VOYAGE")]
    pub voyage: String,
    /// A freeform closing status, e.g. "merged" or "abandoned: superseded by #50".
    #[arg(long, value_name = "TEXT")]
    pub status: Option<String>,
}

pub fn run(command: VoyageCommand, ctx: &Context) -> Result<Box<dyn Report>> {
    match command {
        VoyageCommand::New(args) => new(args, ctx),
        VoyageCommand::List(args) => list(args, ctx),
        VoyageCommand::Show(args) => show(args, ctx),
        VoyageCommand::End(args) => end(args, ctx),
        VoyageCommand::Verify(args) => super::verify::run(args, ctx),
        VoyageCommand::Export(args) => export(args, ctx),
        VoyageCommand::Import(args) => import(args, ctx),
        VoyageCommand::Compact(args) => super::compact::run(args, ctx),
    }
}

fn new(args: NewArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let intent = args.intent.trim();
    if intent.is_empty() {
        return Err(Error::usage("the intent is empty").hint(
            "say what the voyage is for, e.g. helm voyage new \"Advance #42: fix widget crash\"",
        ));
    }
    let voyage = voyage::create(&ctx.home, intent, &crate::model::now())?;
    Ok(Box::new(Created {
        voyage,
        imported: false,
    }))
}

fn list(args: ListArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let mut voyages = Vec::new();
    let mut unreadable = Vec::new();
    let files = ctx.home.voyage_files()?;
    let id_width = unique_prefix_len(&files);
    for (file, loaded) in cached_summaries(ctx, files) {
        match loaded {
            Ok(summary) => {
                let keep = match (args.all, args.ended) {
                    (true, _) => true,
                    (false, true) => !summary.voyage.is_active(),
                    (false, false) => summary.voyage.is_active(),
                };
                if keep {
                    voyages.push(summary);
                }
            }
            Err(err) => {
                let err = name_file(err, &file);
                eprintln!("warning: {}", crate::output::clean(err.message()));
                unreadable.push((file.path, err.message().to_string()));
            }
        }
    }
    Ok(Box::new(VoyageList {
        voyages,
        unreadable,
        id_width,
    }))
}

/// Summaries from the listing cache where a voyage file is unchanged, from
/// SQLite for the rest (which then refresh the cache). The order is kept.
fn cached_summaries(
    ctx: &Context,
    files: Vec<crate::storage::VoyageFile>,
) -> Vec<(crate::storage::VoyageFile, Result<voyage::Summary>)> {
    use crate::storage::listing::{self, Listing};
    let mut cache = Listing::load(ctx.home.root());
    let ids: Vec<uuid::Uuid> = files.iter().map(|f| f.id).collect();
    let mut out: Vec<Option<(crate::storage::VoyageFile, Result<voyage::Summary>)>> = Vec::new();
    let mut misses = Vec::new();
    let mut stamps = Vec::new();
    for file in files {
        let stamp = listing::stamp(&file.path);
        match cache.get(&file, stamp) {
            Some(summary) => out.push(Some((file, Ok(summary)))),
            None => {
                out.push(None);
                stamps.push(stamp);
                misses.push(file);
            }
        }
    }
    let mut loaded = summaries(misses).into_iter().zip(stamps);
    for slot in out.iter_mut().filter(|slot| slot.is_none()) {
        if let Some(((file, result), stamp)) = loaded.next() {
            if let (Ok(summary), Some(stamp)) = (&result, stamp) {
                cache.put(file.id, stamp, summary);
            }
            *slot = Some((file, result));
        }
    }
    cache.save(&ids);
    out.into_iter().flatten().collect()
}

/// Reads every voyage's summary, on a few threads when there are many:
/// each file is independent and the work is mostly waiting on file locks
/// and reads. The order of `files` is kept.
fn summaries(
    files: Vec<crate::storage::VoyageFile>,
) -> Vec<(crate::storage::VoyageFile, Result<voyage::Summary>)> {
    const PER_THREAD: usize = 64;
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(files.len().div_ceil(PER_THREAD))
        .max(1);
    if threads == 1 {
        return files
            .into_iter()
            .map(|file| {
                let loaded = voyage::load_summary(&file);
                (file, loaded)
            })
            .collect();
    }
    let chunk = files.len().div_ceil(threads);
    let mut parts: Vec<Vec<crate::storage::VoyageFile>> =
        files.chunks(chunk).map(<[_]>::to_vec).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .drain(..)
            .map(|part| {
                scope.spawn(move || {
                    part.into_iter()
                        .map(|file| {
                            let loaded = voyage::load_summary(&file);
                            (file, loaded)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// The shortest prefix length (at least 8) that tells every voyage apart,
/// so the ids `voyage list` prints can be typed back. v7 ids begin with a
/// millisecond timestamp, so voyages started within a minute share 8 digits.
fn unique_prefix_len(files: &[crate::storage::VoyageFile]) -> usize {
    let ids: Vec<String> = files.iter().map(|f| f.id.simple().to_string()).collect();
    let longest_shared = ids
        .windows(2)
        .map(|pair| {
            pair[0]
                .bytes()
                .zip(pair[1].bytes())
                .take_while(|(a, b)| a == b)
                .count()
        })
        .max()
        .unwrap_or(0);
    (longest_shared + 1).clamp(8, 32)
}

fn show(args: ShowArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let format = match args.format {
        ShowFormat::Markdown if ctx.json => {
            return Err(
                Error::usage("--format markdown and --json ask for different output")
                    .hint("drop --json for Markdown, or drop --format for JSON"),
            );
        }
        ShowFormat::Human => StoryFormat::Human,
        ShowFormat::Markdown => StoryFormat::Markdown,
        ShowFormat::Json => StoryFormat::Json,
    };
    let file = ctx.home.resolve(&args.voyage)?;
    let mut conn = open_named(&file)?;
    let tx = storage::read(&mut conn)?;
    let story = Story {
        voyage: voyage::get(&tx)?,
        entries: logbook::entries(&tx)?,
        slate: slate::list(&tx)?,
        interrupted: crate::storage::pending::list(ctx.home.root(), &file.id),
        format,
    };
    tx.commit()?;
    Ok(Box::new(story))
}

fn end(args: EndArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.home.resolve(&args.voyage)?;
    let mut conn = super::context::open_writer(&file)?;
    let tx = storage::write(&mut conn)?;
    let status = args
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let voyage = voyage::end(&tx, status, &crate::model::now())?;
    tx.commit()?;
    Ok(Box::new(Ended { voyage }))
}

fn export(args: ExportArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.home.resolve(&args.voyage)?;
    let exported = portable::export(&file.path, &ctx.cwd.join(&args.out), args.force)?;
    Ok(Box::new(Exported { exported }))
}

fn import(args: ImportArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let voyage = portable::import(&ctx.home, &ctx.cwd.join(&args.file))?;
    Ok(Box::new(Created {
        voyage,
        imported: true,
    }))
}
