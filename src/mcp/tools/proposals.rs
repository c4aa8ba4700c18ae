//! The MCP side of propose-then-approve (issue 42): `proposals` (in core,
//! reading only) lists a voyage's proposals and their state; `approve` and
//! `reject` are served only by a server started with `--toolsets
//! approvals` (never by `all`), so an agent host can keep the write for a
//! person. `helm mcp --propose-only` serves `steer` as [`STEER_PROPOSING`].

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::Result;
use crate::mcp::Ctx;
use crate::mcp::schema::{input, output};
use crate::output::Report;
use crate::output::documents::RecordedView;
use crate::output::entry::Recorded;
use crate::output::proposals::{Proposals, ProposalsView};
use crate::output::rehearsal::Rehearsed;
use helm_core::ApproveRequest;
use helm_core::{ProvenanceSpec, Surface};

/// `proposals`: the voyage alone, said as every tool says it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ProposalsInput {
    #[serde(default)]
    pub(crate) voyage: Option<String>,
}

/// `approve`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ApproveInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// The proposal's entry number.
    pub(crate) entry: i64,
    /// Approve a proposal of your own (recorded).
    #[serde(default)]
    pub(crate) allow_self: bool,
    /// Merge although not ready, for this reason (recorded).
    #[serde(default, rename = "override")]
    pub(crate) override_reason: Option<String>,
    /// Check everything and return the request; send and record nothing.
    #[serde(default)]
    pub(crate) dry_run: bool,
}

/// `reject`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RejectInput {
    /// Voyage id or prefix (default: HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    #[serde(flatten)]
    pub(crate) provenance: ProvenanceSpec,
    /// The proposal's entry number.
    pub(crate) entry: i64,
}

pub(crate) const PROPOSALS: Tool = Tool {
    name: "proposals",
    toolset: Toolset::Core,
    description: "Every proposal (steer with propose), each with its state.",
    input: input::<ProposalsInput>,
    output: output::<ProposalsView<'static>>,
    effect: ToolEffect::READS,
    run: proposals,
};

fn proposals(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: ProposalsInput = call.parse()?;
    let listed = ctx.helm.proposals(&ctx.voyage(a.voyage)?, true)?;
    Ok(Box::new(Proposals { listed, all: true }))
}

pub(crate) const APPROVE: Tool = Tool {
    name: "approve",
    toolset: Toolset::Approvals,
    description: "Perform a proposal exactly as proposed (its digest checked) and record one steer entry naming it; refused as same-identity (unless allowSelf), expired, conflict (rejected), bad-proposal, stale or not-ready (unless override), with nothing sent. A second approval returns the first's entry.",
    input: input::<ApproveInput>,
    output: output::<RecordedView<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: true,
        idempotent: true,
        open_world: true,
    },
    run: approve,
};

fn approve(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: ApproveInput = call.parse()?;
    let provenance = a.provenance.resolve(Surface::Mcp)?;
    let voyage = ctx.voyage(a.voyage)?;
    let request = ApproveRequest {
        provenance: &provenance,
        allow_self: a.allow_self,
        override_reason: a.override_reason.as_deref(),
        cancel: &call.cancel,
    };
    let render = call.speak;
    if a.dry_run {
        let rehearsal = ctx.helm.rehearse_approval(&voyage, a.entry, &request)?;
        return Ok(Box::new(Rehearsed::said(rehearsal, render)));
    }
    let steered = ctx.helm.approve(&voyage, a.entry, &request)?;
    Ok(Box::new(Recorded::said(
        steered.sealed,
        &steered.warnings,
        render,
    )))
}

pub(crate) const REJECT: Tool = Tool {
    name: "reject",
    toolset: Toolset::Approvals,
    description: "Turn a proposal down: record a rejection entry (who, role, method, why) naming it. Nothing is sent.",
    input: input::<RejectInput>,
    output: output::<RecordedView<'static>>,
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: false,
    },
    run: reject,
};

fn reject(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: RejectInput = call.parse()?;
    let provenance = a.provenance.resolve(Surface::Mcp)?;
    let request_id = a.provenance.request_id(Surface::Mcp)?;
    let sealed = ctx
        .helm
        .reject(&ctx.voyage(a.voyage)?, a.entry, &provenance, request_id)?;
    Ok(Box::new(Recorded {
        sealed,
        warnings: Vec::new(),
    }))
}

/// `steer` as `helm mcp --propose-only` serves it: every call records a
/// proposal and sends nothing; a person approves it with `helm approve`.
pub(crate) const STEER_PROPOSING: Tool = Tool {
    description: "Propose a steer on its forge: check it as a steer would (inputs, secrets, freshness, readiness) and record a proposal entry with the exact request, sealing the slate. This server only proposes: nothing is sent; a person approves it (helm approve).",
    effect: ToolEffect {
        read_only: false,
        destructive: false,
        idempotent: false,
        open_world: true,
    },
    run: super::logbook::steer_proposing,
    ..super::logbook::STEER
};
