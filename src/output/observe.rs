//! `observe` output: `{"target", "observedAt", "artifact", "payload"}` on stdout
//! in both modes (it is data), and one human line on stderr.
//!
//! The payload is streamed out of the compressed artifact rather than kept as
//! a second copy in memory.

use std::io::{self, Write};

use super::{Report, Style, short_hash};

pub struct ObservedReport {
    pub observed: crate::ops::observe::Observed,
    /// stdout is a terminal: escape characters that could drive it.
    pub terminal: bool,
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
            ",\"observedAt\":\"{}\",\"artifact\":\"{}\",\"payload\":",
            observed.observed_at, observed.artifact
        )?;
        if self.terminal {
            let mut raw = Vec::new();
            observed.compressed.decode_into(&mut raw)?;
            out.write_all(terminal_safe_json(&String::from_utf8_lossy(&raw)).as_bytes())?;
        } else {
            // Just packed and hashed: no need to hash it again on the way out.
            observed.compressed.decode_into(&mut *out)?;
        }
        out.write_all(b"}\n")
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
        Some(lines.join("\n"))
    }
}

/// Rewrites characters a terminal would act on (C1 controls, bidi overrides)
/// as `\uXXXX` escapes. They only occur inside JSON strings, so the document
/// means exactly the same.
pub fn terminal_safe_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if matches!(c, '\u{7f}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
                target: crate::model::Observe::FileContents {
                    paths: vec!["a\u{9b}31m\u{202e}b".to_string()],
                },
                observed_at: "2026-01-01T00:00:00.000000Z".to_string(),
                artifact: "0".repeat(64),
                compressed: crate::storage::artifact::Frame::Memory(compressed),
                summary: String::new(),
                superseded: false,
                unchanged: false,
                warnings: Vec::new(),
            },
            terminal: true,
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
}
