//! `voyage new|list|show|end` output. `show` tells the logbook as a story.

use std::io::{self, Write};

use super::documents::{ExportedView, ListView, ListedView, ObservationView, UnreadableView};
use super::entry::write_story_block;
use super::said::OthersWords;
use super::story_json::{StoryEntryView, StoryView};
use super::{Report, Style, age, clean_line, pad, truncate, when};
use crate::model::{Voyage, VoyageStatus};
use helm_core::{Listing, Story};

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

/// `voyage new` and `voyage import`: the id alone on stdout, so
/// `V=$(helm voyage new …)` works.
pub(crate) struct Created {
    pub(crate) voyage: Voyage,
    /// True for `voyage import`: the status line says where it came from.
    pub(crate) imported: bool,
}

impl Report for Created {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(out, "{}", self.voyage.id)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &self.voyage)
    }

    fn status_line(&self) -> Option<String> {
        let voyage = &self.voyage;
        Some(match self.imported {
            false => format!("started voyage {}: {}", voyage.id, voyage.intent),
            true => format!(
                "imported voyage {} ({}): {}",
                voyage.id,
                status_text(voyage),
                voyage.intent
            ),
        })
    }
}

/// `voyage end`.
pub(crate) struct Ended {
    pub(crate) voyage: Voyage,
}

impl Report for Ended {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(
            out,
            "ended voyage {} ({})",
            self.voyage.id,
            status_text(&self.voyage)
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &self.voyage)
    }
}

/// `word` as a shell reads it back: as it is when it holds nothing a shell
/// treats specially, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:@+,=".contains(c));
    match plain {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', "'\\''")),
    }
}

/// A listed id at the list's width, its own shortest unique prefix marked
/// as jj marks a change id's: on a colour terminal that prefix bold and
/// underlined, the rest dimmed; in plain text as it always was (the width
/// already tells every listed id apart).
fn marked_id(id: uuid::Uuid, listing: &Listing, style: Style) -> String {
    let hex = id.simple().to_string();
    let shown = &hex[..listing.id_width.min(hex.len())];
    if !style.color {
        return shown.to_string();
    }
    let unique = listing
        .prefixes
        .get(&id)
        .copied()
        .unwrap_or(shown.len())
        .min(shown.len());
    let (prefix, rest) = shown.split_at(unique);
    match rest.is_empty() {
        true => style.unique(prefix),
        false => format!("{}{}", style.unique(prefix), style.dim(rest)),
    }
}

/// `voyage list`: the readable voyages and the files that could not be read.
pub(crate) struct VoyageList {
    pub(crate) listing: Listing,
    /// The working tree's current voyage (`voyage use`), marked `*` as git
    /// marks the current branch; with none, no column for the mark.
    pub(crate) current: Option<String>,
}

impl Report for VoyageList {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let listing = &self.listing;
        match (listing.voyages.is_empty(), listing.ended_not_listed) {
            (true, Some(ended @ 1..)) => writeln!(
                out,
                "no active voyages; {ended} ended {} (`helm voyage list{} --all` lists {})",
                crate::words::plural(ended as u64, "one", "ones"),
                match &listing.remote {
                    Some(remote) => format!(" --remote {}", shell_word(&clean_line(remote))),
                    None => String::new(),
                },
                if ended == 1 { "it" } else { "them" }
            )?,
            (true, _) => writeln!(out, "no voyages")?,
            (false, _) => {}
        }
        let marks = self.current.is_some();
        let mark = |id: &str| match (marks, self.current.as_deref() == Some(id)) {
            (false, _) => "",
            (true, true) => "* ",
            (true, false) => "  ",
        };
        if !listing.voyages.is_empty() {
            writeln!(
                out,
                "{}",
                style.dim(&format!(
                    "{}{}  {:>4}  {}  {:>7}  INTENT",
                    mark(""),
                    pad("ID", listing.id_width),
                    "AGE",
                    pad("STATUS", 8),
                    "ENTRIES"
                ))
            )?;
            for summary in &listing.voyages {
                let voyage = &summary.voyage;
                let status = match voyage.status {
                    VoyageStatus::Active => style.good(&pad("active", 8)),
                    VoyageStatus::Ended { .. } => style.dim(&pad("ended", 8)),
                };
                writeln!(
                    out,
                    "{}{}  {:>4}  {}  {:>7}  {}",
                    mark(&voyage.id.to_string()),
                    marked_id(voyage.id, listing, style),
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
        let listing = &self.listing;
        let view = ListView {
            voyages: listing
                .voyages
                .iter()
                .map(|s| ListedView {
                    voyage: &s.voyage,
                    entries: s.entries,
                })
                .collect(),
            unreadable: listing
                .unreadable
                .iter()
                .map(|u| UnreadableView {
                    path: &u.path,
                    error: &u.error,
                })
                .collect(),
            ended_not_listed: listing.ended_not_listed,
        };
        super::write_json(out, &view)
    }

    fn status_line(&self) -> Option<String> {
        let warnings: Vec<String> = self
            .listing
            .warnings
            .iter()
            .chain(self.listing.unreadable.iter().map(|u| &u.error))
            .map(|w| format!("warning: {w}"))
            .collect();
        (!warnings.is_empty()).then(|| warnings.join("\n"))
    }
}

/// `voyage show`: the logbook story.
pub(crate) struct StoryReport {
    pub(crate) story: Story,
    /// How to print without `--json`.
    pub(crate) format: StoryFormat,
    /// What others said in what the voyage observed, for the Markdown story.
    pub(crate) said: OthersWords,
}

impl StoryReport {
    /// Reads the voyage for `format`: with its digests, changes and signers, and for
    /// Markdown what others said in each bearing's payloads (read once each, as the
    /// core shows them to a view).
    pub(crate) fn read(
        helm: &helm_core::Helm,
        voyage: &str,
        format: StoryFormat,
    ) -> crate::error::Result<StoryReport> {
        let mut said = OthersWords::default();
        let story = match format {
            StoryFormat::Markdown => helm.voyage_read(voyage, true, |hash, target, payload| {
                said.add(hash, target, payload)
            })?,
            StoryFormat::Human | StoryFormat::Json => helm.voyage_show(voyage, true)?,
        };
        Ok(StoryReport {
            story,
            format,
            said,
        })
    }
}

/// `voyage show --format`: the story for a terminal, Markdown, or the same
/// document as `--json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum StoryFormat {
    #[default]
    Human,
    Markdown,
    Json,
}

impl Report for StoryReport {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let snapshot = &self.story.snapshot;
        match self.format {
            StoryFormat::Human => {}
            StoryFormat::Markdown => {
                return super::markdown::write_story(out, &self.story, &self.said);
            }
            StoryFormat::Json => return self.json(out).and_then(|_| out.write_all(b"\n")),
        }
        let voyage = &snapshot.voyage;
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
        for entry in &snapshot.entries {
            writeln!(out)?;
            write_story_block(out, entry, style, &self.story.digests, &self.story.changes)?;
            let signed = u64::try_from(entry.id)
                .ok()
                .and_then(|n| self.story.signers.get(&n));
            if let Some(signature) = signed {
                writeln!(out, "   {}", style.dim(&super::signed::line(signature)))?;
            }
            for line in super::traced::lines(entry) {
                writeln!(out, "   {}", style.dim(&line))?;
            }
        }
        if snapshot.entries.is_empty() {
            writeln!(out)?;
            writeln!(out, "{}", style.dim("the logbook is empty"))?;
        }
        for record in &self.story.interrupted {
            writeln!(out)?;
            let outcome = match &record.answer {
                Some(answer) => format!(
                    "GitHub acted ({}) but no entry was recorded",
                    answer.url.as_deref().unwrap_or("no URL")
                ),
                None => "interrupted while GitHub was answering; it may or may not have acted"
                    .to_string(),
            };
            writeln!(
                out,
                "{}",
                style.warn(&format!(
                    "interrupted steer: {} by {} at {}: {outcome}",
                    clean_line(&record.doing),
                    clean_line(&record.identity),
                    when(&record.started_at)
                ))
            )?;
            if let Some(id) = &record.request_id {
                writeln!(
                    out,
                    "   settle it: `helm interrupted settle {}` (or retry with --request-id {})",
                    clean_line(id),
                    clean_line(id)
                )?;
            }
        }
        if !snapshot.slate.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                style.warn(&format!(
                    "on the slate, not yet sealed: {} {}",
                    snapshot.slate.len(),
                    crate::words::plural(
                        snapshot.slate.len() as u64,
                        "observation",
                        "observations"
                    )
                ))
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let snapshot = &self.story.snapshot;
        super::write_json(
            out,
            &StoryView {
                voyage: &snapshot.voyage,
                entries: (snapshot.entries.iter())
                    .map(|entry| StoryEntryView::of(&self.story, entry))
                    .collect(),
                slate: snapshot.slate.iter().map(ObservationView::of).collect(),
                interrupted: &self.story.interrupted,
            },
        )
    }
}

/// `voyage export`: the path written on stdout, what it holds on stderr.
pub(crate) struct ExportReport {
    pub(crate) exported: crate::storage::export_import::Exported,
}

impl Report for ExportReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(out, "{}", self.exported.path.display())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ExportedView {
                voyage: &self.exported.voyage,
                path: &self.exported.path,
                bytes: self.exported.bytes,
            },
        )
    }

    fn status_line(&self) -> Option<String> {
        Some(format!(
            "exported voyage {} ({}) to {}",
            self.exported.voyage.id,
            crate::words::human_bytes(self.exported.bytes),
            self.exported.path.display()
        ))
    }
}
