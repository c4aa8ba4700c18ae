//! The artifact tools: `artifact_show` and `artifact_list` read stored
//! payloads; `artifact_reduce` and `artifact_jettison` lighten them.

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::{Error, Result};
use crate::mcp::Ctx;
use crate::mcp::args::{
    ArtifactJettisonInput, ArtifactReduceInput, ArtifactShowInput, VoyageInput,
};
use crate::mcp::schema::{input, output};
use crate::output::Report;
use crate::output::documents::PayloadDoc;
use crate::output::lifecycle::{
    ArtifactList, JettisonDoc, JettisonReport, ListDoc, ReduceDoc, ReduceReport,
};
use crate::output::payload::PayloadReport;

pub(crate) const SHOW: Tool = Tool {
    name: "artifact_show",
    toolset: Toolset::Lifecycle,
    description: "An artifact's payload JSON by hash or unique prefix: what an observation saw, as the bearings and the slate name it. A reduced artifact gives its summary ({\"kind\": \"summary\", \"of\", \"method\", \"text\"}); a jettisoned one is an error. Its output schema is an open JSON object on purpose: the payload is shaped by the kind that observed it (observe's results).",
    input: input::<ArtifactShowInput>,
    output: output::<PayloadDoc>,
    effect: ToolEffect::READS,
    run: show,
};

fn show(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: ArtifactShowInput = call.parse()?;
    let shown = ctx.helm.artifact_show(&ctx.voyage(a.voyage)?, &a.hash)?;
    Ok(Box::new(PayloadReport {
        data: shown.data,
        note: shown.note,
        shown: shown.shown,
        terminal: false,
    }))
}

pub(crate) const LIST: Tool = Tool {
    name: "artifact_list",
    toolset: Toolset::Lifecycle,
    description: "Every artifact of the voyage, largest first: its stored and payload size, status (stowed, reduced, jettisoned), the slate and entries that reference it, and a reduced one's summary. Reads only.",
    input: input::<VoyageInput>,
    output: output::<ListDoc<'static>>,
    effect: ToolEffect::READS,
    run: list,
};

fn list(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageInput = call.parse()?;
    Ok(Box::new(ArtifactList {
        artifacts: ctx.helm.artifact_list(&ctx.voyage(a.voyage)?)?,
    }))
}

pub(crate) const REDUCE: Tool = Tool {
    name: "artifact_reduce",
    toolset: Toolset::Lifecycle,
    description: "Replace artifacts' payloads by a summary you write, keeping their hashes and every reference: each gets its own summary artifact ({\"kind\": \"summary\", \"of\", \"method\", \"text\"}) and the payload is dropped. All the hashes or none; works on an ended voyage; no entry changes. voyage_compact then gives the space back.",
    input: input::<ArtifactReduceInput>,
    output: output::<ReduceDoc<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: false,
    },
    run: reduce,
};

fn reduce(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: ArtifactReduceInput = call.parse()?;
    named_some(&a.hashes)?;
    let helm = &ctx.helm;
    let voyage = ctx.voyage(a.voyage)?;
    let reduced = helm.artifact_reduce(&voyage, &a.hashes, &a.method, &a.summary)?;
    Ok(Box::new(ReduceReport {
        voyage: helm.voyage_file(&voyage)?.id.to_string(),
        reduced,
    }))
}

pub(crate) const JETTISON: Tool = Tool {
    name: "artifact_jettison",
    toolset: Toolset::Lifecycle,
    description: "Drop artifacts' payloads, keeping their hashes and every reference. All the hashes or none; one already jettisoned is left as it is (changed: false); works on an ended voyage; no entry changes. voyage_compact then gives the space back.",
    input: input::<ArtifactJettisonInput>,
    output: output::<JettisonDoc<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: false,
    },
    run: jettison,
};

fn jettison(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: ArtifactJettisonInput = call.parse()?;
    named_some(&a.hashes)?;
    let helm = &ctx.helm;
    let voyage = ctx.voyage(a.voyage)?;
    let jettisoned = helm.artifact_jettison(&voyage, &a.hashes)?;
    Ok(Box::new(JettisonReport {
        voyage: helm.voyage_file(&voyage)?.id.to_string(),
        jettisoned,
    }))
}

/// An empty list would change nothing and say nothing: refused, as the CLI
/// requires a hash.
fn named_some(hashes: &[String]) -> Result<()> {
    if hashes.is_empty() {
        return Err(Error::usage("no artifacts named")
            .hint("pass their hashes (or unique prefixes) as hashes; artifact_list shows them"));
    }
    Ok(())
}
