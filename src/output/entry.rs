//! Logbook entries: the story block humans read and the JSON shape machines
//! parse (`{"id", "kind", "recordedAt", …, "action", "bearing"}`).

use helm_core::Headline;
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, Write};

use serde_json::Value;

use super::documents::{EntryView, RecordedView};
use super::{Report, Style, clean, clean_line, short_hash, when};
use crate::storage::logbook::{Entry, Sealed};
use crate::storage::slate::Observation;
use helm_core::Changes;
use helm_core::Target;

/// A target as one human line, from its stored key. A long voyage's story
/// names the same few targets thousands of times, and parsing each key
/// again was a fifth of `voyage show`'s time: the lines are kept, a few
/// thousand at most, for the rest of the process.
pub(crate) fn describe_target(key: &str) -> String {
    const KEPT: usize = 4096;
    thread_local! {
        static DESCRIBED: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
    }
    if let Some(line) = DESCRIBED.with_borrow(|kept| kept.get(key).cloned()) {
        return line;
    }
    let line = describe_target_afresh(key);
    DESCRIBED.with_borrow_mut(|kept| {
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(key.to_string(), line.clone());
    });
    line
}

fn describe_target_afresh(key: &str) -> String {
    if let Some(target) = Target::from_key(key) {
        return target.describe();
    }
    serde_json::from_str::<Value>(key)
        .ok()
        .and_then(|value| crate::model::original_helm::describe_target(&value))
        .unwrap_or_else(|| key.to_string())
}

/// How many lines of a body the story shows before "… N more lines".
const BODY_LINES: usize = 4;

/// `── Steer 3 ── create PR #45` and the lines under it: who, when, where,
/// why, what was said, and the bearing (with a digest of each observation
/// when `digests` has one, and what changed on its target since the bearing
/// before when `changes` says).
pub(crate) fn write_story_block(
    out: &mut dyn Write,
    entry: &Entry,
    style: Style,
    digests: &HashMap<String, String>,
    changes: &Changes,
) -> io::Result<()> {
    let kind = crate::output::capitalized(entry.kind_name());
    writeln!(
        out,
        "{} {}",
        style.bold(&format!("── {kind} {} ──", entry.id)),
        style.accent(&clean_line(&entry.headline()))
    )?;
    let who = &entry.provenance;
    // `alice as coder · via helm-bot`: the token's account beside the identity.
    let via = entry
        .actor()
        .map(|login| format!(" · via {}", clean_line(login)))
        .unwrap_or_default();
    writeln!(
        out,
        "   {} {} {}{via} · {}",
        style.bold(&clean_line(&who.identity)),
        style.dim("as"),
        clean_line(&who.role),
        style.dim(&format!(
            "{} · {}",
            clean_line(&who.method),
            when(&entry.recorded_at)
        ))
    )?;
    if let Some(url) = entry.url() {
        writeln!(out, "   {}", style.dim(&clean_line(url)))?;
    }
    for line in clean(&who.summary).lines() {
        writeln!(out, "   {line}")?;
    }
    let said = super::asked::of(entry);
    for detail in &said.details {
        writeln!(out, "   {}", style.dim(&clean_line(detail)))?;
    }
    if let Some(body) = &said.body {
        let body = clean(body);
        let lines: Vec<&str> = body.lines().collect();
        let shown = if lines.len() > BODY_LINES + 1 {
            BODY_LINES
        } else {
            lines.len()
        };
        for line in &lines[..shown] {
            writeln!(out, "   > {line}")?;
        }
        if shown < lines.len() {
            writeln!(
                out,
                "   > {}",
                style.dim(&format!("… {} more lines", lines.len() - shown))
            )?;
        }
    }
    if entry.bearing.is_empty() {
        writeln!(out, "   {}", style.dim("bearing: no observations"))?;
    } else {
        writeln!(
            out,
            "   {}",
            style.dim(&format!("bearing ({}):", entry.bearing.len()))
        )?;
        let described: Vec<String> = entry
            .bearing
            .iter()
            .map(|o| clean_line(&describe_target(&o.target)))
            .collect();
        let width = described
            .iter()
            .map(|d| super::width(d))
            .max()
            .unwrap_or(0)
            .min(72);
        for (observation, text) in entry.bearing.iter().zip(&described) {
            let mut line = format!(
                "     {}  {}",
                super::pad(text, width),
                style.dim(short_hash(&observation.artifact))
            );
            if !observation.is_stowed() {
                line.push_str(&format!(
                    " {}",
                    style.warn(&format!("[{}]", observation.status_text()))
                ));
            }
            if let Some(digest) = digests.get(&observation.artifact) {
                line.push_str(&format!("  {}", clean_line(digest)));
            }
            writeln!(out, "{}", line.trim_end())?;
            if let Some(changed) = changed(changes, entry, observation) {
                writeln!(out, "       {}", style.dim(&changed))?;
            }
        }
    }
    Ok(())
}

/// `since entry 2: 1 new comment by bob · title edited`, when something
/// changed on the observation's target since the bearing before.
pub(crate) fn changed(
    changes: &Changes,
    entry: &Entry,
    observation: &Observation,
) -> Option<String> {
    let changed = changes.get(&(entry.id, observation.target.clone()))?;
    let words: Vec<String> = changed.words.iter().map(|w| clean_line(w)).collect();
    Some(format!(
        "since entry {}: {}",
        changed.since,
        words.join(" · ")
    ))
}

/// What `log` and `steer` print: the recorded entry.
pub(crate) struct Recorded {
    pub(crate) sealed: Sealed,
    /// What the caller should know although the steer succeeded.
    pub(crate) warnings: Vec<String>,
}

impl Recorded {
    /// The entry, its warnings said by `say` (the front end's speaker).
    pub(crate) fn said(
        sealed: Sealed,
        warnings: &[crate::error::Words],
        say: impl Fn(&crate::error::Words) -> String,
    ) -> Self {
        Recorded {
            sealed,
            warnings: warnings.iter().map(say).collect(),
        }
    }
}

impl Report for Recorded {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        write_story_block(
            out,
            &self.sealed.entry,
            style,
            &HashMap::new(),
            &Changes::new(),
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &RecordedView {
                entry: EntryView::of(&self.sealed.entry),
                replayed: self.sealed.replayed,
                warnings: &self.warnings,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        let entry = &self.sealed.entry;
        let mut lines: Vec<String> = self
            .warnings
            .iter()
            .map(|w| format!("warning: {w}"))
            .collect();
        if self.sealed.replayed {
            lines.push(format!(
                "request id already recorded as entry {}; nothing was performed again",
                entry.id
            ));
        } else {
            lines.push(format!(
                "recorded entry {} with a bearing of {} {}",
                entry.id,
                entry.bearing.len(),
                crate::words::plural(entry.bearing.len() as u64, "observation", "observations")
            ));
        }
        Some(lines.join("\n"))
    }
}
