//! The caller's trace context as a front end receives it: the CLI's
//! `--traceparent` or `TRACEPARENT`/`TRACESTATE`, an MCP request's
//! `_meta.traceparent`/`tracestate`. Read the same way for both: checked
//! as W3C Trace Context, and a malformed value ignored with a note on
//! stderr, never stored and never an error (a trace is the caller's
//! bookkeeping; it must not fail the work).

use crate::model::tell;
use crate::model::trace::{Malformed, Trace};

/// The trace to record, from a traceparent and the tracestate sent with
/// it; `from` names where they came from in the note (`--traceparent`,
/// `_meta`).
pub fn caller(traceparent: Option<&str>, tracestate: Option<&str>, from: &str) -> Option<Trace> {
    let traceparent = traceparent?;
    let (trace, malformed) = Trace::read(traceparent, tracestate);
    if let Some(Malformed::Traceparent(why) | Malformed::Tracestate(why)) = malformed {
        tell::note(&format!("warning: {from}: {why}"));
    }
    trace
}
