//! The tools that write the logbook, `steer` and `log`, and the ones that
//! settle a steer whose outcome was never recorded (`interrupted_list`,
//! `interrupted_settle`, `interrupted_discard`).

use super::{Call, Tool, ToolEffect};
use crate::error::Result;
use crate::inputs::Surface;
use crate::mcp::Ctx;
use crate::mcp::args::{AttemptInput, LogInput, SteerInput, VoyageInput};
use crate::mcp::schema::{input, output};
use crate::ops::logbook::SteerRequest;
use crate::output::Report;
use crate::output::documents::{InterruptedView, RecordedView, SettledView};
use crate::output::entry::Recorded;
use crate::output::interrupted::{Interrupted, Settled};

pub(crate) const STEER: Tool = Tool {
    name: "steer",
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
            allow_secret: &a.allow_secret,
            disclose: a.disclose,
        },
    )?;
    Ok(Box::new(Recorded {
        sealed: steered.sealed,
        warnings: steered.warnings,
    }))
}

pub(crate) const LOG: Tool = Tool {
    name: "log",
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

pub(crate) const INTERRUPTED_LIST: Tool = Tool {
    name: "interrupted_list",
    description: "The voyage's interrupted steers: steers whose outcome was never recorded (the process died, or GitHub's answer was lost after it may have acted), each with the requestId that interrupted_settle or interrupted_discard takes. Reads only.",
    input: input::<VoyageInput>,
    output: output::<InterruptedView<'static>>,
    effect: ToolEffect::READS,
    run: interrupted_list,
};

fn interrupted_list(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageInput = call.parse()?;
    Ok(Box::new(Interrupted {
        records: ctx.helm.interrupted(&ctx.voyage(a.voyage)?)?,
    }))
}

pub(crate) const INTERRUPTED_SETTLE: Tool = Tool {
    name: "interrupted_settle",
    description: "Record what an interrupted steer did: from GitHub's saved answer, or from what GitHub shows (a comment with the same body, the issue or PR created, the merge at the pinned sha …). Never acts on GitHub; when GitHub shows that nothing happened, the record is removed (outcome nothing-happened) and a new steer may act.",
    input: input::<AttemptInput>,
    output: output::<SettledView<'static>>,
    // Records an entry, never acts; settling again finds no record.
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: true,
        open_world: true,
    },
    run: interrupted_settle,
};

fn interrupted_settle(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: AttemptInput = call.parse()?;
    Ok(Box::new(Settled::Settlement(
        ctx.helm.settle(&ctx.voyage(a.voyage)?, a.attempt.trim())?,
    )))
}

pub(crate) const INTERRUPTED_DISCARD: Tool = Tool {
    name: "interrupted_discard",
    description: "Drop an interrupted steer's record without recording anything, after checking GitHub yourself. What the steer may have done on GitHub is then nowhere in the voyage.",
    input: input::<AttemptInput>,
    output: output::<SettledView<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: false,
    },
    run: interrupted_discard,
};

fn interrupted_discard(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: AttemptInput = call.parse()?;
    Ok(Box::new(Settled::Discarded(Box::new(
        ctx.helm.discard(&ctx.voyage(a.voyage)?, a.attempt.trim())?,
    ))))
}
