//! OTLP-JSON as the OpenTelemetry protocol's JSON encoding writes it: one
//! `ExportTraceServiceRequest` a line (resourceSpans → scopeSpans →
//! spans), ids in lowercase hex, times as unix nanoseconds in strings,
//! attributes as key and `AnyValue`. Typed structs serialised once: the
//! few shapes helm writes, without the `opentelemetry` crates (see
//! `spans`).

use serde::Serialize;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ExportTraceServiceRequest {
    pub(crate) resource_spans: [ResourceSpans; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ResourceSpans {
    pub(crate) resource: Resource,
    pub(crate) scope_spans: [ScopeSpans; 1],
}

#[derive(Serialize)]
pub(crate) struct Resource {
    pub(crate) attributes: Vec<KeyValue>,
}

#[derive(Serialize)]
pub(crate) struct ScopeSpans {
    pub(crate) scope: Scope,
    pub(crate) spans: Vec<OtlpSpan>,
}

#[derive(Serialize)]
pub(crate) struct Scope {
    pub(crate) name: &'static str,
    pub(crate) version: &'static str,
}

/// One span. `kind`: 1 internal, 2 server, 3 client.
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OtlpSpan {
    pub(crate) trace_id: String,
    pub(crate) span_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) trace_state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) parent_span_id: Option<String>,
    pub(crate) name: String,
    pub(crate) kind: u8,
    pub(crate) start_time_unix_nano: String,
    pub(crate) end_time_unix_nano: String,
    pub(crate) attributes: Vec<KeyValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) status: Option<SpanStatus>,
}

pub(crate) const INTERNAL: u8 = 1;
pub(crate) const SERVER: u8 = 2;
/// The forge requests'.
pub(crate) const CLIENT: u8 = 3;

/// `code` 2 is ERROR; a span that did not fail has none.
#[derive(Clone, Serialize)]
pub(crate) struct SpanStatus {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(crate) message: String,
    pub(crate) code: u8,
}

impl SpanStatus {
    pub(crate) fn error(message: &str) -> SpanStatus {
        SpanStatus {
            message: message.to_string(),
            code: 2,
        }
    }
}

#[derive(Clone, Serialize)]
pub(crate) struct KeyValue {
    pub(crate) key: &'static str,
    pub(crate) value: AnyValue,
}

/// An attribute's value; an int64 is a string in OTLP-JSON.
#[derive(Clone, Serialize)]
pub(crate) enum AnyValue {
    #[serde(rename = "stringValue")]
    String(String),
    #[serde(rename = "intValue")]
    Int(String),
}

impl KeyValue {
    pub(crate) fn text(key: &'static str, value: impl Into<String>) -> KeyValue {
        KeyValue {
            key,
            value: AnyValue::String(value.into()),
        }
    }

    pub(crate) fn int(key: &'static str, value: i64) -> KeyValue {
        KeyValue {
            key,
            value: AnyValue::Int(value.to_string()),
        }
    }
}
