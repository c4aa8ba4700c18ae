//! The timeline: an SVG drawn here, with no library and nothing loaded.
//! Time runs left to right; each identity has a lane; a steer is a square,
//! a log a circle, and each mark links to its entry's section. A logged
//! wait draws a dashed line to the next entry, so waiting shows as the
//! gap it was; overrides, `--allow-stale` and steers recorded after a
//! lost answer carry a red ring.

use std::fmt::Write as _;

use super::flags;
use super::html::line;
use crate::model::entry::EntryAction;
use crate::storage::logbook::Entry;
use helm_core::Headline;

const LABEL: f64 = 170.0;
const PLOT: f64 = 790.0;
const LANE: f64 = 28.0;
const TOP: f64 = 26.0;

/// Seconds since the epoch of a stored timestamp.
fn seconds(timestamp: &str) -> Option<f64> {
    let ts = timestamp.parse::<jiff::Timestamp>().ok()?;
    Some(ts.as_millisecond() as f64 / 1000.0)
}

pub(crate) fn write(out: &mut String, entries: &[Entry]) {
    if entries.is_empty() {
        out.push_str("<p class=\"dim\">The logbook is empty: nothing to draw.</p>");
        return;
    }
    let mut lanes: Vec<&str> = Vec::new();
    let mut times: Vec<f64> = Vec::with_capacity(entries.len());
    let mut last = 0.0;
    for entry in entries {
        let identity = entry.provenance.identity.as_str();
        if !lanes.contains(&identity) {
            lanes.push(identity);
        }
        // A timestamp helm cannot read keeps its entry beside the one before.
        last = seconds(&entry.recorded_at).unwrap_or(last);
        times.push(last);
    }
    let start = times.iter().copied().fold(f64::INFINITY, f64::min);
    let end = times.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = (end - start).max(1.0);
    let x = |t: f64| LABEL + 10.0 + (t - start) / span * (PLOT - 20.0);
    let lane_y = |identity: &str| {
        let at = lanes.iter().position(|l| *l == identity).unwrap_or(0);
        TOP + LANE * at as f64 + LANE / 2.0
    };
    let height = TOP + LANE * lanes.len() as f64 + 8.0;
    let width = LABEL + PLOT;
    let _ = write!(
        out,
        "<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         role=\"img\" aria-label=\"timeline of {} entries\">",
        entries.len()
    );
    let _ = write!(out, "<text x=\"{}\" y=\"16\">", LABEL + 10.0);
    line(out, &crate::text::when(&entries[0].recorded_at));
    let _ = write!(
        out,
        "</text><text x=\"{}\" y=\"16\" text-anchor=\"end\">",
        width - 10.0
    );
    line(
        out,
        &crate::text::when(&entries[entries.len() - 1].recorded_at),
    );
    out.push_str("</text>");
    for identity in &lanes {
        let y = lane_y(identity);
        let _ = write!(
            out,
            "<line class=\"lane\" x1=\"{LABEL}\" x2=\"{width}\" y1=\"{y}\" y2=\"{y}\"/>\
             <text x=\"6\" y=\"{}\">",
            y + 4.0
        );
        let label: String = identity.chars().take(22).collect();
        line(out, &label);
        out.push_str("</text>");
    }
    // Waits first, so the marks are drawn over them.
    for (i, entry) in entries.iter().enumerate() {
        let waiting = matches!(entry.parsed_action(),
            Some(EntryAction::Log { status, .. }) if status.trim_start().starts_with("waiting"));
        if let (true, Some(next)) = (waiting, times.get(i + 1)) {
            let y = lane_y(&entry.provenance.identity);
            let _ = write!(
                out,
                "<line class=\"wait\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y}\" y2=\"{y}\"/>",
                x(times[i]),
                x(*next)
            );
        }
    }
    for (entry, t) in entries.iter().zip(&times) {
        let (cx, cy) = (x(*t), lane_y(&entry.provenance.identity));
        let flagged = !flags(entry).is_empty();
        let class = match (entry.is_steer(), flagged) {
            (true, false) => "steer",
            (true, true) => "steer flagged",
            (false, false) => "log",
            (false, true) => "log flagged",
        };
        let _ = write!(out, "<a href=\"#e{}\"><title>{} ", entry.id, entry.id);
        line(out, &entry.provenance.identity);
        out.push_str(": ");
        line(out, &entry.headline());
        out.push_str("</title>");
        if entry.is_steer() {
            let _ = write!(
                out,
                "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\"/>",
                cx - 5.0,
                cy - 5.0
            );
        } else {
            let _ = write!(
                out,
                "<circle class=\"{class}\" cx=\"{cx:.1}\" cy=\"{cy}\" r=\"5\"/>"
            );
        }
        out.push_str("</a>");
    }
    out.push_str(
        "</svg><p class=\"legend dim\"><span>■ steer</span><span>● log</span>\
         <span>- - - waiting</span><span>red ring: override, --allow-stale, or recorded after a lost answer</span></p>",
    );
}
