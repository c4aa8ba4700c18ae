//! `helm mcp`: the Model Context Protocol front end, a second one beside the
//! CLI (`cli/`). It serves the tools in `tools` over stdio, turning each
//! call's arguments (`args`) into the same core operations (`ops`) the CLI
//! calls and rendering the same `Report`s the CLI prints with `--json`, so
//! the two front ends never drift.
//!
//! It keeps no state between calls beyond the environment it read at start
//! (`Helm` and `HELM_VOYAGE`): every call opens its voyage afresh, as a CLI
//! process would, so CLI processes may write the same voyages meanwhile. The
//! core's calls block (SQLite, and GitHub through a runtime of their own), so
//! they run on tokio's blocking threads, never on the thread serving the
//! protocol. It must not print anything on stdout but the protocol.

pub mod args;
mod sync;
mod tools;

use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject};
use serde::de::DeserializeOwned;

use crate::error::{Error, Kind, Result};
use crate::ops::Helm;
use crate::output::Report;
use crate::output::views::ErrorDoc;

/// What every call may use: the core and the default voyage, both read once
/// from the environment the server was started in.
pub struct Ctx {
    pub helm: Helm,
    /// `HELM_VOYAGE`, standing in for an omitted `voyage` argument.
    pub default_voyage: Option<String>,
}

impl Ctx {
    /// The voyage a call names, else the server's `HELM_VOYAGE`.
    pub fn voyage(&self, given: Option<String>) -> Result<String> {
        given
            .filter(|v| !v.trim().is_empty())
            .or_else(|| self.default_voyage.clone())
            .ok_or_else(|| {
                Error::usage("no voyage given").hint(
                    "pass \"voyage\" (an id or unambiguous prefix), or set HELM_VOYAGE in the \
                     server's environment; the voyage_list tool shows your voyages",
                )
            })
    }
}

/// Serves MCP on stdin/stdout until the client closes the connection.
pub fn serve() -> Result<()> {
    let ctx = Ctx {
        helm: Helm::from_env()?,
        default_voyage: std::env::var("HELM_VOYAGE")
            .ok()
            .filter(|v| !v.trim().is_empty()),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Error::io("cannot start the MCP server's runtime", &err))?;
    runtime.block_on(async move {
        use rmcp::ServiceExt;
        let server = tools::HelmServer::new(Arc::new(ctx));
        let running = server
            .serve(rmcp::transport::io::stdio_pipes())
            .await
            .map_err(|err| {
                Error::new(Kind::Io, format!("the MCP client did not connect: {err}"))
                    .hint("helm mcp speaks MCP on stdin/stdout; start it from an MCP client")
            })?;
        running
            .waiting()
            .await
            .map_err(|err| Error::new(Kind::Io, format!("the MCP session failed: {err}")))?;
        Ok(())
    })
}

/// Runs one tool call: parses the arguments, runs the operation on a
/// blocking thread and renders its report as the command's `--json` would.
/// Every failure, bad arguments included, is a tool error carrying
/// `{"error": {kind, message, hint}}`.
async fn call<A, F>(
    ctx: &Arc<Ctx>,
    tool: &str,
    args: JsonObject,
    op: F,
) -> std::result::Result<CallToolResult, ErrorData>
where
    A: DeserializeOwned + Send + 'static,
    F: FnOnce(&Ctx, A) -> Result<Box<dyn Report>> + Send + 'static,
{
    let parsed = serde_json::from_value::<A>(serde_json::Value::Object(args)).map_err(|err| {
        Error::usage(format!("bad arguments to {tool}: {err}"))
            .hint("the tool's input schema lists its arguments and their shapes")
    });
    let ctx = Arc::clone(ctx);
    let rendered = match parsed {
        Err(err) => Err(err),
        Ok(parsed) => tokio::task::spawn_blocking(move || {
            let report = op(&ctx, parsed)?;
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
                format!("helm failed while running {tool}: {join}"),
            )
            .hint("this is a bug in helm; please report it with the arguments used"))
        }),
    };
    Ok(match rendered.and_then(|bytes| document(&bytes)) {
        Ok(value) => CallToolResult::structured(value),
        Err(err) => refusal(&err),
    })
}

/// A failed call: a tool error carrying `{"error": {kind, message, hint}}`.
fn refusal(err: &Error) -> CallToolResult {
    CallToolResult::structured_error(serde_json::to_value(ErrorDoc::of(err)).unwrap_or_default())
}

/// The rendered document as JSON, for the result's structured content.
fn document(bytes: &[u8]) -> Result<serde_json::Value> {
    serde_json::from_slice(bytes).map_err(|err| {
        Error::new(Kind::Storage, format!("helm rendered invalid JSON: {err}"))
            .hint("this is a bug in helm; please report it")
    })
}
