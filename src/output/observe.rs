//! `observe` output: with `--json` (and in MCP) the document
//! `{"target", "observedAt", "artifact", "payload"}`; for a person, a
//! rendering bounded to about a screen (the target, the artifact, the digest
//! line, each part for reading, and a last line on what was left out and how
//! to see all of it; `--all` leaves nothing of a GitHub look out), as wide
//! as the terminal and 80 columns in a pipe. A human line on
//! stderr says where the observation went, in both modes.
//!
//! A payload packed from memory is printed from that JSON; one that was
//! streamed (a big file) is decompressed out of the artifact rather than kept
//! as a second copy in memory.

use std::io::{self, Write};

use serde_json::Value;

use super::{Report, Style, short_hash, terminal_safe_json, when};

/// Payloads larger than this get the look's summary for a digest line
/// rather than being read once more (the story's limit too).
const DIGEST_LIMIT: usize = 4 << 20;

mod big_file;
mod checks;
mod local;
mod repo;
mod screen;
mod thread;

use screen::Screen;

pub(crate) struct ObservedReport {
    pub(crate) observed: helm_core::Observed,
    /// stdout is a terminal: escape characters that could drive it.
    pub(crate) terminal: bool,
    /// `observe --all`: nothing left out of the screen.
    pub(crate) all: bool,
}

impl ObservedReport {
    fn write_document(&self, out: &mut dyn Write) -> io::Result<()> {
        let observed = &self.observed;
        out.write_all(b"{\"target\":")?;
        // Target paths are user text: on a terminal, escaped like the payload.
        let target = serde_json::to_string(&observed.target).map_err(io::Error::other)?;
        if self.terminal {
            out.write_all(terminal_safe_json(&target).as_bytes())?;
        } else {
            out.write_all(target.as_bytes())?;
        }
        write!(
            out,
            ",\"observedAt\":\"{}\",\"artifact\":\"{}\",",
            observed.observed_at, observed.artifact
        )?;
        if let Some(digest) = &observed.digest {
            // A line for people and agents: invisible characters written out.
            let digest = crate::model::text::visible(digest).unwrap_or_else(|| digest.clone());
            let digest = serde_json::to_string(&digest).map_err(io::Error::other)?;
            match self.terminal {
                true => write!(out, "\"digest\":{},", terminal_safe_json(&digest))?,
                false => write!(out, "\"digest\":{digest},")?,
            }
        }
        self.write_account(out)?;
        out.write_all(b"\"payload\":")?;
        if let Some(payload) = self.shown() {
            // The payload as the core's disclosure shows it (marked, or
            // withheld under --lockdown), never the one stored beside it.
            let text = serde_json::to_string(&payload).map_err(io::Error::other)?;
            out.write_all(terminal_safe_json(&text).as_bytes())?;
            return out.write_all(b"}\n");
        }
        match (&observed.json, self.terminal) {
            (Some(json), false) => out.write_all(json)?,
            (Some(json), true) => {
                out.write_all(terminal_safe_json(&String::from_utf8_lossy(json)).as_bytes())?
            }
            (None, true) => {
                let mut raw = Vec::new();
                observed.compressed.decode_into(&mut raw)?;
                out.write_all(terminal_safe_json(&String::from_utf8_lossy(&raw)).as_bytes())?;
            }
            // Just packed and hashed: no need to hash it again on the way out.
            (None, false) => observed.compressed.decode_into(&mut *out)?,
        }
        out.write_all(b"}\n")
    }
}

impl ObservedReport {
    /// `"changes"` and `"readiness"`, when the look has them, each followed
    /// by a comma.
    fn write_account(&self, out: &mut dyn Write) -> io::Result<()> {
        let observed = &self.observed;
        let mut field = |name: &str, json: String| -> io::Result<()> {
            match self.terminal {
                true => write!(out, "\"{name}\":{},", terminal_safe_json(&json)),
                false => write!(out, "\"{name}\":{json},"),
            }
        };
        if let Some(changes) = &observed.changes {
            field(
                "changes",
                serde_json::to_string(changes).map_err(io::Error::other)?,
            )?;
        }
        if let Some(readiness) = &observed.readiness {
            field(
                "readiness",
                serde_json::to_string(readiness).map_err(io::Error::other)?,
            )?;
        }
        Ok(())
    }

    /// The human rendering: a header, each part, and the closing line.
    fn write_rendering(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let observed = &self.observed;
        let mut screen = Screen::new(super::columns::columns())
            .showing_all(self.all)
            .offering_all(heeds_all(&observed.target));
        screen.line(&format!("observed {}", observed.target.describe()));
        screen.line(&format!(
            "artifact {} · {}",
            short_hash(&observed.artifact),
            when(&observed.observed_at)
        ));
        if observed.json.is_none() && !observed.unchanged {
            // Streamed from a big file and never held whole: reading it back
            // for a screen would cost memory the look itself did not (a
            // 256 MiB file took twice its size). The look's summary, then the
            // first lines read from the payload's start alone; the footer
            // says how to see it all. (An unchanged GitHub look holds no JSON
            // either: its stored artifact is read.)
            screen.line(&observed.summary);
            let shown = big_file::head(&mut screen, &observed.compressed);
            screen.line("");
            let footer = format!(
                "{}all of it: helm artifact show {}, or --json",
                if shown { "" } else { "too big to show here; " },
                short_hash(&observed.artifact)
            );
            screen.write(out, style)?;
            return writeln!(out, "{}", style.dim(&footer));
        }
        let raw = match self.shown() {
            Some(payload) => serde_json::to_vec(&payload)?.into(),
            None => self.raw()?,
        };
        // The look's own digest when it made one (it had the payload in
        // hand); else read from the payload, unless that is big: the look's
        // summary stands in, as the story does it.
        let digest = match (&observed.digest, raw.len() <= DIGEST_LIMIT) {
            (Some(digest), _) => Some(digest.clone()),
            (None, true) => helm_core::digest_of(Some(&observed.target), &raw),
            (None, false) => Some(observed.summary.clone()),
        };
        if let Some(digest) = digest {
            screen.line(&digest);
        }
        // One line each: a screen cuts a line at its width.
        if let Some(readiness) = &observed.readiness {
            match readiness.ready {
                true => screen.line("readiness: ready"),
                false => screen.line("readiness: not ready"),
            }
            for blocker in &readiness.blockers {
                screen.line(&format!("  - {}", blocker.says));
            }
            for also in &readiness.also {
                screen.line(&format!("  also: {}", also.says));
            }
        }
        match observed.changes.as_deref() {
            Some([]) => screen.line("since the last look: nothing changed"),
            Some(changes) => {
                screen.line("since the last look:");
                for change in changes {
                    screen.line(&format!("  - {change}"));
                }
            }
            None => {}
        }
        let rendered = match &observed.target {
            helm_core::Target::FileContents(_) => serde_json::from_slice(&raw)
                .map(|files| local::lean_files(&mut screen, &files))
                .is_ok(),
            // Names are not authors' text: lockdown withholds none of them.
            helm_core::Target::DirectoryTree(_) => serde_json::from_slice(&raw)
                .map(|tree| local::lean_tree(&mut screen, &tree))
                .is_ok(),
            // What the core's disclosure shows (`raw` above, under
            // --lockdown the text of authors without push access withheld).
            target => serde_json::from_slice::<Value>(&raw)
                .map(|payload| render(&mut screen, target, &payload))
                .is_ok(),
        };
        if !rendered {
            screen.line("(the payload does not read as this kind's: see it with --json)");
        }
        screen.line("");
        let footer = screen.footer(short_hash(&observed.artifact));
        screen.write(out, style)?;
        writeln!(out, "{}", style.dim(&footer))
    }

    /// The payload's JSON bytes: kept in memory, or read out of the frame.
    fn raw(&self) -> io::Result<std::borrow::Cow<'_, [u8]>> {
        let observed = &self.observed;
        match &observed.json {
            Some(json) => Ok(json.as_slice().into()),
            None => {
                let mut raw = Vec::new();
                observed.compressed.decode_into(&mut raw)?;
                Ok(raw.into())
            }
        }
    }
}

impl ObservedReport {
    /// The payload as the core's disclosure shows it, when that is not the
    /// payload as stored, with invisible characters written out.
    fn shown(&self) -> Option<Value> {
        let mut payload = self.observed.shown.as_ref()?.payload.clone();
        helm_core::shown_visible(&mut payload);
        Some(payload)
    }
}

impl Report for ObservedReport {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        self.write_rendering(out, style)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_document(out)?;
        Ok(())
    }

    fn status_line(&self) -> Option<String> {
        let observed = &self.observed;
        let mut line = format!(
            "observed {} ({}) → slate, artifact {}",
            observed.target.describe(),
            observed.summary,
            short_hash(&observed.artifact)
        );
        if observed.unchanged {
            line = format!(
                "observed {} ({}): unchanged, GitHub answered 304 → slate, artifact {}",
                observed.target.describe(),
                observed.summary,
                short_hash(&observed.artifact)
            );
        }
        if observed.superseded {
            line = format!(
                "observed {} ({}), but a newer observation of it is on the slate and stays",
                observed.target.describe(),
                observed.summary
            );
        }
        let mut lines: Vec<String> = observed
            .warnings
            .iter()
            .map(|warning| format!("warning: {warning}"))
            .collect();
        lines.push(line);
        let found = self.observed.shown.iter().flat_map(|s| &s.untrusted);
        lines.extend(found.filter(|u| u.withheld).map(|u| u.line()));
        Some(lines.join("\n"))
    }

    fn untrusted(&self) -> Vec<String> {
        let found = self.observed.shown.iter().flat_map(|s| &s.untrusted);
        found.map(helm_core::Untrusted::line).collect()
    }
}

/// Whether `observe --all` shows more of this kind: a GitHub look's parts
/// are drawn from the payload whole; a local look's screen is drawn from
/// a lean reading of it, and `helm artifact show` gives the rest.
pub(crate) fn heeds_all(target: &helm_core::Target) -> bool {
    use helm_core::Target;
    match target {
        Target::GitHubIssue(_)
        | Target::GitHubPr(_)
        | Target::GitHubChecks(_)
        | Target::GitHubRepo(_)
        | Target::Issue(_)
        | Target::Pr(_)
        | Target::Checks(_)
        | Target::Repo(_) => true,
        Target::FileContents(_) | Target::DirectoryTree(_) | Target::RustProject(_) => false,
    }
}

/// Each part of the payload, by the kind that wrote it.
fn render(screen: &mut Screen, target: &helm_core::Target, payload: &Value) {
    use helm_core::Target;
    match target {
        Target::GitHubIssue(_) | Target::GitHubPr(_) | Target::Issue(_) | Target::Pr(_) => {
            thread::render(screen, payload)
        }
        Target::GitHubChecks(_) | Target::Checks(_) => {
            if let Some(checks) = payload.get("checks").filter(|c| c.is_object()) {
                checks::render(screen, checks, None);
            }
        }
        Target::GitHubRepo(_) | Target::Repo(_) => repo::render(screen, payload),
        // Read lean, before a `Value` is made (`local::LeanFiles`,
        // `local::LeanTree`).
        Target::FileContents(_) | Target::DirectoryTree(_) => {}
        Target::RustProject(_) => local::rust_project(screen, payload),
    }
}

/// The array at `key`, if it is one.
fn array<'a>(value: &'a Value, key: &str) -> Option<&'a [Value]> {
    value.get(key)?.as_array().map(Vec::as_slice)
}

/// The text at `key`: a string as it is, a number as digits, else empty.
fn string(value: &Value, key: &str) -> String {
    match value.get(key) {
        Some(Value::String(text)) => text.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// Labels, assignees, reviewers: as names, whether GitHub gave strings or
/// objects with a `name` or `login`.
fn names(list: Option<&Value>) -> Vec<String> {
    list.and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|item| match item {
                    Value::String(name) => Some(name.clone()),
                    other => ["name", "login"]
                        .iter()
                        .find_map(|key| other.get(*key)?.as_str().map(str::to_string)),
                })
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests;
