//! `helm mcp` driven by a real MCP client (rmcp's), the binary as a child
//! process in a `TestEnv`: the tools and their schemas, local and GitHub
//! observations, steer and log, errors, retries, a CLI process writing the
//! same voyage during a session, and reads beside a steer holding its lock.

mod agent_flow;
mod brief;
mod errors;
mod jsonrpc;
mod locks;
mod schemas;
mod tools;

use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

use crate::support::env::TestEnv;

/// One `helm mcp` process and the client talking to it. Calls block, so
/// tests read like the CLI tests.
pub struct Session {
    runtime: tokio::runtime::Runtime,
    client: Option<RunningService<RoleClient, ()>>,
}

/// A tool call sent while others run: see [`Session::begin`].
pub struct Pending {
    tool: String,
    answer: tokio::task::JoinHandle<Result<CallToolResult, rmcp::ServiceError>>,
}

impl Session {
    pub fn start(env: &TestEnv) -> Session {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let command = tokio::process::Command::from(env.command(&["mcp"]));
        let client = runtime.block_on(async {
            let transport = TokioChildProcess::new(command).expect("helm mcp starts");
            ().serve(transport).await.expect("helm mcp initializes")
        });
        Session {
            runtime,
            client: Some(client),
        }
    }

    /// Sends a tool call and returns without waiting for its answer, so that
    /// other calls of the same session run beside it; [`Session::finish`]
    /// takes its answer.
    pub fn begin(&self, tool: &str, args: Value) -> Pending {
        let Value::Object(args) = args else {
            panic!("tool arguments are an object, not {args}");
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(args);
        let peer = self.client().peer().clone();
        Pending {
            tool: tool.to_string(),
            answer: self
                .runtime
                .spawn(async move { peer.call_tool(params).await }),
        }
    }

    /// The answer of a call made with [`Session::begin`], which must succeed.
    pub fn finish(&self, pending: Pending) -> Value {
        let tool = pending.tool;
        let result = self
            .runtime
            .block_on(pending.answer)
            .expect("the call's task ran")
            .unwrap_or_else(|err| panic!("tools/call {tool} failed at the protocol level: {err}"));
        let document = document(&result);
        assert_ne!(result.is_error, Some(true), "{tool} failed: {document}");
        document
    }

    /// Waits until `done` holds, keeping the session's client running meanwhile
    /// (a call made with [`Session::begin`] needs it to be sent and answered).
    pub fn wait_until(&self, what: &str, done: impl Fn() -> bool) {
        let start = std::time::Instant::now();
        self.runtime.block_on(async {
            while !done() {
                // Not a timed assertion: only a guard against hanging forever.
                assert!(
                    start.elapsed() < std::time::Duration::from_secs(120),
                    "gave up waiting until {what}"
                );
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
        });
    }

    fn client(&self) -> &RunningService<RoleClient, ()> {
        self.client.as_ref().expect("a live session")
    }

    pub fn tools(&self) -> Vec<Tool> {
        self.runtime
            .block_on(self.client().list_all_tools())
            .expect("tools/list")
    }

    /// Calls a tool; the result as the server sent it.
    pub fn call(&self, tool: &str, args: Value) -> CallToolResult {
        let Value::Object(args) = args else {
            panic!("tool arguments are an object, not {args}");
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(args);
        self.runtime
            .block_on(self.client().call_tool(params))
            .unwrap_or_else(|err| panic!("tools/call {tool} failed at the protocol level: {err}"))
    }

    /// Calls a tool that must succeed; its structured content, which must be
    /// the same document as its text.
    pub fn ok(&self, tool: &str, args: Value) -> Value {
        let result = self.call(tool, args);
        let document = document(&result);
        assert_ne!(result.is_error, Some(true), "{tool} failed: {document}");
        document
    }

    /// Calls a tool that must fail; its `error` object.
    pub fn err(&self, tool: &str, args: Value) -> Value {
        let result = self.call(tool, args);
        let document = document(&result);
        assert_eq!(result.is_error, Some(true), "{tool} succeeded: {document}");
        document["error"].clone()
    }
}

/// The structured content, checked against the text content.
fn document(result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .expect("a structured result");
    let text = result
        .content
        .first()
        .and_then(|content| content.as_text())
        .map(|text| text.text.clone())
        .expect("a text result");
    let parsed: Value = serde_json::from_str(&text).expect("the text is JSON");
    assert_eq!(parsed, structured, "the text and structured content differ");
    structured
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let _ = self.runtime.block_on(client.cancel());
        }
    }
}

/// Full provenance for `steer` and `log` arguments.
pub fn who(summary: &str) -> serde_json::Map<String, Value> {
    let mut args = serde_json::Map::new();
    args.insert("as".into(), "claude-7".into());
    args.insert("role".into(), "coder".into());
    args.insert("method".into(), "opus 4, thinking high".into());
    args.insert("summary".into(), summary.into());
    args
}

/// `who(summary)` plus `extra`'s fields.
pub fn with(summary: &str, extra: Value) -> Value {
    let mut args = who(summary);
    if let Value::Object(extra) = extra {
        args.extend(extra);
    }
    Value::Object(args)
}
