//! `helm log <STATE>`: record where the voyage stands, sealing the slate into
//! the entry's bearing, without changing anything in the world.

use clap::Args;
use clap::builder::{PossibleValue, TypedValueParser};

use super::flags::FlagArgs;
use super::{Context, VoyageArg};
use crate::error::{Error, Result, cmd};
use crate::model::entry::SUGGESTED_STATES;
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::words;
use helm_core::{ProvenanceSpec, Surface};

/// Any text is a state; the suggested words show in `--help` and in shell
/// completions without limiting what may be said.
#[derive(Clone, Debug)]
struct StateParser;

impl TypedValueParser for StateParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            SUGGESTED_STATES
                .iter()
                .map(|(word, help)| PossibleValue::new(*word).help(*help)),
        ))
    }
}

#[derive(Debug, Args)]
pub(crate) struct LogArgs {
    #[command(flatten)]
    pub(crate) voyage: VoyageArg,
    #[command(flatten, next_help_heading = super::SHARED)]
    pub(crate) provenance: FlagArgs<ProvenanceSpec>,
    /// The state to record: waiting, blocked, ready, or your own words
    /// ("waiting for review from bob"). Required: the logbook itself is read
    /// with `helm voyage show`.
    // Optional to clap, so that `helm log` alone (git's and jj's habit of
    // reading the log) is answered with where the logbook is.
    #[arg(value_name = "STATE", value_parser = StateParser, hide_possible_values = true)]
    pub(crate) state: Option<String>,
}

pub(crate) fn run(args: LogArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let Some(state) = args.state.as_deref() else {
        return Err(Error::usage(
            "helm log records where the voyage stands, and needs the STATE to record",
        )
        .hint(words![
            "the logbook is read with ",
            cmd("voyage show"),
            "; to record a state: ",
            cmd("log")
                .value("as", "ID")
                .value("role", "ROLE")
                .value("method", "METHOD")
                .value("summary", "WHY")
                .word("waiting"),
        ]));
    };
    let provenance = args.provenance.resolve(Surface::Cli)?;
    let request_id = args.provenance.request_id(Surface::Cli)?;
    let sealed = ctx
        .helm
        .log(args.voyage.name()?, &provenance, request_id, state)?;
    Ok(Box::new(Recorded {
        sealed,
        warnings: Vec::new(),
    }))
}
