//! Spans for those who collect them (issue 43 item 10): with
//! `HELM_OTEL_FILE=PATH`, one span per CLI command or MCP `tools/call`,
//! named and attributed per the OpenTelemetry MCP and GenAI conventions,
//! parented on the caller's traceparent, with a child span per forge
//! request (told through `helm_model::spans`), appended to PATH as one
//! OTLP-JSON `ExportTraceServiceRequest` a line when the span ends.
//!
//! Written by hand (`otlp`), not with the `opentelemetry` crates: helm
//! needs only to append finished spans to a file, which the crates do
//! through a tracer provider, exporters and (for the file) a runtime;
//! their build and start-up cost would be paid by every command for a
//! feature that is off unless asked for (docs/performance.md). Off, this
//! costs one environment read. A span never holds a token or a body, and a
//! file that cannot be written is a warning, never a failed command.

pub(crate) mod otlp;

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use self::otlp::{KeyValue, OtlpSpan, SpanStatus};
use crate::model::Trace;
use crate::model::spans::{ForgeRequest, Requests};

struct Recorder {
    path: PathBuf,
    /// The forge requests' spans, by the span they belong to, until it ends.
    children: Mutex<HashMap<String, Vec<OtlpSpan>>>,
    warned: AtomicBool,
}

static RECORDER: OnceLock<Recorder> = OnceLock::new();

thread_local! {
    /// The span the work on this thread belongs to: forge requests are
    /// made on the thread of the call that makes them.
    static CURRENT: RefCell<Option<SpanContext>> = const { RefCell::new(None) };
}

/// Starts keeping spans when `HELM_OTEL_FILE` names a file.
pub(crate) fn install() {
    let Some(path) = std::env::var_os("HELM_OTEL_FILE").filter(|p| !p.is_empty()) else {
        return;
    };
    let recorder = Recorder {
        path: PathBuf::from(path),
        children: Mutex::new(HashMap::new()),
        warned: AtomicBool::new(false),
    };
    if RECORDER.set(recorder).is_ok() {
        crate::model::spans::listen(Box::new(Keeper));
    }
}

/// Which span the work belongs to.
#[derive(Clone, Debug)]
pub(crate) struct SpanContext {
    trace_id: String,
    span_id: String,
}

/// A span begun and not yet ended.
pub(crate) struct Open {
    span: OtlpSpan,
    began: SystemTime,
}

impl Open {
    /// A span of this name and kind, parented on the caller's trace (else
    /// the root of a new trace); `None` when no spans are kept.
    pub(crate) fn begin(
        name: String,
        kind: u8,
        parent: Option<&Trace>,
        attributes: Vec<KeyValue>,
    ) -> Option<Open> {
        RECORDER.get()?;
        let began = SystemTime::now();
        let span = OtlpSpan {
            trace_id: parent.map_or_else(
                || hex(uuid::Uuid::now_v7().as_bytes()),
                |t| t.trace_id().to_string(),
            ),
            span_id: span_id(),
            trace_state: parent.and_then(|t| t.tracestate.clone()),
            parent_span_id: parent.map(|t| t.parent_id().to_string()),
            name,
            kind,
            start_time_unix_nano: nanos(began),
            end_time_unix_nano: String::new(),
            attributes,
            status: None,
        };
        Some(Open { span, began })
    }

    /// What work on another thread names to belong to this span.
    pub(crate) fn context(&self) -> SpanContext {
        SpanContext {
            trace_id: self.span.trace_id.clone(),
            span_id: self.span.span_id.clone(),
        }
    }

    /// Ends the span, failed with `error` (its `error.type` and message)
    /// or not, and writes it with the forge requests made within it.
    pub(crate) fn end(mut self, error: Option<(&str, &str)>) {
        let Some(recorder) = RECORDER.get() else {
            return;
        };
        let ended = self.began + self.began.elapsed().unwrap_or_default();
        self.span.end_time_unix_nano = nanos(ended);
        if let Some((kind, message)) = error {
            self.span
                .attributes
                .push(KeyValue::text("error.type", kind));
            self.span.status = Some(SpanStatus::error(message));
        }
        let children = recorder
            .children
            .lock()
            .map(|mut all| all.remove(&self.span.span_id).unwrap_or_default())
            .unwrap_or_default();
        let mut spans = vec![self.span];
        spans.extend(children);
        recorder.write(spans);
    }
}

/// The span of one CLI command (`helm log`), which work on this thread
/// belongs to until the guard is dropped; `None` when no spans are kept.
pub(crate) fn command(name: &str, parent: Option<&Trace>) -> Option<(Open, Entered)> {
    let open = Open::begin(
        format!("helm {name}"),
        otlp::INTERNAL,
        parent,
        vec![KeyValue::text("helm.command", name)],
    )?;
    let entered = enter(&open.context());
    Some((open, entered))
}

/// The span of one MCP `tools/call`, named and attributed as the
/// OpenTelemetry MCP conventions say (`tools/call steer`, a server span).
pub(crate) fn tool_call(tool: &str, request_id: &str, parent: Option<&Trace>) -> Option<Open> {
    Open::begin(
        format!("tools/call {tool}"),
        otlp::SERVER,
        parent,
        vec![
            KeyValue::text("mcp.method.name", "tools/call"),
            KeyValue::text("gen_ai.tool.name", tool),
            KeyValue::text("gen_ai.operation.name", "execute_tool"),
            KeyValue::text("jsonrpc.request.id", request_id),
            KeyValue::text("network.transport", "pipe"),
        ],
    )
}

/// Work on this thread belongs to `context` until the guard is dropped.
pub(crate) fn enter(context: &SpanContext) -> Entered {
    CURRENT.with(|current| *current.borrow_mut() = Some(context.clone()));
    Entered
}

pub(crate) struct Entered;

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.with(|current| *current.borrow_mut() = None);
    }
}

struct Keeper;

impl Requests for Keeper {
    fn request(&self, request: &ForgeRequest<'_>) {
        let Some(parent) = CURRENT.with(|current| current.borrow().clone()) else {
            return;
        };
        let Some(recorder) = RECORDER.get() else {
            return;
        };
        let ended = SystemTime::now();
        let began = ended.checked_sub(request.took).unwrap_or(ended);
        let mut attributes = vec![
            KeyValue::text("http.request.method", request.method),
            KeyValue::text("url.full", request.url),
        ];
        let status = match request.status {
            Some(code) => {
                attributes.push(KeyValue::int("http.response.status_code", i64::from(code)));
                (code >= 400).then(|| {
                    attributes.push(KeyValue::text("error.type", code.to_string()));
                    SpanStatus::error("")
                })
            }
            None => {
                attributes.push(KeyValue::text("error.type", "_OTHER"));
                Some(SpanStatus::error("no answer"))
            }
        };
        let span = OtlpSpan {
            trace_id: parent.trace_id.clone(),
            span_id: span_id(),
            trace_state: None,
            parent_span_id: Some(parent.span_id.clone()),
            name: request.method.to_string(),
            kind: otlp::CLIENT,
            start_time_unix_nano: nanos(began),
            end_time_unix_nano: nanos(ended),
            attributes,
            status,
        };
        if let Ok(mut all) = recorder.children.lock() {
            all.entry(parent.span_id).or_default().push(span);
        }
    }
}

impl Recorder {
    /// Appends one line: a whole `write` of it, so lines of concurrent
    /// calls (and processes) do not interleave.
    fn write(&self, spans: Vec<OtlpSpan>) {
        let request = otlp::ExportTraceServiceRequest {
            resource_spans: [otlp::ResourceSpans {
                resource: otlp::Resource {
                    attributes: vec![
                        KeyValue::text("service.name", "helm"),
                        KeyValue::text("service.version", env!("CARGO_PKG_VERSION")),
                    ],
                },
                scope_spans: [otlp::ScopeSpans {
                    scope: otlp::Scope {
                        name: "helm",
                        version: env!("CARGO_PKG_VERSION"),
                    },
                    spans,
                }],
            }],
        };
        let written = serde_json::to_vec(&request)
            .map_err(std::io::Error::other)
            .and_then(|mut line| {
                line.push(b'\n');
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&self.path)?
                    .write_all(&line)
            });
        if let Err(err) = written
            && !self.warned.swap(true, Ordering::SeqCst)
        {
            crate::model::tell::note(&format!(
                "warning: cannot write spans to {} (HELM_OTEL_FILE): {err}",
                self.path.display()
            ));
        }
    }
}

fn span_id() -> String {
    // A v7 UUID's last 8 bytes are random but for its variant bits, so
    // never all zero.
    hex(&uuid::Uuid::now_v7().as_bytes()[8..])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn nanos(at: SystemTime) -> String {
    at.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_nanos()
        .to_string()
}
