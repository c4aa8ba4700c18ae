//! The MCP server itself: what it says at `initialize`, the tools it lists
//! and runs (as `Served` allows), each call run on a blocking thread and its
//! report rendered as the command's `--json` would be, with progress when
//! the client asks (`progress`); and the voyages' resources (`resources`).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorCode, Implementation, JsonObject,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ProgressToken, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, Peer, RoleServer, ServerHandler};
use serde_json::Value;

use super::served::Served;
use super::tools::{Call, Tool};
use super::{Ctx, document, refusal, resources};
use crate::error::{Error, Kind};
use helm_core::Cancel;
use helm_core::Tally;

const INSTRUCTIONS: &str = "\
helm keeps a logbook per voyage (one piece of collaborative work). Observe what you look at \
(files, GitHub issues and PRs): observations gather on the voyage's slate and never write the \
logbook. Steer to change GitHub (comment, open or merge a PR…) and log to record where you stand: \
each records one logbook entry, with who acted, in what role, by what method and why, and seals \
the slate into that entry's bearing. Resume a voyage with voyage_brief. This server lists only the \
toolsets it was started with (by default core); the others (sync: voyage_push, voyage_pull; lifecycle: \
voyage_verify, voyage_compact, slate_erase, slate_clear, artifact_*; recovery: interrupted) are served \
when the person running it adds them, e.g. `helm mcp --toolsets all`.";

#[derive(Clone)]
pub(crate) struct HelmServer {
    ctx: Arc<Ctx>,
    served: Arc<Served>,
}

impl HelmServer {
    pub(crate) fn new(ctx: Arc<Ctx>, served: Served) -> HelmServer {
        HelmServer {
            ctx,
            served: Arc::new(served),
        }
    }
}

impl ServerHandler for HelmServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("helm", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "{INSTRUCTIONS} {}",
                helm_core::described_configuration()
            ))
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
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // A tool not served is refused as an unknown one: invalid params.
        let tool = self
            .served
            .get(&request.name)
            .map_err(|reason| ErrorData::invalid_params(reason, None))?;
        let args = request.arguments.unwrap_or_default();
        let progress = context.meta.get_progress_token();
        // The request's token is cancelled the moment rmcp reads the
        // client's `notifications/cancelled` for it; the core reads it there.
        let token = context.ct.clone();
        let cancel = Cancel::reading(move || token.is_cancelled());
        // The caller's trace (`_meta.traceparent`, SEP-414) is recorded on
        // the entry this call makes: its own `Helm` carries it.
        let ctx = match helm_core::caller_trace(
            context.meta.get_traceparent(),
            context.meta.get_tracestate(),
            "_meta.traceparent",
        ) {
            Some(trace) => Arc::new(self.ctx.traced(trace)),
            None => Arc::clone(&self.ctx),
        };
        let request_id = serde_json::to_string(&context.id).unwrap_or_default();
        let span = crate::spans::tool_call(
            tool.name,
            request_id.trim_matches('"'),
            ctx.helm.trace.as_ref(),
        );
        let within = span.as_ref().map(crate::spans::Open::context);
        let result = run(&ctx, tool, args, progress, &context.peer, &cancel, within).await;
        if let Some(span) = span {
            // `error.type` is `tool_error` exactly when the result is one.
            let message = (result.is_error == Some(true)).then(|| tool_error_message(&result));
            span.end(message.as_deref().map(|m| ("tool_error", m)));
        }
        if cancel.is_cancelled() {
            log_cancelled(tool, &context.id, &cancel, &result);
        }
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let (ctx, served) = (Arc::clone(&self.ctx), Arc::clone(&self.served));
        let resources = blocking(move || resources::list(&ctx, &served)).await?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(
            resources::templates(&self.served),
        ))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let (ctx, served) = (Arc::clone(&self.ctx), Arc::clone(&self.served));
        let uri = request.uri.clone();
        let read = blocking(move || resources::read(&ctx, &served, &request.uri)).await;
        // The specification's resource-not-found error names the URI in
        // `data.uri`; helm's error document goes beside it.
        let contents = read.map_err(|mut err| {
            if err.code == ErrorCode::RESOURCE_NOT_FOUND
                && let Some(Value::Object(data)) = &mut err.data
            {
                data.insert("uri".into(), Value::String(uri));
            }
            err
        })?;
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

/// Runs a resource request on a blocking thread; a failure is the JSON-RPC
/// error the specification gives for it, carrying helm's error document.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> crate::error::Result<T> + Send + 'static,
) -> Result<T, ErrorData> {
    let result = tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|join| {
            Err(Error::new(Kind::Storage, format!("helm failed: {join}"))
                .hint("this is a bug in helm; please report it"))
        });
    result.map_err(|err| {
        let data = Some(super::error_doc(&err));
        let message = super::words::render(err.message());
        match err.kind() {
            Kind::NotFound => ErrorData::resource_not_found(message, data),
            Kind::Usage | Kind::Ambiguous => ErrorData::invalid_params(message, data),
            _ => ErrorData::internal_error(message, data),
        }
    })
}

/// Runs one tool call on a blocking thread and renders its report as the
/// command's `--json` would. Every failure, bad arguments included, is a
/// tool error carrying `{"error": {kind, message, hint}}`.
async fn run(
    ctx: &Arc<Ctx>,
    tool: &'static Tool,
    args: JsonObject,
    progress: Option<ProgressToken>,
    peer: &Peer<RoleServer>,
    cancel: &Cancel,
    within: Option<crate::spans::SpanContext>,
) -> CallToolResult {
    let ctx = Arc::clone(ctx);
    let tally = Arc::new(Tally::cancellable(cancel.clone()));
    let call = Call {
        tool: tool.name,
        args,
        tally: Arc::clone(&tally),
        cancel: cancel.clone(),
        speak: super::words::render,
    };
    let work = tokio::task::spawn_blocking(move || {
        // Forge requests the call makes are its span's children.
        let _entered = within.as_ref().map(crate::spans::enter);
        call.cancel.check("start")?;
        let report = (tool.run)(&ctx, call)?;
        let mut out = Vec::new();
        report
            .json(&mut out)
            .map_err(|err| Error::io("cannot render the result", &err))?;
        Ok((out, report.untrusted()))
    });
    let rendered = super::progress::watch(progress, peer, tally, work)
        .await
        .unwrap_or_else(|join| {
            Err(Error::new(
                Kind::Storage,
                format!("helm failed while running {}: {join}", tool.name),
            )
            .hint("this is a bug in helm; please report it with the arguments used"))
        });
    match rendered.and_then(|(bytes, notes)| Ok((document(&bytes)?, notes))) {
        Ok((mut value, notes)) => {
            // No control or invisible character reaches a client raw.
            helm_core::shown_visible(&mut value);
            let notes: Vec<String> = notes
                .iter()
                .map(|note| crate::text::visible(note).unwrap_or_else(|| note.clone()))
                .collect();
            let mut result = CallToolResult::structured(value);
            if !notes.is_empty() {
                result
                    .content
                    .push(rmcp::model::ContentBlock::text(notes.join("\n")));
            }
            result
        }
        Err(err) => refusal(&err),
    }
}

/// A tool error's message, from the `{"error": {message}}` it carries.
fn tool_error_message(result: &CallToolResult) -> String {
    let text = result.content.first().and_then(|c| c.as_text());
    let doc = text.and_then(|t| serde_json::from_str::<Value>(&t.text).ok());
    doc.as_ref()
        .and_then(|d| d["error"]["message"].as_str())
        .unwrap_or("the tool failed")
        .to_string()
}

/// The one trace of a cancelled call, whose answer MCP does not send: on
/// stderr, what became of it. Past its write a call is never stopped, so
/// it either did nothing or completed and recorded.
fn log_cancelled(
    tool: &Tool,
    id: &rmcp::model::RequestId,
    cancel: &Cancel,
    result: &CallToolResult,
) {
    let id = serde_json::to_string(id).unwrap_or_default();
    let became = if cancel.stopped() {
        "before it wrote anything: nothing was done".to_string()
    } else if result.is_error == Some(true) {
        format!("and failed all the same: {}", tool_error_message(result))
    } else if tool.effect.read_only {
        "after it had begun: it only read, and its answer is not sent".to_string()
    } else {
        "after it had begun writing: it completed, and what it did is recorded".to_string()
    };
    eprintln!(
        "helm mcp: {} (request {id}) was cancelled by the client {became}",
        tool.name
    );
}
