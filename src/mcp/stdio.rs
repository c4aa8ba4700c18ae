//! The stdio transport of `helm mcp`: one JSON-RPC message a line, each at
//! most [`MAX_LINE`] bytes. What is not a message helm can serve is answered
//! here, as JSON-RPC 2.0 asks, so that every request gets an answer: -32700
//! (id null) for what does not parse, -32600 for an invalid request (with
//! its id when it has a usable one, else null) or a line over the limit, and
//! -32602 for a request whose params do not fit its method, -32601 for a
//! method helm does not serve (`initialize` in a revision that has none
//! among them), and `{}` for every ping. Everything else goes on to rmcp.
//! Notifications and responses are never answered.
//!
//! What goes on to rmcp, and when the end of input is told, follows the
//! session's lifecycle (`lifecycle`): nothing but a request before the
//! session starts, and no end while a request is still to be answered.
//!
//! Every line written (rmcp's and this layer's answers) goes through one
//! writer task, so lines never interleave; the server waits for it
//! ([`Flush`]) before it exits, whatever ended the session.

use std::borrow::Cow;
use std::io;

use rmcp::RoleServer;
use rmcp::model::{
    CallToolRequestMethod, ClientJsonRpcMessage, ClientRequest, ConstString, DiscoverRequestMethod,
    ErrorCode, ErrorData, InitializeResultMethod, JsonRpcMessage,
    ListResourceTemplatesRequestMethod, ListResourcesRequestMethod, ListToolsRequestMethod,
    PingRequestMethod, ProtocolVersion, ReadResourceRequestMethod, RequestId, ServerJsonRpcMessage,
    ServerResult,
};
use rmcp::service::TxJsonRpcMessage;
use rmcp::transport::Transport;
use rmcp::transport::io::{StdioReader, StdioWriter};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use super::lifecycle::Lifecycle;

/// The longest line read as a message; a longer one is answered with an
/// error and skipped to its end without being kept.
pub(crate) const MAX_LINE: usize = 16 << 20;

/// The requests helm serves whose params rmcp types: one of them that rmcp
/// could only take as a custom request had params of the wrong shape.
const TYPED: [&str; 4] = [
    InitializeResultMethod::VALUE,
    PingRequestMethod::VALUE,
    ListToolsRequestMethod::VALUE,
    CallToolRequestMethod::VALUE,
];

/// Every request method helm answers: the lifecycle's, and those of the
/// capabilities it declares (tools; resources, without subscriptions).
/// Any other, of a capability helm does not declare (prompts, completion,
/// logging…) or of none, is answered here with -32601 "Method not found",
/// the method in `data`, as JSON-RPC words it; rmcp would answer some of
/// them with an empty result, as if the capability were there.
const SERVED: [&str; 8] = [
    InitializeResultMethod::VALUE,
    PingRequestMethod::VALUE,
    DiscoverRequestMethod::VALUE,
    ListToolsRequestMethod::VALUE,
    CallToolRequestMethod::VALUE,
    ListResourcesRequestMethod::VALUE,
    ListResourceTemplatesRequestMethod::VALUE,
    ReadResourceRequestMethod::VALUE,
];

pub(crate) struct Lines {
    reader: BufReader<StdioReader>,
    /// The line read so far; kept across a cancelled read (rmcp polls
    /// `receive` inside a `select!`).
    line: Vec<u8>,
    /// Skipping the rest of a line that was too long.
    discarding: bool,
    out: Option<mpsc::UnboundedSender<Vec<u8>>>,
    lifecycle: Lifecycle,
}

/// The writer task: done when every line queued is written (or stdout is
/// gone), which is once the transport is closed or dropped.
pub(crate) struct Flush(tokio::task::JoinHandle<()>);

impl Flush {
    pub(crate) async fn wait(self) {
        let _ = self.0.await;
    }
}

impl Lines {
    /// The process's stdin and stdout, and the writer to wait for before
    /// exiting. Must be called inside the runtime.
    pub(crate) fn stdio() -> (Lines, Flush) {
        let (read, write) = rmcp::transport::io::stdio_pipes();
        let (out, queue) = mpsc::unbounded_channel();
        let lines = Lines {
            reader: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            out: Some(out),
            lifecycle: Lifecycle::default(),
        };
        (lines, Flush(tokio::spawn(write_lines(write, queue))))
    }

    /// The next line without its newline, or word of one over the limit;
    /// `None` at the end of input. Cancel-safe: nothing is consumed past
    /// what `line` holds.
    async fn next_line(&mut self) -> Option<Read> {
        loop {
            let buf = self.reader.fill_buf().await.ok()?;
            if buf.is_empty() {
                // The end: a last line without a newline is still a line.
                return match std::mem::take(&mut self.line) {
                    line if line.is_empty() || self.discarding => None,
                    line => Some(Read::Line(line)),
                };
            }
            let newline = buf.iter().position(|&b| b == b'\n');
            let content = &buf[..newline.unwrap_or(buf.len())];
            let consumed = newline.map_or(buf.len(), |at| at + 1);
            if self.discarding {
                self.discarding = newline.is_none();
                self.reader.consume(consumed);
                continue;
            }
            if self.line.len() + content.len() > MAX_LINE {
                self.line = Vec::new();
                self.discarding = newline.is_none();
                self.reader.consume(consumed);
                return Some(Read::TooLong);
            }
            self.line.extend_from_slice(content);
            self.reader.consume(consumed);
            if newline.is_some() {
                return Some(Read::Line(std::mem::take(&mut self.line)));
            }
        }
    }

    /// Queues an answer; it is written in order with everything else.
    fn answer(&self, answer: &Value) {
        if let Some(out) = &self.out {
            let _ = out.send(line_of(answer));
        }
    }
}

enum Read {
    Line(Vec<u8>),
    TooLong,
}

/// What to do with one line.
enum LineVerdict {
    Serve(Box<ClientJsonRpcMessage>),
    Answer(Value),
    Ignore,
}

/// Parses a line into a message rmcp serves, or the error that answers it.
fn judge(line: &[u8]) -> LineVerdict {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return LineVerdict::Ignore;
    }
    let typed = serde_json::from_slice::<ClientJsonRpcMessage>(line);
    if let Ok(message) = typed {
        if let JsonRpcMessage::Request(request) = &message {
            // A ping is answered the same in every revision and at every point of a
            // session: rmcp would answer one after a stateless call with -32601.
            if let ClientRequest::PingRequest(_) = &request.request {
                return LineVerdict::Answer(answer(ServerJsonRpcMessage::response(
                    ServerResult::empty(()),
                    request.id.clone(),
                )));
            }
            // A revision without `initialize` has no such method: -32601, as for any
            // method helm does not serve, not -32602 for params it never reads.
            if request.request.method() == InitializeResultMethod::VALUE && stateless_revision(line)
            {
                return LineVerdict::Answer(not_found(
                    request.id.clone(),
                    request.request.method(),
                ));
            }
        }
        if let JsonRpcMessage::Request(request) = &message
            && let ClientRequest::CustomRequest(custom) = &request.request
            && TYPED.contains(&custom.method.as_str())
        {
            let id = serde_json::to_value(&request.id).unwrap_or(Value::Null);
            return LineVerdict::Answer(error(
                id,
                -32602,
                format!("Invalid params for {}", custom.method),
            ));
        }
        if let JsonRpcMessage::Request(request) = &message
            && !SERVED.contains(&request.request.method())
        {
            return LineVerdict::Answer(not_found(request.id.clone(), request.request.method()));
        }
        return LineVerdict::Serve(Box::new(message));
    }
    let reason = typed.err().map(|err| err.to_string()).unwrap_or_default();
    let starts_object = line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let envelope = match starts_object {
        true => serde_json::from_slice::<Envelope>(line).ok(),
        false => None,
    };
    let Some(envelope) = envelope else {
        // Valid JSON (read without a depth limit) that is not one message
        // object is an invalid request; anything else does not parse.
        return LineVerdict::Answer(
            match serde_json::from_slice::<serde::de::IgnoredAny>(line) {
                Ok(_) if line.trim_ascii_start().starts_with(b"[") => error(
                    Value::Null,
                    -32600,
                    "Invalid Request: batches are not supported".into(),
                ),
                Ok(_) => error(
                    Value::Null,
                    -32600,
                    "Invalid Request: not one JSON-RPC message object".into(),
                ),
                Err(err) => error(Value::Null, -32700, format!("Parse error: {err}")),
            },
        );
    };
    let id = envelope.id.and_then(usable_id);
    let invalid = |what: &str| {
        let id = id.clone().unwrap_or(Value::Null);
        LineVerdict::Answer(error(id, -32600, format!("Invalid Request: {what}")))
    };
    if envelope.jsonrpc.map(RawValue::get) != Some("\"2.0\"") {
        return invalid("\"jsonrpc\" must be \"2.0\"");
    }
    match (envelope.method.map(RawValue::get), &envelope.id, &id) {
        // A notification is never answered, even when it is malformed.
        (Some(method), None, _) if method.starts_with('"') => LineVerdict::Ignore,
        (Some(method), Some(_), Some(id)) if method.starts_with('"') => LineVerdict::Answer(error(
            id.clone(),
            -32602,
            format!("Invalid params: {reason}"),
        )),
        (Some(method), Some(_), None) if method.starts_with('"') => {
            invalid("\"id\" must be a string or an integer")
        }
        (Some(_), _, _) => invalid("\"method\" must be a string"),
        // A response (to a request helm never sends) is never answered.
        (None, Some(_), _) if envelope.result.is_some() || envelope.error.is_some() => {
            LineVerdict::Ignore
        }
        (None, _, _) => invalid("\"method\" is missing"),
    }
}

/// -32601 "Method not found", the method in `data`, as JSON-RPC words it.
fn not_found(id: RequestId, method: &str) -> Value {
    let data = serde_json::to_value(NotFound { method }).ok();
    answer(ServerJsonRpcMessage::error(
        ErrorData::new(ErrorCode::METHOD_NOT_FOUND, "Method not found", data),
        Some(id),
    ))
}

#[derive(Serialize)]
struct NotFound<'a> {
    method: &'a str,
}

fn answer(message: ServerJsonRpcMessage) -> Value {
    serde_json::to_value(message).unwrap_or(Value::Null)
}

/// Whether a request's `_meta` names a revision that has no `initialize` (2026-07-28
/// on: the lifecycle is in each request's `_meta`).
fn stateless_revision(line: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Request {
        params: Option<Params>,
    }
    #[derive(Deserialize)]
    struct Params {
        #[serde(rename = "_meta")]
        meta: Option<Meta>,
    }
    #[derive(Deserialize)]
    struct Meta {
        #[serde(rename = "io.modelcontextprotocol/protocolVersion")]
        version: Option<ProtocolVersion>,
    }
    serde_json::from_slice::<Request>(line)
        .ok()
        .and_then(|request| request.params?.meta?.version)
        .is_some_and(|version| !version.has_initialize())
}

/// A message's members, each kept unparsed: reading them never recurses into
/// params, however deep they nest.
#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow, default, deserialize_with = "present")]
    jsonrpc: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    id: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    method: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    result: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    error: Option<&'a RawValue>,
}

/// A member that is there, `null` included (`"id": null` is not "no id").
fn present<'de, D: serde::Deserializer<'de>>(member: D) -> Result<Option<&'de RawValue>, D::Error> {
    <&RawValue>::deserialize(member).map(Some)
}

/// An id rmcp can echo: a string or an integer.
fn usable_id(raw: &RawValue) -> Option<Value> {
    match serde_json::from_str::<Value>(raw.get()).ok()? {
        Value::String(id) => Some(Value::String(id)),
        Value::Number(n) if n.is_i64() => Some(Value::Number(n)),
        _ => None,
    }
}

/// A JSON-RPC error answer written here rather than by rmcp: its id may be
/// null (a line that is no request has none), which rmcp's ids cannot be.
#[derive(serde::Serialize)]
struct RpcError {
    jsonrpc: &'static str,
    id: Value,
    error: RpcErrorBody,
}

#[derive(serde::Serialize)]
struct RpcErrorBody {
    code: i64,
    message: String,
}

fn error(id: Value, code: i64, message: String) -> Value {
    let error = RpcError {
        jsonrpc: "2.0",
        id,
        error: RpcErrorBody { code, message },
    };
    serde_json::to_value(error).unwrap_or(Value::Null)
}

fn line_of(value: &impl serde::Serialize) -> Vec<u8> {
    let mut line = serde_json::to_vec(value).unwrap_or_default();
    line.push(b'\n');
    line
}

/// Writes queued lines to stdout until the queue closes or stdout does.
async fn write_lines(mut out: StdioWriter, mut queue: mpsc::UnboundedReceiver<Vec<u8>>) {
    while let Some(line) = queue.recv().await {
        if out.write_all(&line).await.is_err() || out.flush().await.is_err() {
            return;
        }
    }
}

impl Transport<RoleServer> for Lines {
    type Error = io::Error;

    fn name() -> Cow<'static, str> {
        "helm stdio".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        self.lifecycle.sent(&item);
        let sent = match &self.out {
            Some(out) => out.send(line_of(&item)).map_err(|_| closed()),
            None => Err(closed()),
        };
        std::future::ready(sent)
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            let Some(read) = self.next_line().await else {
                // The client closed its input: the end waits until every
                // request is answered. rmcp drops this future to send each
                // answer (the call is cancel-safe) and then asks again.
                if self.lifecycle.answering() {
                    std::future::pending::<()>().await;
                }
                return None;
            };
            let line = match read {
                Read::Line(line) => line,
                Read::TooLong => {
                    self.answer(&error(
                        Value::Null,
                        -32600,
                        format!("Invalid Request: the message is longer than {MAX_LINE} bytes"),
                    ));
                    continue;
                }
            };
            match judge(&line) {
                LineVerdict::Serve(message) if self.lifecycle.admit(&message) => {
                    return Some(*message);
                }
                LineVerdict::Serve(_) => {}
                LineVerdict::Answer(answer) => self.answer(&answer),
                LineVerdict::Ignore => {}
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        // The writer ends once it has written every queued line; the server
        // waits for it (`Flush`) before it exits.
        self.out = None;
        Ok(())
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "stdout is closed")
}
