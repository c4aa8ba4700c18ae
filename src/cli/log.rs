//! `helm log <STATUS>`: record where the voyage stands, sealing the slate into
//! the entry's bearing, without changing anything in the world.

use clap::Args;

use super::{Context, VoyageArg};
use crate::error::{Error, Result};
use crate::model::{Action, LogStatus, Provenance};
use crate::output::Report;
use crate::output::entry::Recorded;
use crate::storage::logbook;

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
        let fields = [
            ("--as", &self.identity),
            ("--role", &self.role),
            ("--method", &self.method),
            ("--summary", &self.summary),
        ];
        let missing: Vec<&str> = fields
            .iter()
            .filter(|(_, value)| value.as_deref().is_none_or(|v| v.trim().is_empty()))
            .map(|(flag, _)| *flag)
            .collect();
        if !missing.is_empty() {
            return Err(Error::usage(format!(
                "missing {}: every entry records who acted, in what role, by what method and why",
                missing.join(", ")
            ))
            .hint("e.g. --as alice --role coder --method human --summary \"tests pass, ready for review\""));
        }
        let take = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_string();
        Ok(Provenance {
            identity: take(&self.identity),
            role: take(&self.role),
            method: take(&self.method),
            summary: take(&self.summary),
        })
    }

    pub fn request_id(&self) -> Result<Option<&str>> {
        match self.request_id.as_deref().map(str::trim) {
            Some("") => Err(Error::usage("--request-id is empty")),
            other => Ok(other),
        }
    }
}

#[derive(Debug, Args)]
pub struct LogArgs {
    #[command(flatten)]
    pub voyage: VoyageArg,
    #[command(flatten)]
    pub provenance: ProvenanceArgs,
    /// The state to record.
    #[arg(value_enum, value_name = "STATUS")]
    pub status: LogStatus,
}

pub fn run(args: LogArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let provenance = args.provenance.resolve()?;
    let request_id = args.provenance.request_id()?;
    let mut conn = super::context::open_writer(&ctx.voyage_file(&args.voyage)?)?;
    let status = args.status;
    let sealed = logbook::seal(&mut conn, &provenance, request_id, |_bearing| {
        Ok(Action::Log {
            status,
            request_id: None,
        })
    })?;
    if sealed.replayed {
        super::check_replay(
            &sealed.entry,
            |action| matches!(action, Action::Log { status: s, .. } if *s == status),
        )?;
    }
    Ok(Box::new(Recorded { sealed }))
}
