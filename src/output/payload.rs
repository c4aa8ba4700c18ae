//! `artifact show`'s report: the payload JSON, streamed out of its zstd
//! frame. A person at a terminal reads it indented; a pipe and `--json`
//! get the stored bytes unchanged, so a hash of them still matches.

use std::io::{self, Write};

use super::{Report, Style};
use crate::storage::artifact;

/// Payloads larger than this reach a terminal as stored, on one line:
/// indenting means holding the whole tree in memory, several times the
/// payload's size, for text nobody reads on a screen.
const INDENT_LIMIT: usize = 16 << 20;

/// `artifact show`: the payload JSON, streamed out of its zstd frame.
pub(crate) struct PayloadReport {
    pub(crate) data: Vec<u8>,
    /// Said on stderr when the payload shown is a reduced artifact's summary.
    pub(crate) note: Option<String>,
    /// The payload as the core's disclosure shows it, when that is not the
    /// payload as stored (`egress::shown`): printed in its place.
    pub(crate) shown: Option<helm_core::Disclosed>,
    /// stdout is a terminal: escape what could drive it.
    pub(crate) terminal: bool,
}

impl Report for PayloadReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        if !self.terminal {
            self.json(out)?;
            return out.write_all(b"\n");
        }
        let mut raw = Vec::new();
        artifact::unpack(&self.data, &mut raw)?;
        let indented = match raw.len() <= INDENT_LIMIT {
            true => serde_json::from_slice::<serde_json::Value>(&raw)
                .ok()
                .and_then(|value| serde_json::to_string_pretty(&value).ok()),
            false => None,
        };
        let text = indented.unwrap_or_else(|| String::from_utf8_lossy(&raw).into_owned());
        out.write_all(super::terminal_safe_json(&text).as_bytes())?;
        out.write_all(b"\n")
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(shown) = &self.shown {
            let text = serde_json::to_string(&shown.payload).map_err(io::Error::other)?;
            return match self.terminal {
                true => out.write_all(super::terminal_safe_json(&text).as_bytes()),
                false => out.write_all(text.as_bytes()),
            };
        }
        if self.terminal {
            let mut raw = Vec::new();
            artifact::unpack(&self.data, &mut raw)?;
            let safe = super::terminal_safe_json(&String::from_utf8_lossy(&raw));
            out.write_all(safe.as_bytes())
        } else {
            artifact::unpack(&self.data, out).map(drop)
        }
    }

    fn status_line(&self) -> Option<String> {
        self.note.clone()
    }

    fn untrusted(&self) -> Vec<String> {
        let found = self.shown.iter().flat_map(|shown| &shown.untrusted);
        found.map(helm_core::Untrusted::line).collect()
    }
}
