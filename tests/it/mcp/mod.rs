//! `helm mcp` driven by a real MCP client (rmcp's), the binary as a child
//! process in a `TestEnv`: the tools and their schemas, local and GitHub
//! observations, steer and log, errors, retries, a CLI process writing the
//! same voyage during a session, and reads beside a steer holding its lock.
//! Every successful result any test gets is validated against its tool's
//! `outputSchema` (JSON Schema 2020-12).

mod agent_flow;
mod brief;
mod cancel;
mod cancelled_fate;
mod checks;
mod configuration;
mod controls;
mod declared;
mod descriptions;
mod digests;
mod dry_run;
mod error_kinds;
mod errors;
mod jsonrpc;
mod lifecycle;
mod lockdown;
mod locks;
mod others_words;
mod page;
mod parity;
mod protocol;
mod raw;
mod readme;
mod schemas;
mod sdk;
mod served;
mod standing;
mod tools;
mod toolsets;
mod truths;

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use rmcp::model::{CallToolRequestParams, CallToolResult, ProgressNotificationParam, Tool};
use rmcp::service::{NotificationContext, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, RoleClient, ServiceExt};
use serde_json::Value;

use crate::support::env::TestEnv;

/// The client's side: it keeps the progress notifications it receives.
#[derive(Clone, Default)]
pub struct Recorder {
    progress: Arc<Mutex<Vec<ProgressNotificationParam>>>,
}

impl ClientHandler for Recorder {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress.lock().unwrap().push(params);
    }
}

/// One `helm mcp` process and the client talking to it. Calls block, so
/// tests read like the CLI tests.
pub struct Session {
    runtime: tokio::runtime::Runtime,
    client: Option<RunningService<RoleClient, Recorder>>,
    recorder: Recorder,
    /// The served tools' output schemas, compiled on the first result.
    schemas: RefCell<Option<OutputSchemas>>,
    /// The tools whose results were validated so far.
    validated: RefCell<BTreeSet<String>>,
}

/// A tool call sent while others run: see [`Session::begin`].
pub struct Pending {
    tool: String,
    answer: tokio::task::JoinHandle<Result<CallToolResult, rmcp::ServiceError>>,
}

impl Session {
    /// `helm mcp --toolsets all`: every tool, for the tests of each.
    pub fn start(env: &TestEnv) -> Session {
        Session::start_with(env, &["--toolsets", "all"])
    }

    /// `helm mcp` with these options (`--read-only`, `--tools …`).
    pub fn start_with(env: &TestEnv, options: &[&str]) -> Session {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let mut args = vec!["mcp"];
        args.extend_from_slice(options);
        let command = tokio::process::Command::from(env.command(&args));
        let recorder = Recorder::default();
        let client = runtime.block_on(async {
            let transport = TokioChildProcess::new(command).expect("helm mcp starts");
            recorder
                .clone()
                .serve(transport)
                .await
                .expect("helm mcp initializes")
        });
        Session {
            runtime,
            client: Some(client),
            recorder,
            schemas: RefCell::new(None),
            validated: RefCell::new(BTreeSet::new()),
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
        self.validate(&tool, &document);
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

    /// The names of the tools whose results this session validated.
    pub fn validated(&self) -> BTreeSet<String> {
        self.validated.borrow().clone()
    }

    /// Checks a successful result against the tool's output schema.
    fn validate(&self, tool: &str, document: &Value) {
        let mut schemas = self.schemas.borrow_mut();
        let schemas = schemas.get_or_insert_with(|| OutputSchemas::of(&self.tools()));
        schemas.check(tool, document);
        self.validated.borrow_mut().insert(tool.to_string());
    }

    /// Calls a tool; its document and the progress notifications that came
    /// meanwhile, in the order they came. rmcp's client sends a progress
    /// token with every request, so no token is set here.
    pub fn ok_with_progress(
        &self,
        tool: &str,
        args: Value,
    ) -> (Value, Vec<ProgressNotificationParam>) {
        self.recorder.progress.lock().unwrap().clear();
        let document = self.ok(tool, args);
        // The client hands each notification to a task of its own; the
        // ones sent before the result are queued by now, and run on the
        // runtime's next turns.
        let received = || self.recorder.progress.lock().unwrap().clone();
        let mut seen = usize::MAX;
        for _ in 0..1000 {
            self.runtime.block_on(async {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            });
            let now = received().len();
            if now == seen && now > 0 {
                break;
            }
            seen = now;
        }
        let progress = received();
        let token = progress.first().map(|p| p.progress_token.clone());
        assert!(
            progress
                .iter()
                .all(|p| Some(&p.progress_token) == token.as_ref()),
            "one call, one token: {progress:?}"
        );
        (document, progress)
    }

    pub fn runtime(&self) -> &tokio::runtime::Runtime {
        &self.runtime
    }

    pub fn client(&self) -> &RunningService<RoleClient, Recorder> {
        self.client.as_ref().expect("a live session")
    }

    pub fn tools(&self) -> Vec<Tool> {
        self.runtime
            .block_on(self.client().list_all_tools())
            .expect("tools/list")
    }

    /// Calls a tool; the result, or the protocol error, as the server sent it.
    pub fn try_call(&self, tool: &str, args: Value) -> Result<CallToolResult, String> {
        let Value::Object(args) = args else {
            panic!("tool arguments are an object, not {args}");
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(args);
        self.runtime
            .block_on(self.client().call_tool(params))
            .map_err(|err| err.to_string())
    }

    /// Calls a tool; the result as the server sent it. A tool error must
    /// speak MCP: no flag, no `helm` command line.
    pub fn call(&self, tool: &str, args: Value) -> CallToolResult {
        let Value::Object(args) = args else {
            panic!("tool arguments are an object, not {args}");
        };
        let params = CallToolRequestParams::new(tool.to_string()).with_arguments(args);
        let result = self
            .runtime
            .block_on(self.client().call_tool(params))
            .unwrap_or_else(|err| panic!("tools/call {tool} failed at the protocol level: {err}"));
        if result.is_error == Some(true) {
            let error = &document(&result)["error"];
            for field in ["message", "hint"] {
                if let Some(text) = error[field].as_str() {
                    assert_speaks_mcp(&format!("{tool}'s error {field}"), text);
                }
            }
        }
        result
    }

    /// Calls a tool that must succeed; its structured content, which must be
    /// the same document as its text.
    pub fn ok(&self, tool: &str, args: Value) -> Value {
        let result = self.call(tool, args);
        let document = document(&result);
        assert_ne!(result.is_error, Some(true), "{tool} failed: {document}");
        self.validate(tool, &document);
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

/// Every served tool's output schema, compiled by a JSON Schema 2020-12
/// validator independent of the code that wrote them.
pub struct OutputSchemas {
    schemas: boon::Schemas,
    index: BTreeMap<String, boon::SchemaIndex>,
}

impl OutputSchemas {
    pub fn of(tools: &[Tool]) -> OutputSchemas {
        let mut compiler = boon::Compiler::new();
        compiler.enable_format_assertions();
        let mut schemas = boon::Schemas::new();
        let mut index = BTreeMap::new();
        for tool in tools {
            let schema = tool
                .output_schema
                .as_ref()
                .unwrap_or_else(|| panic!("{} declares no outputSchema", tool.name));
            let url = format!("http://helm.test/tools/{}.json", tool.name);
            compiler
                .add_resource(&url, Value::Object(schema.as_ref().clone()))
                .unwrap_or_else(|err| panic!("{}'s outputSchema: {err}", tool.name));
            let compiled = compiler.compile(&url, &mut schemas).unwrap_or_else(|err| {
                panic!("{}'s outputSchema does not compile: {err:#}", tool.name)
            });
            index.insert(tool.name.to_string(), compiled);
        }
        OutputSchemas { schemas, index }
    }

    pub fn accepts(&self, tool: &str, document: &Value) -> bool {
        self.schemas.validate(document, self.index[tool]).is_ok()
    }

    pub fn check(&self, tool: &str, document: &Value) {
        let compiled = self.index[tool];
        if let Err(err) = self.schemas.validate(document, compiled) {
            panic!("{tool}'s result does not match its outputSchema: {err:#}\n{document:#}");
        }
    }
}

/// The structured content, checked against the text content; for a tool
/// error, which carries no structured content, the text's document.
fn document(result: &CallToolResult) -> Value {
    let text = result
        .content
        .first()
        .and_then(|content| content.as_text())
        .map(|text| text.text.clone())
        .expect("a text result");
    let parsed: Value = serde_json::from_str(&text).expect("the text is JSON");
    if result.is_error == Some(true) {
        assert_eq!(
            result.structured_content, None,
            "a tool error carries no structured content its output schema would refuse"
        );
        return parsed;
    }
    let structured = result
        .structured_content
        .clone()
        .expect("a structured result");
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

/// Fails if `text`, sent to an MCP client, names a CLI flag (`--repo`) or a
/// `helm` command line: MCP's words are tools and arguments. Written apart
/// from the server's own renderer, so the two cannot agree by mistake.
pub fn assert_speaks_mcp(what: &str, text: &str) {
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices("--") {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + 2);
        let starts_word = before.is_none_or(|b| !b.is_ascii_alphanumeric() && b != b'-');
        assert!(
            !(starts_word && after.is_some_and(u8::is_ascii_lowercase)),
            "{what} names a CLI flag: {text}"
        );
    }
    for group in [
        "voyage",
        "observe",
        "slate",
        "steer",
        "log",
        "interrupted",
        "artifact",
    ] {
        assert!(
            !text.contains(&format!("helm {group}")),
            "{what} names a helm command line: {text}"
        );
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
