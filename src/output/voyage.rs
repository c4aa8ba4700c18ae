//! `voyage new|list|show|end` output. `show` tells the logbook as a story.

use std::io::{self, Write};
use std::path::PathBuf;

use serde_json::{Value, json};

use super::entry::{entry_json, observation_json, write_story_block};
use super::{Report, Style, age, clean_line, pad, truncate, when};
use crate::model::{Voyage, VoyageStatus};
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;
use crate::storage::voyage::Summary;

fn voyage_json(voyage: &Voyage) -> Value {
    serde_json::to_value(voyage).unwrap_or(Value::Null)
}

fn status_text(voyage: &Voyage) -> String {
    match &voyage.status {
        VoyageStatus::Active => "active".to_string(),
        VoyageStatus::Ended {
            ended_status: Some(status),
            ..
        } => format!("ended: {}", clean_line(status)),
        VoyageStatus::Ended { .. } => "ended".to_string(),
    }
}

/// `voyage new`: the id alone on stdout, so `V=$(helm voyage new …)` works.
pub struct Created {
    pub voyage: Voyage,
}

impl Report for Created {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(out, "{}", self.voyage.id)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &voyage_json(&self.voyage))
    }

    fn status_line(&self) -> Option<String> {
        Some(format!(
            "started voyage {}: {}",
            self.voyage.short_id(),
            self.voyage.intent
        ))
    }
}

/// `voyage end`.
pub struct Ended {
    pub voyage: Voyage,
}

impl Report for Ended {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(
            out,
            "ended voyage {} ({})",
            self.voyage.short_id(),
            status_text(&self.voyage)
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &voyage_json(&self.voyage))
    }
}

/// `voyage list`: the readable voyages and the files that could not be read.
pub struct VoyageList {
    pub voyages: Vec<Summary>,
    pub unreadable: Vec<(PathBuf, String)>,
}

impl Report for VoyageList {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.voyages.is_empty() {
            writeln!(out, "no voyages")?;
        } else {
            writeln!(
                out,
                "{}",
                style.dim(&format!(
                    "{}  {:>4}  {}  {:>7}  INTENT",
                    pad("ID", 8),
                    "AGE",
                    pad("STATUS", 8),
                    "ENTRIES"
                ))
            )?;
            for summary in &self.voyages {
                let voyage = &summary.voyage;
                let status = match voyage.status {
                    VoyageStatus::Active => style.good(&pad("active", 8)),
                    VoyageStatus::Ended { .. } => style.dim(&pad("ended", 8)),
                };
                writeln!(
                    out,
                    "{}  {:>4}  {}  {:>7}  {}",
                    style.accent(&voyage.short_id()),
                    age(&voyage.created_at),
                    status,
                    summary.entries,
                    truncate(&clean_line(&voyage.intent), 72)
                )?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let voyages: Vec<Value> = self
            .voyages
            .iter()
            .map(|s| {
                let mut value = voyage_json(&s.voyage);
                value["entries"] = s.entries.into();
                value
            })
            .collect();
        let unreadable: Vec<Value> = self
            .unreadable
            .iter()
            .map(|(path, error)| json!({"path": path, "error": error}))
            .collect();
        super::write_json(out, &json!({"voyages": voyages, "unreadable": unreadable}))
    }
}

/// `voyage show`: the logbook story.
pub struct Story {
    pub voyage: Voyage,
    pub entries: Vec<Entry>,
    pub slate: Vec<Observation>,
}

impl Report for Story {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let voyage = &self.voyage;
        writeln!(
            out,
            "{} {}",
            style.bold("Voyage:"),
            style.bold(&clean_line(&voyage.intent))
        )?;
        let mut facts = vec![
            voyage.id.to_string(),
            status_text(voyage),
            format!("started {}", when(&voyage.created_at)),
        ];
        if let VoyageStatus::Ended { ended_at, .. } = &voyage.status {
            facts.push(format!("ended {}", when(ended_at)));
        }
        writeln!(out, "{}", style.dim(&facts.join(" · ")))?;
        for entry in &self.entries {
            writeln!(out)?;
            write_story_block(out, entry, style)?;
        }
        if self.entries.is_empty() {
            writeln!(out)?;
            writeln!(out, "{}", style.dim("the logbook is empty"))?;
        }
        if !self.slate.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                style.warn(&format!(
                    "on the slate, not yet sealed: {} {}",
                    self.slate.len(),
                    crate::observe::plural(self.slate.len() as u64, "observation", "observations")
                ))
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &json!({
                "voyage": voyage_json(&self.voyage),
                "entries": self.entries.iter().map(entry_json).collect::<Vec<_>>(),
                "slate": self.slate.iter().map(observation_json).collect::<Vec<_>>(),
            }),
        )
    }
}
