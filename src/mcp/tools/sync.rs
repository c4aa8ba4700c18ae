//! The sync tools: `voyage_push` and `voyage_pull`, sharing a voyage through
//! a git remote as `helm voyage push` and `helm voyage pull` do (ADR 0015),
//! each returning that command's document.

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Call, Tool, ToolEffect, Toolset};
use crate::error::Result;
use crate::mcp::Ctx;
use crate::mcp::schema::{input, output};
use crate::output::Report;
use crate::output::push_all::{PushView, PushedAllReport};
use crate::output::sync::{Direction, PullView, PulledAllReport, SyncReport};

/// `voyage_push`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyagePushInput {
    /// The voyage: a full id or an unambiguous prefix (default: the server's HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// Push every voyage here with news instead of one, in one git push; a voyage refused is reported with why (outcome refused) and the others land.
    #[serde(default)]
    pub(crate) all: bool,
    /// The git remote: a remote name of the git repository in the server's working directory, a URL or a path (default: origin).
    #[serde(default)]
    pub(crate) remote: Option<String>,
}

/// `voyage_pull`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct VoyagePullInput {
    /// The voyage: a full id or an unambiguous prefix, here or on the remote (default: the server's HELM_VOYAGE).
    #[serde(default)]
    pub(crate) voyage: Option<String>,
    /// Pull every voyage on the remote instead of one.
    #[serde(default)]
    pub(crate) all: bool,
    /// The git remote: a remote name of the git repository in the server's working directory, a URL or a path (default: origin).
    #[serde(default)]
    pub(crate) remote: Option<String>,
}

/// Both reach the remote; neither removes anything there or here, and a
/// repeat with nothing new moves nothing.
const SYNCS: ToolEffect = ToolEffect {
    read_only: false,
    destructive: false,
    idempotent: true,
    open_world: true,
};

pub(crate) const PUSH: Tool = Tool {
    name: "voyage_push",
    toolset: Toolset::Sync,
    description: "Share a voyage through a git remote (the team's own, through the user's git and credentials): sends the entries, artifacts, end and lifecycle changes made here since the last sync to refs/helm/voyages/<id> (all: every voyage here with news, in one git push). Refused with kind diverged when the remote holds what is not here: call voyage_pull, then push again. Nothing new changes nothing.",
    input: input::<VoyagePushInput>,
    output: output::<PushView<'static>>,
    effect: SYNCS,
    run: push,
};

fn push(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyagePushInput = call.parse()?;
    if a.all {
        return Ok(Box::new(PushedAllReport {
            pushed: ctx.helm.voyage_push_all(a.remote.as_deref(), false)?,
            words: call.speak,
        }));
    }
    let voyage = ctx.voyage(a.voyage)?;
    Ok(Box::new(SyncReport {
        synced: ctx.helm.voyage_push(&voyage, a.remote.as_deref(), false)?,
        direction: Direction::Push,
    }))
}

pub(crate) const PULL: Tool = Tool {
    name: "voyage_pull",
    toolset: Toolset::Sync,
    description: "Fetch a voyage from a git remote and merge it into the one here, or make it here (all: every voyage on the remote). The remote's entries come first in push order; entries made here and never pushed follow them, renumbered. Everything arriving is checked before anything is written (kind bad-remote otherwise); the slate is never synced.",
    input: input::<VoyagePullInput>,
    output: output::<PullView<'static>>,
    effect: SYNCS,
    run: pull,
};

fn pull(ctx: &Ctx, mut call: Call) -> Result<Box<dyn Report>> {
    let a: VoyagePullInput = call.parse()?;
    if a.all {
        return Ok(Box::new(PulledAllReport {
            pulled: ctx.helm.voyage_pull_all(a.remote.as_deref(), false)?,
        }));
    }
    let voyage = ctx.voyage(a.voyage)?;
    Ok(Box::new(SyncReport {
        synced: ctx.helm.voyage_pull(&voyage, a.remote.as_deref(), false)?,
        direction: Direction::Pull,
    }))
}
