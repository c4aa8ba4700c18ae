//! `helm search`: find what was said, done and seen across voyages.

use clap::Args;

use super::Context;
use crate::error::Result;
use crate::output::Report;
use crate::output::search::SearchReport;
use helm_core::SearchRequest;

#[derive(Debug, Args)]
pub(crate) struct SearchArgs {
    /// What to find, in FTS5's syntax: words, "phrases", prefix*, AND, OR, NOT.
    #[arg(value_name = "QUERY")]
    pub(crate) query: String,
    /// Search one voyage (a full id or an unambiguous prefix); HELM_VOYAGE
    /// does not narrow a search.
    #[arg(long = "voyage", short = 'V', value_name = "VOYAGE")]
    pub(crate) voyage: Option<String>,
    /// Only results of this kind.
    #[arg(long, value_name = "KIND", value_parser = helm_core::SEARCH_KINDS)]
    pub(crate) kind: Option<String>,
    /// Only what this identity recorded (an entry's --as, or the entry that
    /// sealed an observation).
    #[arg(long = "as", value_name = "WHO")]
    pub(crate) identity: Option<String>,
    /// Only what was recorded on or after this date (2026-11-21) or time
    /// (2026-11-21T09:30:00Z).
    #[arg(long, value_name = "DATE")]
    pub(crate) since: Option<String>,
    /// At most this many results, best first.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub(crate) limit: u32,
    /// Rebuild the index at $HELM_HOME/search.sqlite from every voyage first.
    #[arg(long)]
    pub(crate) reindex: bool,
    /// Withhold the text of authors without push access from snippets.
    #[arg(long)]
    pub(crate) lockdown: bool,
}

pub(crate) fn run(args: SearchArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let found = ctx.helm.search(&SearchRequest {
        query: args.query,
        voyage: args.voyage,
        kind: args.kind,
        identity: args.identity,
        since: args.since,
        limit: args.limit as usize,
        reindex: args.reindex,
        lockdown: args.lockdown,
    })?;
    Ok(Box::new(SearchReport { found }))
}
