//! The voyage tools: `voyage_new`, `voyage_list`, `voyage_show`,
//! `voyage_brief`, `voyage_end`, `voyage_verify` and `voyage_compact`, each
//! returning the document of the `helm voyage …` command it mirrors.

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::{Error, Result};
use crate::mcp::Ctx;
use crate::mcp::args::{
    VoyageEndInput, VoyageInput, VoyageListInput, VoyageNewInput, VoyageVerifyInput,
};
use crate::mcp::schema::{input, output};
use crate::model::Voyage;
use crate::output::Report;
use crate::output::brief::BriefReport;
use crate::output::documents::{BriefView, ListView, VerificationView};
use crate::output::lifecycle::CompactReport;
use crate::output::story_json::StoryView;
use crate::output::verification::Verification;
use crate::output::voyage::{Created, Ended, StoryFormat, StoryReport, VoyageList};
use helm_core::ListFilter;

pub(crate) const NEW: Tool = Tool {
    name: "voyage_new",
    toolset: Toolset::Core,
    description: "Start a voyage: one piece of work with its own logbook; its id names it in every other tool.",
    input: input::<VoyageNewInput>,
    output: output::<Voyage>,
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    run: new,
};

fn new(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageNewInput = call.parse()?;
    Ok(Box::new(Created {
        voyage: ctx.helm.voyage_new(&a.intent)?,
        imported: false,
    }))
}

pub(crate) const LIST: Tool = Tool {
    name: "voyage_list",
    toolset: Toolset::Core,
    description: "List voyages, newest first: the active ones, unless `all` or `ended` is set.",
    input: input::<VoyageListInput>,
    output: output::<ListView<'static>>,
    effect: ToolEffect::READS,
    run: list,
};

fn list(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageListInput = call.parse()?;
    let filter = match (a.all, a.ended) {
        (true, true) => {
            return Err(Error::usage("all and ended ask for different lists")
                .hint("pass one of them, or neither for the active voyages"));
        }
        (true, false) => ListFilter::All,
        (false, true) => ListFilter::Ended,
        (false, false) => ListFilter::Active,
    };
    Ok(Box::new(VoyageList {
        current: None,
        listing: ctx.helm.voyage_list(filter)?,
    }))
}

pub(crate) const SHOW: Tool = Tool {
    name: "voyage_show",
    toolset: Toolset::Core,
    description: "The whole voyage: every entry with who, why and its bearing, the slate, interrupted steers.",
    input: input::<VoyageInput>,
    output: output::<StoryView<'static>>,
    effect: ToolEffect::READS,
    run: show,
};

fn show(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageInput = call.parse()?;
    // What the story shows, as `voyage show --json` carries it.
    let voyage = ctx.voyage(a.voyage)?;
    Ok(Box::new(StoryReport::read(
        &ctx.helm,
        &voyage,
        StoryFormat::Json,
    )?))
}

pub(crate) const BRIEF: Tool = Tool {
    name: "voyage_brief",
    toolset: Toolset::Core,
    description: "Where a voyage stands, to resume from: status, last entries and state, the issues and PRs it acted on as last seen, interrupted steers, the slate, related voyages.",
    input: input::<VoyageInput>,
    output: output::<BriefView<'static>>,
    effect: ToolEffect::READS,
    run: brief,
};

fn brief(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageInput = call.parse()?;
    Ok(Box::new(BriefReport {
        brief: ctx.helm.voyage_brief(&ctx.voyage(a.voyage)?)?,
    }))
}

pub(crate) const END: Tool = Tool {
    name: "voyage_end",
    toolset: Toolset::Core,
    description: "End a voyage, with an optional closing status (\"merged\", \"abandoned: …\"). It then takes no more observations or entries, for good.",
    input: input::<VoyageEndInput>,
    output: output::<Voyage>,
    // Irreversible: the voyage stops taking entries for good. Not idempotent:
    // a second call is refused (`voyage-ended`), not replayed.
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: false,
        open_world: false,
    },
    run: end,
};

fn end(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageEndInput = call.parse()?;
    Ok(Box::new(Ended {
        voyage: ctx
            .helm
            .voyage_end(&ctx.voyage(a.voyage)?, a.status.as_deref())?,
    }))
}

pub(crate) const VERIFY: Tool = Tool {
    name: "voyage_verify",
    toolset: Toolset::Lifecycle,
    description: "Check a voyage (or every voyage, with `all`) end to end: SQLite integrity, foreign keys, the schema, every stored artifact re-hashed, the artifact lifecycle. `ok` is false and `problems` lists what is wrong when a check fails. Reads only.",
    input: input::<VoyageVerifyInput>,
    output: output::<VerificationView<'static>>,
    effect: ToolEffect::READS,
    run: verify,
};

fn verify(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageVerifyInput = call.parse()?;
    let voyage = match (a.all, a.voyage.filter(|v| !v.trim().is_empty())) {
        (true, Some(_)) => {
            return Err(Error::usage("voyage and all ask for different checks")
                .hint("pass a voyage, or all: true for every voyage"));
        }
        (true, None) => None,
        (false, given) => Some(ctx.voyage(given)?),
    };
    Ok(Box::new(Verification {
        results: ctx.helm.voyage_verify(voyage.as_deref(), false)?,
    }))
}

pub(crate) const COMPACT: Tool = Tool {
    name: "voyage_compact",
    toolset: Toolset::Lifecycle,
    description: "Give the space of dropped payloads (artifact_reduce, artifact_jettison) back to the file system by rebuilding the voyage file. Changes no entry, observation or artifact; works on an ended voyage.",
    input: input::<VoyageInput>,
    output: output::<helm_core::Compacted>,
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: true,
        open_world: false,
    },
    run: compact,
};

fn compact(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyageInput = call.parse()?;
    Ok(Box::new(CompactReport {
        compacted: ctx.helm.voyage_compact(&ctx.voyage(a.voyage)?)?,
    }))
}
