//! The caller's trace: a W3C Trace Context (`traceparent`, and
//! `tracestate` beside it) that an MCP request's `_meta`, `--traceparent`
//! or `TRACEPARENT` carries, recorded on the entry the request makes so an
//! agent's own trace links to helm's record (issue 43 item 9).
//!
//! It is checked as the W3C recommendation says (version `00`, a trace id
//! and a parent id that are lowercase hex and not all zero, two hex flags)
//! before it is kept, and again when an entry is read: a pulled voyage's
//! entry was written by another machine, so what it claims is a trace is
//! shown only if it is one.

use serde::{Deserialize, Serialize};

/// The longest `tracestate` kept: the recommendation's 32 list-members of
/// at most 256 characters each, with their commas.
const MAX_TRACESTATE: usize = 32 * 257;

/// A checked W3C trace context.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(try_from = "Unchecked")]
pub struct Trace {
    /// `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
    pub traceparent: String,
    /// The vendors' list beside it (`rojo=00f067aa0ba902b7,congo=t61rcWkgMzE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tracestate: Option<String>,
}

/// A trace as stored or sent, before it is checked (its schema is the
/// trace's).
#[derive(Deserialize, schemars::JsonSchema)]
struct Unchecked {
    /// `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
    traceparent: String,
    /// The vendors' list beside it.
    #[serde(default)]
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    tracestate: Option<String>,
}

impl TryFrom<Unchecked> for Trace {
    type Error = String;

    fn try_from(raw: Unchecked) -> Result<Trace, String> {
        let trace = Trace::given(&raw.traceparent, raw.tracestate.as_deref())?;
        match (&trace.tracestate, &raw.tracestate) {
            (None, Some(_)) => Err("its tracestate is not a W3C tracestate".into()),
            _ => Ok(trace),
        }
    }
}

/// What was wrong with a trace context: the traceparent (nothing is kept),
/// or only the tracestate beside a good traceparent (which is kept alone,
/// as the recommendation asks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    Traceparent(String),
    Tracestate(String),
}

impl Trace {
    /// A trace from what a caller sent. A malformed traceparent is no trace
    /// (`Err`); a malformed tracestate beside a good one is dropped and
    /// said in `dropped`.
    pub fn read(traceparent: &str, tracestate: Option<&str>) -> (Option<Trace>, Option<Malformed>) {
        let traceparent = traceparent.trim();
        if let Err(why) = check_traceparent(traceparent) {
            return (
                None,
                Some(Malformed::Traceparent(format!(
                    "traceparent '{}' is not a W3C traceparent ({why}); it was ignored",
                    shown(traceparent)
                ))),
            );
        }
        let state = tracestate.map(str::trim).filter(|s| !s.is_empty());
        let (tracestate, malformed) = match state.map(check_tracestate) {
            None => (None, None),
            Some(Ok(())) => (state.map(str::to_string), None),
            Some(Err(why)) => (
                None,
                Some(Malformed::Tracestate(format!(
                    "tracestate is not a W3C tracestate ({why}); the traceparent was kept without it"
                ))),
            ),
        };
        let trace = Trace {
            traceparent: traceparent.to_string(),
            tracestate,
        };
        (Some(trace), malformed)
    }

    /// [`Trace::read`] for a value that must be whole: any fault is an error.
    pub(crate) fn given(traceparent: &str, tracestate: Option<&str>) -> Result<Trace, String> {
        match Trace::read(traceparent, tracestate) {
            (Some(trace), None) => Ok(trace),
            (Some(trace), Some(Malformed::Tracestate(_))) => Ok(Trace {
                tracestate: None,
                ..trace
            }),
            (_, Some(Malformed::Traceparent(why) | Malformed::Tracestate(why))) => Err(why),
            (None, None) => Err("no traceparent".into()),
        }
    }

    /// The trace id, 32 lowercase hex digits.
    pub fn trace_id(&self) -> &str {
        &self.traceparent[3..35]
    }

    /// The caller's span, 16 lowercase hex digits: the parent of helm's.
    pub fn parent_id(&self) -> &str {
        &self.traceparent[36..52]
    }
}

/// Reads a stored trace that may not be one (a hand-edited or foreign
/// entry): anything but a checked trace reads as none, so the rest of the
/// entry still reads.
pub(crate) fn lenient<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Trace>, D::Error> {
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).ok())
}

/// A bad value as a warning may quote it: bounded, one line.
fn shown(value: &str) -> String {
    let mut shown: String = value
        .chars()
        .take(64)
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect();
    if value.chars().count() > 64 {
        shown.push('…');
    }
    shown
}

fn check_traceparent(value: &str) -> Result<(), &'static str> {
    let parts: Vec<&str> = value.split('-').collect();
    let [version, trace_id, parent_id, flags] = parts.as_slice() else {
        return Err("it must be four fields joined by '-'");
    };
    if *version != "00" {
        return Err("helm reads version 00 only");
    }
    let hex = |field: &str, len: usize| {
        field.len() == len
            && field
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    if !hex(trace_id, 32) {
        return Err("the trace id must be 32 lowercase hex digits");
    }
    if trace_id.bytes().all(|b| b == b'0') {
        return Err("the trace id is all zeros");
    }
    if !hex(parent_id, 16) {
        return Err("the parent id must be 16 lowercase hex digits");
    }
    if parent_id.bytes().all(|b| b == b'0') {
        return Err("the parent id is all zeros");
    }
    if !hex(flags, 2) {
        return Err("the flags must be 2 lowercase hex digits");
    }
    Ok(())
}

/// A tracestate: at most 32 list-members `key=value`, keys as the
/// recommendation writes them (`vendor` or `tenant@vendor`), values of
/// printable ASCII other than `,` and `=` ending in no space.
fn check_tracestate(value: &str) -> Result<(), &'static str> {
    if value.len() > MAX_TRACESTATE {
        return Err("it is longer than 32 list-members");
    }
    let members: Vec<&str> = value
        .split(',')
        .map(|m| m.trim_matches([' ', '\t']))
        .filter(|m| !m.is_empty())
        .collect();
    if members.len() > 32 {
        return Err("it has more than 32 list-members");
    }
    let mut keys = Vec::new();
    for member in members {
        let Some((key, value)) = member.split_once('=') else {
            return Err("a list-member has no '='");
        };
        if !key_ok(key) {
            return Err("a key is not lowercase letters, digits, '_-*/' and one '@'");
        }
        let printable = |b: u8| (0x20..=0x7e).contains(&b) && b != b',' && b != b'=';
        if value.is_empty()
            || value.len() > 256
            || !value.bytes().all(printable)
            || value.ends_with(' ')
        {
            return Err("a value is empty, too long, or holds ',', '=' or a control character");
        }
        if keys.contains(&key) {
            return Err("a key appears twice");
        }
        keys.push(key);
    }
    Ok(())
}

fn key_ok(key: &str) -> bool {
    let part = |part: &str, max: usize, first_digit: bool| {
        let mut bytes = part.bytes();
        let first_ok = bytes
            .next()
            .is_some_and(|b| b.is_ascii_lowercase() || (first_digit && b.is_ascii_digit()));
        first_ok
            && part.len() <= max
            && bytes.all(|b| {
                b.is_ascii_lowercase()
                    || b.is_ascii_digit()
                    || matches!(b, b'_' | b'-' | b'*' | b'/')
            })
    };
    match key.split_once('@') {
        None => part(key, 256, false),
        Some((tenant, system)) => part(tenant, 241, true) && part(system, 14, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    #[test]
    fn a_w3c_traceparent_is_read_into_its_parts() {
        let trace = Trace::given(GOOD, Some("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")).unwrap();
        assert_eq!(trace.trace_id(), "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_eq!(trace.parent_id(), "00f067aa0ba902b7");
        assert!(trace.traceparent.ends_with("-01"), "sampled");
        assert_eq!(
            trace.tracestate.as_deref(),
            Some("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE")
        );
    }

    #[test]
    fn malformed_traceparents_are_no_trace() {
        for bad in [
            "",
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902bg-01",
        ] {
            let (trace, why) = Trace::read(bad, None);
            assert!(trace.is_none(), "{bad}");
            assert!(matches!(why, Some(Malformed::Traceparent(_))), "{bad}");
        }
    }

    #[test]
    fn a_malformed_tracestate_is_dropped_and_the_traceparent_kept() {
        for bad in [
            "novalue",
            "Upper=1",
            "a=1,a=2",
            "k=has,comma=x=y",
            "k=\u{7}",
            &"k=v,".repeat(33),
        ] {
            let (trace, why) = Trace::read(GOOD, Some(bad));
            assert_eq!(trace.unwrap().tracestate, None, "{bad:?}");
            assert!(matches!(why, Some(Malformed::Tracestate(_))), "{bad:?}");
        }
        let (trace, why) = Trace::read(GOOD, Some("tenant@vendor=v, other=x"));
        assert!(why.is_none());
        assert!(trace.unwrap().tracestate.is_some());
    }

    #[test]
    fn a_stored_trace_is_checked_when_read() {
        let stored = format!(r#"{{"traceparent":"{GOOD}","tracestate":"a=1"}}"#);
        assert!(serde_json::from_str::<Trace>(&stored).is_ok());
        assert!(serde_json::from_str::<Trace>(r#"{"traceparent":"00-zz"}"#).is_err());
        let bad_state = format!(r#"{{"traceparent":"{GOOD}","tracestate":"=="}}"#);
        assert!(serde_json::from_str::<Trace>(&bad_state).is_err());
    }
}
