//! `artifact list`, `artifact reduce`, `artifact jettison` and
//! `voyage compact` output: aligned tables and one-line results for people,
//! documents built from the storage types for `--json`.

use std::io::{self, Write};

use schemars::JsonSchema;
use serde::Serialize;

use super::{Report, Style, pad, short_hash};
use crate::storage::lifecycle::{Jettisoned, ListedArtifact, Reduced};
use crate::words::{human_bytes, plural};

pub(crate) struct ArtifactList {
    pub(crate) artifacts: Vec<ListedArtifact>,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct ListDoc<'a> {
    pub(crate) artifacts: &'a [ListedArtifact],
}

impl Report for ArtifactList {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.artifacts.is_empty() {
            return writeln!(out, "the voyage holds no artifacts");
        }
        writeln!(
            out,
            "{}",
            style.dim(&format!(
                "{}  {}  {:>9}  {:>9}  {}  REFERENCED",
                pad("ARTIFACT", 12),
                pad("STATUS", 10),
                "STORED",
                "PAYLOAD",
                pad("SUMMARY", 12),
            ))
        )?;
        for listed in &self.artifacts {
            writeln!(
                out,
                "{}  {}  {:>9}  {:>9}  {}  {}",
                short_hash(&listed.hash),
                pad(listed.status.as_str(), 10),
                human_bytes(listed.stored_bytes),
                listed.payload_bytes.map_or("-".to_string(), human_bytes),
                pad(listed.summary.as_deref().map_or("-", short_hash), 12),
                references(listed)
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ListDoc {
                artifacts: &self.artifacts,
            },
        )
    }
}

/// `slate, entries 1-3, 7`, `summary of 1a2b3c4d5e6f`, or `-`.
fn references(listed: &ListedArtifact) -> String {
    let mut parts = Vec::new();
    if let Some(source) = &listed.summary_of {
        parts.push(format!("summary of {}", short_hash(source)));
    }
    if listed.slate {
        parts.push("slate".to_string());
    }
    if !listed.entries.is_empty() {
        parts.push(format!(
            "{} {}",
            plural(listed.entries.len() as u64, "entry", "entries"),
            runs(&listed.entries)
        ));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

/// Sorted ids as runs: `1-3, 7`.
fn runs(ids: &[i64]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut start = 0;
    for i in 1..=ids.len() {
        if i == ids.len() || ids[i] != ids[i - 1] + 1 {
            out.push(match i - start {
                1 => ids[start].to_string(),
                _ => format!("{}-{}", ids[start], ids[i - 1]),
            });
            start = i;
        }
    }
    out.join(", ")
}

pub(crate) struct ReduceReport {
    pub(crate) voyage: String,
    pub(crate) reduced: Vec<Reduced>,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct ReduceDoc<'a> {
    pub(crate) reduced: &'a [Reduced],
}

impl Report for ReduceReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        for reduced in &self.reduced {
            writeln!(
                out,
                "reduced {} to summary {} ({} freed)",
                short_hash(&reduced.hash),
                short_hash(&reduced.summary),
                human_bytes(reduced.freed_bytes)
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ReduceDoc {
                reduced: &self.reduced,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        let freed = self.reduced.iter().map(|r| r.freed_bytes).sum();
        compact_hint(&self.voyage, freed)
    }
}

pub(crate) struct JettisonReport {
    pub(crate) voyage: String,
    pub(crate) jettisoned: Vec<Jettisoned>,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct JettisonDoc<'a> {
    pub(crate) jettisoned: &'a [Jettisoned],
}

impl Report for JettisonReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        for gone in &self.jettisoned {
            if gone.changed {
                writeln!(
                    out,
                    "jettisoned {} ({} freed)",
                    short_hash(&gone.hash),
                    human_bytes(gone.freed_bytes)
                )?;
            } else {
                writeln!(out, "{} was already jettisoned", short_hash(&gone.hash))?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &JettisonDoc {
                jettisoned: &self.jettisoned,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        let freed = self.jettisoned.iter().map(|j| j.freed_bytes).sum();
        compact_hint(&self.voyage, freed)
    }
}

/// Dropped bytes stay in the file as free pages until a compaction.
fn compact_hint(voyage: &str, freed: u64) -> Option<String> {
    (freed > 0).then(|| {
        format!(
            "{} of payloads dropped; `helm voyage compact {voyage}` gives the space back to the file system",
            human_bytes(freed)
        )
    })
}

/// `voyage compact`.
pub(crate) struct CompactReport {
    pub(crate) compacted: helm_core::Compacted,
}

impl Report for CompactReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(
            out,
            "compacted voyage {}: {} → {}",
            self.compacted.id,
            human_bytes(self.compacted.sizes.bytes_before),
            human_bytes(self.compacted.sizes.bytes_after)
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &self.compacted)
    }
}

#[cfg(test)]
mod tests {
    use super::runs;

    #[test]
    fn entry_ids_read_as_runs() {
        assert_eq!(runs(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(runs(&[4]), "4");
        assert_eq!(runs(&[]), "");
    }
}
