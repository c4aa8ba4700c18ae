//! The tools that write the logbook, `steer` and `log`.

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::Result;
use crate::mcp::Ctx;
use crate::mcp::args::{LogInput, SteerInput};
use crate::mcp::schema::{input, output};
use crate::output::Report;
use crate::output::documents::{RecordedView, SteerResultDoc};
use crate::output::entry::Recorded;
use crate::output::rehearsal::Rehearsed;
use helm_core::Surface;

pub(crate) const STEER: Tool = Tool {
    name: "steer",
    toolset: Toolset::Core,
    description: "Act on the forge and record one logbook entry (who, role, method, why); it seals the slate into its bearing. Refused if the issue or PR changed since observed (allowStale acts anyway). dryRun and propose send nothing; if refused, nothing is recorded; a requestId never acts twice.",
    input: input::<SteerInput>,
    output: output::<SteerResultDoc>,
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

fn steer(ctx: &Ctx, call: Call) -> Result<Box<dyn Report>> {
    steering(ctx, call, false)
}

/// `steer` on a `--propose-only` server: always a proposal.
pub(super) fn steer_proposing(ctx: &Ctx, call: Call) -> Result<Box<dyn Report>> {
    steering(ctx, call, true)
}

fn steering(ctx: &Ctx, mut call: Call, propose_only: bool) -> Result<Box<dyn Report>> {
    let a: SteerInput = call.parse()?;
    let provenance = a.provenance.resolve(Surface::Mcp)?;
    let request_id = a.provenance.request_id(Surface::Mcp)?;
    let voyage = ctx.voyage(a.voyage)?;
    let options = &a.options;
    let request = options.request(
        &provenance,
        request_id,
        &a.action,
        options.repo.as_deref(),
        &call.cancel,
    );
    let render = call.speak;
    // A refusal goes on the record when asked, and is still the answer.
    let refused = |error| match options.record_refusal {
        true => ctx
            .helm
            .record_refusal(&voyage, &request, options.dry_run, error),
        false => error,
    };
    if options.expires.is_some() && !(options.propose || propose_only) {
        return Err(crate::error::Error::usage(
            "`expires` is how long a proposal waits, and this steer is no proposal",
        )
        .hint("add `propose: true`, or leave out `expires`"));
    }
    if (options.propose || propose_only) && !options.dry_run {
        let sealed = ctx
            .helm
            .propose(&voyage, &request, options.expires.as_deref())
            .map_err(refused)?;
        return Ok(Box::new(Recorded {
            sealed,
            warnings: Vec::new(),
        }));
    }
    if options.dry_run {
        let rehearsal = ctx.helm.rehearse(&voyage, &request).map_err(refused)?;
        return Ok(Box::new(Rehearsed::said(rehearsal, render)));
    }
    let steered = ctx.helm.steer(&voyage, &request).map_err(refused)?;
    Ok(Box::new(Recorded::said(
        steered.sealed,
        &steered.warnings,
        render,
    )))
}

pub(crate) const LOG: Tool = Tool {
    name: "log",
    toolset: Toolset::Core,
    description: "Record where the voyage stands as one logbook entry (who, role, method, why), changing nothing. It seals the slate into its bearing; a repeated requestId records nothing new.",
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
