//! `helm voyage new|list|show|end`.

use clap::{Args, Subcommand};

use super::context::{Context, name_file, open_named};
use crate::error::{Error, Result};
use crate::output::Report;
use crate::output::voyage::{Created, Ended, Story, VoyageList};
use crate::storage::{self, logbook, slate, voyage};

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
    Ok(Box::new(Created { voyage }))
}

fn list(args: ListArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let mut voyages = Vec::new();
    let mut unreadable = Vec::new();
    for file in ctx.home.voyage_files()? {
        match voyage::load_summary(&file) {
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
    }))
}

fn show(args: ShowArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.home.resolve(&args.voyage)?;
    let mut conn = open_named(&file)?;
    let tx = storage::read(&mut conn)?;
    let story = Story {
        voyage: voyage::get(&tx)?,
        entries: logbook::entries(&tx)?,
        slate: slate::list(&tx)?,
    };
    tx.commit()?;
    Ok(Box::new(story))
}

fn end(args: EndArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let file = ctx.home.resolve(&args.voyage)?;
    let mut conn = open_named(&file)?;
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
