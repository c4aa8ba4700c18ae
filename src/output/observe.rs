//! `observe` output: `{"target", "observedAt", "artifact", "payload"}` on stdout
//! in both modes (it is data), and one human line on stderr.
//!
//! A payload packed from memory is printed from that JSON; one that was
//! streamed (a big file) is decompressed out of the artifact rather than kept
//! as a second copy in memory.

use std::io::{self, Write};

use super::{Report, Style, short_hash, terminal_safe_json};

pub(crate) struct ObservedReport {
    pub(crate) observed: crate::ops::observe::Observed,
    /// stdout is a terminal: escape characters that could drive it.
    pub(crate) terminal: bool,
    /// For a person (not --json, not MCP): a PR's review threads follow the
    /// status line on stderr as a table, since stdout is the JSON document.
    pub(crate) tables: bool,
    /// `observe --lockdown`: the payload printed has the text of authors
    /// without push access withheld (`standing`), and no invisible character.
    pub(crate) lockdown: bool,
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
        out.write_all(b"\"payload\":")?;
        if self.lockdown {
            let (payload, _) = self.withheld().map_err(io::Error::other)?;
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
    /// The payload as JSON, if it reads as JSON (it was just written).
    fn payload(&self) -> Option<serde_json::Value> {
        let observed = &self.observed;
        match &observed.json {
            Some(json) => serde_json::from_slice(json).ok(),
            None => {
                let mut raw = Vec::new();
                observed.compressed.decode_into(&mut raw).ok()?;
                serde_json::from_slice(&raw).ok()
            }
        }
    }
}

impl ObservedReport {
    /// The payload with untrusted text withheld and invisible characters
    /// written out, and the lines saying what was withheld.
    fn withheld(&self) -> Result<(serde_json::Value, Vec<String>), &'static str> {
        let mut payload = self
            .payload()
            .ok_or("the payload just stored is not JSON")?;
        let found = crate::observe::standing::mark(&mut payload, &self.observed.artifact, true);
        super::shown::visible(&mut payload);
        Ok((payload, found.iter().map(|u| u.line()).collect()))
    }
}

impl Report for ObservedReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        self.write_document(out)
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
        if self.lockdown
            && let Ok((_, withheld)) = self.withheld()
        {
            lines.extend(withheld);
        }
        if self.tables
            && observed
                .target
                .thread()
                .is_some_and(|thread| thread.is_pr())
            && let Some(table) = self.payload().as_ref().and_then(super::threads::table)
        {
            lines.push(table);
        }
        Some(lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::artifact::Frame;

    #[test]
    fn terminal_escapes_keep_the_json_meaning() {
        let original = serde_json::json!({"body": "a\u{9b}31mb\u{202e}c\u{7f}"});
        let text = serde_json::to_string(&original).unwrap();
        let safe = terminal_safe_json(&text);
        assert!(!safe.contains('\u{9b}'));
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&safe).unwrap(),
            original
        );
    }

    #[test]
    fn the_target_is_terminal_safe_on_a_terminal() {
        let mut compressed = Vec::new();
        zstd::stream::copy_encode(&b"{}"[..], &mut compressed, 1).unwrap();
        let mut report = ObservedReport {
            observed: crate::ops::observe::Observed {
                target: crate::observe::Target::from(
                    crate::observe::file_contents::FileContentsTarget {
                        paths: vec!["a\u{9b}31m\u{202e}b".to_string()],
                    },
                ),
                observed_at: "2026-01-01T00:00:00.000000Z".to_string(),
                artifact: "0".repeat(64),
                compressed: crate::storage::artifact::Frame::Memory(compressed),
                json: None,
                summary: String::new(),
                digest: None,
                superseded: false,
                unchanged: false,
                warnings: Vec::new(),
            },
            terminal: true,
            tables: false,
            lockdown: false,
        };
        let mut out = Vec::new();
        report.write_document(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains(['\u{9b}', '\u{202e}']), "{text}");
        let document: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(document["target"]["paths"][0], "a\u{9b}31m\u{202e}b");
        // Piped, the bytes are left as they are (the JSON is the same).
        report.terminal = false;
        let mut out = Vec::new();
        report.write_document(&mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains('\u{9b}'));
    }

    #[test]
    fn the_payload_reads_the_same_from_memory_or_from_the_frame() {
        let packed = crate::storage::artifact::Packer::pack(&serde_json::json!({
            "content": "line\u{9b}31m \u{202e}\"quoted\""
        }))
        .unwrap();
        let report = |json: Option<Vec<u8>>, terminal: bool| {
            let Frame::Memory(frame) = &packed.frame else {
                panic!("a small frame stays in memory");
            };
            let report = ObservedReport {
                observed: crate::ops::observe::Observed {
                    target: crate::observe::Target::from(
                        crate::observe::file_contents::FileContentsTarget {
                            paths: vec!["f".to_string()],
                        },
                    ),
                    observed_at: "2026-01-01T00:00:00.000000Z".to_string(),
                    artifact: packed.hash.clone(),
                    compressed: Frame::Memory(frame.clone()),
                    json,
                    summary: String::new(),
                    digest: None,
                    superseded: false,
                    unchanged: false,
                    warnings: Vec::new(),
                },
                terminal,
                tables: false,
                lockdown: false,
            };
            let mut out = Vec::new();
            report.write_document(&mut out).unwrap();
            out
        };
        assert!(packed.json.is_some());
        for terminal in [false, true] {
            assert_eq!(
                report(packed.json.clone(), terminal),
                report(None, terminal),
                "terminal: {terminal}"
            );
        }
    }
}
