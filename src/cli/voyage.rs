//! `helm voyage new|list|show|end|export|import`.

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
    let listed = storage::listing::list(&ctx.home)?;
    for warning in &listed.warnings {
        eprintln!("warning: {}", crate::output::clean(warning));
    }
    let mut unreadable = Vec::new();
    for (file, err) in listed.unreadable {
        let err = name_file(err, &file);
        eprintln!("warning: {}", crate::output::clean(err.message()));
        unreadable.push((file.path, err.message().to_string()));
    }
    let voyages = listed
        .voyages
        .into_iter()
        .filter(|summary| match (args.all, args.ended) {
            (true, _) => true,
            (false, true) => !summary.voyage.is_active(),
            (false, false) => summary.voyage.is_active(),
        })
        .collect();
    Ok(Box::new(VoyageList {
        voyages,
        unreadable,
        id_width: listed.id_width,
    }))
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
