//! The tools that write the logbook, `steer` and `log`.

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::Result;
use crate::inputs::Surface;
use crate::mcp::Ctx;
use crate::mcp::args::{LogInput, SteerInput};
use crate::mcp::schema::{input, output};
use crate::ops::logbook::SteerRequest;
use crate::output::Report;
use crate::output::documents::RecordedView;
use crate::output::entry::Recorded;

pub(crate) const STEER: Tool = Tool {
    name: "steer",
    toolset: Toolset::Core,
    description: "Change shared state on GitHub (comment, create/edit/close an issue or PR, request review, reply inline, merge) and record it as one logbook entry saying who acted, in what role, by what method and why. Steer seals the slate into the entry's bearing. Before acting it checks that every observation of the issue or PR on the slate is still current, and refuses if one changed (allowStale acts anyway and records it). If GitHub refuses, nothing is recorded and the slate is unchanged; a retry with the same requestId never acts twice.",
    input: input::<SteerInput>,
    output: output::<RecordedView<'static>>,
    // It can close issues and PRs and merge; only a repeat with the same
    // requestId is a no-op, so it is not idempotent as such.
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: false,
        open_world: true,
    },
    run: steer,
};

fn steer(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: SteerInput = call.parse()?;
    let provenance = a.provenance.resolve(Surface::Mcp)?;
    let request_id = a.provenance.request_id(Surface::Mcp)?;
    let voyage = ctx.voyage(a.voyage)?;
    let steered = ctx.helm.steer(
        &voyage,
        &SteerRequest {
            provenance: &provenance,
            request_id,
            action: &a.action,
            repo: a.repo.as_deref(),
            allow_stale: a.allow_stale,
            cancel: &call.cancel,
        },
    )?;
    Ok(Box::new(Recorded {
        sealed: steered.sealed,
        warnings: steered.warnings,
    }))
}

pub(crate) const LOG: Tool = Tool {
    name: "log",
    toolset: Toolset::Core,
    description: "Record where the voyage stands (waiting, blocked, ready, or your own words) as one logbook entry saying who, in what role, by what method and why, without changing anything. Log seals the slate into the entry's bearing; a retry with the same requestId records nothing new.",
    input: input::<LogInput>,
    output: output::<RecordedView<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    run: log,
};

fn log(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: LogInput = call.parse()?;
    let provenance = a.provenance.resolve(Surface::Mcp)?;
    let request_id = a.provenance.request_id(Surface::Mcp)?;
    let sealed = ctx
        .helm
        .log(&ctx.voyage(a.voyage)?, &provenance, request_id, &a.state)?;
    Ok(Box::new(Recorded {
        sealed,
        warnings: Vec::new(),
    }))
}
