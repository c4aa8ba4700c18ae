//! Reports of the commands that are not about one voyage's story:
//! `voyage verify`, `artifact show`, generated texts (completions, man),
//! and interrupted steers.

use std::io::{self, Write};

use super::entry::write_story_block;
use super::views::{
    EntryView, InterruptedView, PageView, ScriptView, SettledView, VerificationView, VerifiedView,
};
use super::{Report, Style, clean_line, when};
use crate::ops::voyage::Verified;
use crate::steering::Settlement;
use crate::steering::pending::Record;
use crate::storage::artifact;

/// `voyage verify`: one block per voyage; exit 1 when any has problems.
pub struct Verification {
    pub results: Vec<Verified>,
}

impl Verification {
    fn ok(&self) -> bool {
        self.results.iter().all(|r| r.findings.problems.is_empty())
    }
}

impl Report for Verification {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.results.is_empty() {
            return writeln!(out, "no voyages to verify");
        }
        for result in &self.results {
            let f = &result.findings;
            if f.problems.is_empty() {
                writeln!(
                    out,
                    "{} {}  {} entries, {} artifacts verified",
                    style.good("ok"),
                    result.id,
                    f.entries,
                    f.artifacts
                )?;
            } else {
                writeln!(
                    out,
                    "{} {}  {}",
                    style.warn("FAILED"),
                    result.id,
                    clean_line(&result.path.display().to_string())
                )?;
                for problem in &f.problems {
                    writeln!(out, "   {}", clean_line(problem))?;
                }
            }
            if result.interrupted > 0 {
                writeln!(
                    out,
                    "   {}",
                    style.warn(&format!(
                        "{} interrupted steer(s): see `helm interrupted list -V {}`",
                        result.interrupted, result.id
                    ))
                )?;
            }
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let view = VerificationView {
            ok: self.ok(),
            voyages: self
                .results
                .iter()
                .map(|r| VerifiedView {
                    id: &r.id,
                    path: &r.path,
                    ok: r.findings.problems.is_empty(),
                    problems: &r.findings.problems,
                    entries: r.findings.entries,
                    artifacts: r.findings.artifacts,
                    interrupted: r.interrupted,
                })
                .collect(),
        };
        super::write_json(out, &view)
    }

    fn status_line(&self) -> Option<String> {
        let bad = self
            .results
            .iter()
            .filter(|r| !r.findings.problems.is_empty())
            .count();
        (bad > 0).then(|| {
            format!(
                "error: {bad} of {} voyages failed verification",
                self.results.len()
            )
        })
    }

    fn exit_code(&self) -> u8 {
        if self.ok() { 0 } else { 1 }
    }
}

/// `artifact show`: the payload JSON, streamed out of its zstd frame.
pub struct Payload {
    pub data: Vec<u8>,
    /// Said on stderr when the payload shown is a reduced artifact's summary.
    pub note: Option<String>,
    /// stdout is a terminal: escape what could drive it.
    pub terminal: bool,
}

impl Report for Payload {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        self.json(out)?;
        out.write_all(b"\n")
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
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
}

/// A generated text: a completion script or the man page; itself on
/// stdout, or a small JSON document with `--json`.
pub enum Text {
    Script { shell: &'static str, text: String },
    Page { text: String },
}

impl Report for Text {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        match self {
            Text::Script { text, .. } | Text::Page { text } => out.write_all(text.as_bytes()),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Text::Script { shell, text } => super::write_json(
                out,
                &ScriptView {
                    shell,
                    script: text,
                },
            ),
            Text::Page { text } => super::write_json(
                out,
                &PageView {
                    format: "roff",
                    page: text,
                },
            ),
        }
    }
}

/// `interrupted list`.
pub struct Interrupted {
    pub records: Vec<Record>,
}

/// One line per interrupted steer: what, who, when, and how it stands.
pub fn write_interrupted(out: &mut dyn Write, record: &Record, style: Style) -> io::Result<()> {
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
pub enum Settled {
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
