//! The `search` tool: `helm search`'s results, across every voyage.

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::Result;
use crate::mcp::Ctx;
use crate::mcp::args::SearchInput;
use crate::mcp::schema::{input, output};
use crate::output::Report;
use crate::output::search::SearchReport;
use helm_core::{SearchRequest, SearchResults};

pub(crate) const SEARCH: Tool = Tool {
    name: "search",
    toolset: Toolset::Core,
    description: "Find what was said, done and seen in all voyages, best first: entries, posts, observations. FTS5 query; matches in [ ].",
    input: input::<SearchInput>,
    output: output::<SearchResults>,
    effect: ToolEffect::READS,
    run: search,
};

fn search(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: SearchInput = call.parse()?;
    let found = ctx.helm.search(&SearchRequest {
        query: a.query,
        voyage: a.voyage,
        kind: a.kind.map(|k| k.as_str().to_string()),
        identity: a.identity,
        since: a.since,
        limit: a.limit.unwrap_or(20) as usize,
        reindex: false,
        lockdown: ctx.helm.disclosure.lockdown(),
    })?;
    Ok(Box::new(SearchReport { found }))
}
