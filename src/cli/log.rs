//! `helm log <STATE>`: record where the voyage stands, sealing the slate into
//! the entry's bearing, without changing anything in the world. Also the
//! provenance flags `steer` shares.

use clap::Args;
use clap::builder::{PossibleValue, TypedValueParser};

use super::{Context, VoyageArg};
use crate::error::{Error, Result};
use crate::model::Provenance;
use crate::model::entry::SUGGESTED_STATES;
use crate::output::Report;
use crate::output::entry::Recorded;

/// Who acted and why: required on every `steer` and `log`, with no defaults.
#[derive(Debug, Args)]
pub struct ProvenanceArgs {
    /// Who is acting: a person's or an agent's name (required).
    #[arg(long = "as", value_name = "ID")]
    pub identity: Option<String>,
    /// The framing adopted, e.g. coder, reviewer, planner (required).
    #[arg(long, value_name = "ROLE")]
    pub role: Option<String>,
    /// How the thinking was done, e.g. human, "sonnet 4-6, thinking high" (required).
    #[arg(long, value_name = "METHOD")]
    pub method: Option<String>,
    /// Your reading of the bearing: why this entry, now (required).
    #[arg(long, value_name = "TEXT")]
    pub summary: Option<String>,
    /// An idempotency key: repeating a command with the same id on the same
    /// voyage performs nothing and prints the entry already recorded.
    #[arg(long, value_name = "ID")]
    pub request_id: Option<String>,
}

impl ProvenanceArgs {
    /// All four must be present and non-blank; the error names every one missing.
    pub fn resolve(&self) -> Result<Provenance> {
        Provenance::given(
            self.identity.as_deref(),
            self.role.as_deref(),
            self.method.as_deref(),
            self.summary.as_deref(),
        )
        .map_err(|missing| {
            let flags: Vec<String> = missing.iter().map(|name| format!("--{name}")).collect();
            Error::usage(crate::model::entry::missing_provenance(&flags)).hint(
                "e.g. --as alice --role coder --method human --summary \"tests pass, ready for review\"",
            )
        })
    }

    pub fn request_id(&self) -> Result<Option<&str>> {
        match self.request_id.as_deref().map(str::trim) {
            Some("") => Err(Error::usage("--request-id is empty")),
            other => Ok(other),
        }
    }
}

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
pub struct LogArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    #[command(flatten)]
    pub provenance: ProvenanceArgs,
    /// The state to record: waiting, blocked, ready, or your own words
    /// ("waiting for review from bob").
    #[arg(value_name = "STATE", value_parser = StateParser, hide_possible_values = true)]
    pub state: String,
}

pub fn run(args: LogArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let provenance = args.provenance.resolve()?;
    let request_id = args.provenance.request_id()?;
    let sealed = ctx
        .helm
        .log(args.voyage.name()?, &provenance, request_id, &args.state)?;
    Ok(Box::new(Recorded {
        sealed,
        warnings: Vec::new(),
    }))
}
