//! What an entry says of the call that made it beyond who and why: the
//! caller's trace context (issue 43 item 9) and, for a steer whose MCP call
//! was cancelled after its write went out, that it completed all the same
//! (item 6). One wording for the story, its Markdown, the page and the
//! brief.

use crate::model::EntryAction;
use crate::storage::logbook::Entry;

/// `trace 00-…-01 (tracestate rojo=…)`, when the entry records one.
pub(crate) fn trace_line(entry: &Entry) -> Option<String> {
    let trace = entry.parsed_action()?.trace()?;
    let mut line = format!("trace {}", trace.traceparent);
    if let Some(state) = &trace.tracestate {
        line.push_str(&format!(" (tracestate {state})"));
    }
    // Checked as W3C Trace Context when read: hex, dashes and printable
    // ASCII, nothing to clean; cleaned all the same, as every recorded text.
    Some(super::clean_line(&line))
}

/// Whether the entry's call was cancelled after its write went out.
pub(crate) fn completed_after_cancel(entry: &Entry) -> bool {
    matches!(entry.parsed_action(), Some(EntryAction::Steer(record)) if record.completed_after_cancel)
}

/// What the story says of such an entry.
pub(crate) const AFTER_CANCEL: &str =
    "completed after its call was cancelled: the caller never got the answer";

/// The lines a view adds under an entry's head, in order.
pub(crate) fn lines(entry: &Entry) -> Vec<String> {
    let mut lines = Vec::new();
    if completed_after_cancel(entry) {
        lines.push(AFTER_CANCEL.to_string());
    }
    lines.extend(trace_line(entry));
    lines
}
