//! `helm mcp`: the Model Context Protocol front end, a second one beside the
//! CLI (`cli/`). It serves the tools in `tools` over stdio (`server`; which
//! ones, `served`; the framing, `stdio`: one bounded line a message,
//! malformed ones answered there), turning each call's arguments (`args`)
//! into the same core operations (`ops`) the CLI calls and rendering the same
//! `Report`s the CLI prints with `--json`, whose types also give the tools'
//! output schemas (`schema`), so the two front ends never drift.
//!
//! It keeps no state between calls beyond the environment it read at start
//! (`Helm` and `HELM_VOYAGE`): every call opens its voyage afresh, as a CLI
//! process would, so CLI processes may write the same voyages meanwhile. The
//! core's calls block (SQLite, and GitHub through a runtime of their own), so
//! they run on tokio's blocking threads, never on the thread serving the
//! protocol. It must not print anything on stdout but the protocol.

pub(crate) mod args;
#[cfg(test)]
mod docs;
mod lifecycle;
mod progress;
mod resources;
mod schema;
pub(crate) mod served;
mod server;
mod stdio;
pub(crate) mod tools;
pub(crate) mod toolsets;
pub(crate) mod wire;
pub(crate) mod words;

use std::sync::Arc;

use rmcp::model::CallToolResult;

pub(crate) use self::served::Served;
use crate::error::{Error, Kind, Result};
use crate::output::error_doc::ErrorDoc;
use helm_core::Helm;

/// What every call may use: the core and the default voyage, both read once
/// from the environment the server was started in.
pub(crate) struct Ctx {
    pub(crate) helm: Helm,
    /// `HELM_VOYAGE`, standing in for an omitted `voyage` argument.
    pub(crate) default_voyage: Option<String>,
}

impl Ctx {
    /// The context of one call that carries the caller's trace, which the
    /// entry it makes records.
    pub(crate) fn traced(&self, trace: crate::model::Trace) -> Ctx {
        let mut helm = self.helm.clone();
        helm.trace = Some(trace);
        Ctx {
            helm,
            default_voyage: self.default_voyage.clone(),
        }
    }

    /// The voyage a call names, else the server's `HELM_VOYAGE`.
    pub(crate) fn voyage(&self, given: Option<String>) -> Result<String> {
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

/// Serves MCP on stdin/stdout until the client closes the connection,
/// offering the tools `served` allows.
pub(crate) fn serve(served: Served, lockdown: bool) -> Result<()> {
    let mut helm = Helm::from_env(crate::forges::registered())?;
    // stdin and stdout carry the protocol: no body is ever read from them.
    helm.stdin = helm_core::Stdin::Protocol;
    // Every payload any tool or resource shows is marked, or withheld
    // under lockdown, by the core (`egress::shown`).
    helm.disclosure = match lockdown {
        true => helm_core::Disclosure::Lockdown,
        false => helm_core::Disclosure::Marked,
    };
    let ctx = Ctx {
        helm,
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
        let server = server::HelmServer::new(Arc::new(ctx), served);
        let (lines, flush) = stdio::Lines::stdio();
        let served = match server.serve(lines).await {
            Ok(running) => running
                .waiting()
                .await
                .map(drop)
                .map_err(|err| Error::new(Kind::Io, format!("the MCP session failed: {err}"))),
            Err(err) => Err(
                Error::new(Kind::Io, format!("the MCP client did not connect: {err}"))
                    .hint("helm mcp speaks MCP on stdin/stdout; start it from an MCP client"),
            ),
        };
        // Whatever ended the session, every answer queued is written first.
        flush.wait().await;
        served
    })
}

/// A failed call: a tool error whose text is `{"error": {kind, message,
/// hint}}`. It carries no structured content: that would have to match the
/// tool's output schema, which declares the result of a success, and a
/// client that checks it (the TypeScript SDK, the Inspector) would throw
/// away helm's message for a schema mismatch of its own.
fn refusal(err: &Error) -> CallToolResult {
    CallToolResult::error(vec![rmcp::model::ContentBlock::text(
        error_doc(err).to_string(),
    )])
}

/// helm's error document, in MCP's words.
fn error_doc(err: &Error) -> serde_json::Value {
    let message = words::render(err.message());
    let hint = err.hint_words().map(words::render);
    let doc = ErrorDoc::of(err, &message, hint.as_deref());
    serde_json::to_value(doc).unwrap_or_default()
}

/// The rendered document as JSON, for the result's structured content.
fn document(bytes: &[u8]) -> Result<serde_json::Value> {
    serde_json::from_slice(bytes).map_err(|err| {
        Error::new(Kind::Storage, format!("helm rendered invalid JSON: {err}"))
            .hint("this is a bug in helm; please report it")
    })
}
