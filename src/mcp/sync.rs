//! The MCP tools `voyage_push` and `voyage_pull`: sharing a voyage through a
//! git remote, as `helm voyage push` and `helm voyage pull` do, with their
//! `--json` documents as results. Registered beside the other tools
//! (`tools::HelmServer`) as a router of their own.

use rmcp::model::{CallToolResult, JsonObject};
use rmcp::{ErrorData, tool, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;

use super::call;
use super::tools::{HelmServer, input};
use crate::output::Report;
use crate::output::sync::{Direction, PulledAllReport, SyncReport};

type Answer = std::result::Result<CallToolResult, ErrorData>;

/// `voyage_push`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PushArgs {
    /// The voyage: a full id or an unambiguous prefix (default: the server's HELM_VOYAGE).
    #[serde(default)]
    pub voyage: Option<String>,
    /// The git remote: a remote name of the git repository in the server's working directory, a URL or a path (default: origin).
    #[serde(default)]
    pub remote: Option<String>,
}

/// `voyage_pull`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PullArgs {
    /// The voyage: a full id or an unambiguous prefix, here or on the remote (default: the server's HELM_VOYAGE).
    #[serde(default)]
    pub voyage: Option<String>,
    /// Pull every voyage on the remote instead of one.
    #[serde(default)]
    pub all: bool,
    /// The git remote: a remote name of the git repository in the server's working directory, a URL or a path (default: origin).
    #[serde(default)]
    pub remote: Option<String>,
}

#[tool_router(router = sync_router, vis = "pub(super)")]
impl HelmServer {
    #[tool(
        name = "voyage_push",
        description = "Share a voyage through a git remote (the team's own, through the user's git and credentials): sends the entries, artifacts, end and lifecycle changes made here since the last sync to refs/helm/voyages/<id>. Refused with kind diverged when the remote holds what is not here: call voyage_pull, then push again. Nothing new changes nothing.",
        input_schema = input::<PushArgs>(),
        annotations(open_world_hint = true, destructive_hint = false, idempotent_hint = true)
    )]
    async fn voyage_push(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_push", args, |ctx, a: PushArgs| {
            let voyage = ctx.voyage(a.voyage)?;
            Ok(Box::new(SyncReport {
                synced: ctx.helm.voyage_push(&voyage, a.remote.as_deref())?,
                direction: Direction::Push,
            }) as Box<dyn Report>)
        })
        .await
    }

    #[tool(
        name = "voyage_pull",
        description = "Fetch a voyage from a git remote and merge it into the one here, or make it here (all: every voyage on the remote). The remote's entries come first in push order; entries made here and never pushed follow them, renumbered. Everything arriving is checked before anything is written (kind bad-remote otherwise); the slate is never synced.",
        input_schema = input::<PullArgs>(),
        annotations(open_world_hint = true, destructive_hint = false, idempotent_hint = true)
    )]
    async fn voyage_pull(&self, args: JsonObject) -> Answer {
        call(&self.ctx, "voyage_pull", args, |ctx, a: PullArgs| {
            if a.all {
                return Ok(Box::new(PulledAllReport {
                    pulled: ctx.helm.voyage_pull_all(a.remote.as_deref())?,
                }) as Box<dyn Report>);
            }
            let voyage = ctx.voyage(a.voyage)?;
            Ok(Box::new(SyncReport {
                synced: ctx.helm.voyage_pull(&voyage, a.remote.as_deref())?,
                direction: Direction::Pull,
            }) as Box<dyn Report>)
        })
        .await
    }
}
