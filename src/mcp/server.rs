//! The MCP server itself: what it says at `initialize`, the tools it lists
//! and runs (as `Served` allows), each call run on a blocking thread and its
//! report rendered as the command's `--json` would be.

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, JsonObject,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use super::served::Served;
use super::tools::{Call, Tool};
use super::{Ctx, document, refusal};
use crate::error::{Error, Kind};

const INSTRUCTIONS: &str = "\
helm keeps a logbook per voyage (one piece of collaborative work). Observe what you look at \
(files, GitHub issues and PRs): observations gather on the voyage's slate and never write the \
logbook. Steer to change GitHub (comment, open or merge a PR…) and log to record where you stand: \
each records one logbook entry, with who acted, in what role, by what method and why, and seals \
the slate into that entry's bearing. Resume a voyage with voyage_brief.";

#[derive(Clone)]
pub struct HelmServer {
    ctx: Arc<Ctx>,
    served: Arc<Served>,
}

impl HelmServer {
    pub fn new(ctx: Arc<Ctx>, served: Served) -> HelmServer {
        HelmServer {
            ctx,
            served: Arc::new(served),
        }
    }
}

impl ServerHandler for HelmServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("helm", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(
            self.served.tools().map(Tool::describe).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // A tool not served is refused as an unknown one: invalid params.
        let tool = self
            .served
            .get(&request.name)
            .map_err(|reason| ErrorData::invalid_params(reason, None))?;
        let args = request.arguments.unwrap_or_default();
        Ok(run(&self.ctx, tool, args).await.into())
    }
}

/// Runs one tool call on a blocking thread and renders its report as the
/// command's `--json` would. Every failure, bad arguments included, is a
/// tool error carrying `{"error": {kind, message, hint}}`.
async fn run(ctx: &Arc<Ctx>, tool: &'static Tool, args: JsonObject) -> CallToolResult {
    let ctx = Arc::clone(ctx);
    let call = Call {
        tool: tool.name,
        args,
        tally: Default::default(),
    };
    let rendered = tokio::task::spawn_blocking(move || {
        let report = (tool.run)(&ctx, call)?;
        let mut out = Vec::new();
        report
            .json(&mut out)
            .map_err(|err| Error::io("cannot render the result", &err))?;
        Ok(out)
    })
    .await
    .unwrap_or_else(|join| {
        Err(Error::new(
            Kind::Storage,
            format!("helm failed while running {}: {join}", tool.name),
        )
        .hint("this is a bug in helm; please report it with the arguments used"))
    });
    match rendered.and_then(|bytes| document(&bytes)) {
        Ok(value) => CallToolResult::structured(value),
        Err(err) => refusal(&err),
    }
}
