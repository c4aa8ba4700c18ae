//! Interrupted steers as reports: `interrupted list`, and what `interrupted
//! settle` and `interrupted discard` did.

use helm_core::Headline;
use std::io::{self, Write};

use super::documents::{EntryView, InterruptedView, SettledView};
use super::entry::write_story_block;
use super::{Report, Style, clean_line, when};
use helm_core::PendingRecord as Record;
use helm_core::Settlement;

/// `interrupted list`.
pub(crate) struct Interrupted {
    pub(crate) records: Vec<Record>,
}

/// One line per interrupted steer: what, who, when, and how it stands.
pub(crate) fn write_interrupted(
    out: &mut dyn Write,
    record: &Record,
    style: Style,
) -> io::Result<()> {
    let outcome = match &record.answer {
        Some(answer) => format!(
            "GitHub acted ({}) but no entry was recorded",
            answer.url.as_deref().unwrap_or("no URL")
        ),
        None => "interrupted while GitHub was answering; it may or may not have acted".to_string(),
    };
    writeln!(
        out,
        "{}",
        style.warn(&format!(
            "interrupted steer {}: {} by {} at {}: {outcome}",
            clean_line(record.attempt()),
            clean_line(&record.doing),
            clean_line(&record.identity),
            when(&record.started_at)
        ))
    )
}

impl Report for Interrupted {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.records.is_empty() {
            return writeln!(out, "no interrupted steers");
        }
        for record in &self.records {
            write_interrupted(out, record, style)?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &InterruptedView {
                interrupted: &self.records,
            },
        )
    }
}

/// `interrupted settle` and `interrupted discard`.
pub(crate) enum Settled {
    Settlement(Settlement),
    Discarded(Box<Record>),
}

impl Report for Settled {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        match self {
            Settled::Settlement(Settlement::Recorded(sealed)) => write_story_block(
                out,
                &sealed.entry,
                style,
                &Default::default(),
                &Default::default(),
            ),
            Settled::Settlement(Settlement::AlreadyRecorded(entry)) => writeln!(
                out,
                "already recorded as entry {} ({}); the record is removed",
                entry.id,
                clean_line(&entry.headline())
            ),
            Settled::Settlement(Settlement::NothingHappened(record)) => writeln!(
                out,
                "GitHub shows that {} did not happen; the record is removed, steer again to act",
                clean_line(&record.doing)
            ),
            Settled::Discarded(record) => writeln!(
                out,
                "discarded the record of {}; nothing was recorded",
                clean_line(&record.doing)
            ),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let view = match self {
            Settled::Settlement(Settlement::Recorded(sealed)) => SettledView {
                outcome: "recorded",
                entry: Some(EntryView::of(&sealed.entry)),
                attempt: None,
            },
            Settled::Settlement(Settlement::AlreadyRecorded(entry)) => SettledView {
                outcome: "already-recorded",
                entry: Some(EntryView::of(entry)),
                attempt: None,
            },
            Settled::Settlement(Settlement::NothingHappened(record)) => SettledView {
                outcome: "nothing-happened",
                entry: None,
                attempt: Some(record),
            },
            Settled::Discarded(record) => SettledView {
                outcome: "discarded",
                entry: None,
                attempt: Some(record),
            },
        };
        super::write_json(out, &view)
    }
}
