//! `voyage brief` output: a few lines a person or agent can resume from
//! (at most [`LIMIT`] bytes), and the same facts as one JSON document.

use helm_core::Headline;
use std::io::{self, Write};

use super::documents::{BriefEntryView, BriefView, ObservationView};
use super::entry::describe_target;
use super::{Report, Style, age, clean_line, truncate, when};
use crate::model::{EntryAction, VoyageStatus};
use helm_core::{Brief, Touched};

/// The human brief never exceeds this many bytes.
pub(crate) const LIMIT: usize = 4096;

/// How many GitHub objects and slate rows the human brief lists.
const SHOWN: usize = 8;

pub(crate) struct BriefReport {
    pub(crate) brief: Brief,
}

impl Report for BriefReport {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let mut text = Vec::new();
        self.write_text(&mut text, style)?;
        out.write_all(&fit(text))
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let brief = &self.brief;
        super::write_json(
            out,
            &BriefView {
                voyage: &brief.voyage,
                proposals: &brief.proposals,
                entries: brief.entries,
                recent: brief.recent.iter().map(BriefEntryView::of).collect(),
                current: brief.current.as_ref(),
                last_logged: brief.last_logged.as_ref(),
                synced: &brief.synced,
                github: &brief.github,
                interrupted: &brief.interrupted,
                slate: brief.slate.iter().map(ObservationView::of).collect(),
                related: &brief.related,
            },
        )
    }
}

impl BriefReport {
    fn write_text(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        let brief = &self.brief;
        let voyage = &brief.voyage;
        writeln!(
            out,
            "{} {}",
            style.bold("Voyage:"),
            style.bold(&truncate(&clean_line(&voyage.intent), 200))
        )?;
        let status = match &voyage.status {
            VoyageStatus::Active => "active".to_string(),
            VoyageStatus::Ended {
                ended_status: Some(status),
                ..
            } => format!("ended: {}", truncate(&clean_line(status), 80)),
            VoyageStatus::Ended { .. } => "ended".to_string(),
        };
        writeln!(
            out,
            "{}",
            style.dim(&format!(
                "{} · {status} · started {} · {} {}",
                voyage.id,
                when(&voyage.created_at),
                brief.entries,
                crate::words::plural(brief.entries as u64, "entry", "entries")
            ))
        )?;
        super::proposed::write_waiting(out, &brief.proposals, style)?;
        write_state(out, brief)?;
        for entry in &brief.completed_after_cancel {
            writeln!(
                out,
                "{}",
                style.warn(&format!("entry {entry} {}", super::traced::AFTER_CANCEL))
            )?;
        }
        if !brief.recent.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                style.bold(&format!(
                    "Last {} ({} of {}):",
                    crate::words::plural(brief.recent.len(), "entry", "entries"),
                    brief.recent.len(),
                    brief.entries
                ))
            )?;
        }
        for entry in &brief.recent {
            let who = &entry.provenance;
            let kind = entry.kind_name();
            writeln!(
                out,
                "  {} {kind}: {} · {} as {} · {} · {}",
                entry.id,
                truncate(&clean_line(&entry.headline()), 60),
                truncate(&clean_line(&who.identity), 30),
                truncate(&clean_line(&who.role), 20),
                truncate(&clean_line(&who.method), 30),
                when(&entry.recorded_at)
            )?;
            writeln!(
                out,
                "     why: {}",
                truncate(&clean_line(&who.summary), 110)
            )?;
            if let Some(EntryAction::Steer(record)) = entry.parsed_action()
                && let Some(body) = helm_core::steer_body(record)
            {
                writeln!(out, "     said: {}", truncate(&clean_line(&body), 110))?;
            }
        }
        if !brief.github.is_empty() {
            writeln!(out)?;
            // Things on GitLab or Forgejo are named with their host.
            let heading = match brief.github.iter().any(|t| t.host.is_some()) {
                true => "On the forges:",
                false => "On GitHub:",
            };
            writeln!(out, "{}", style.bold(heading))?;
        }
        for thing in brief.github.iter().take(SHOWN) {
            write_touched(out, thing)?;
        }
        if brief.github.len() > SHOWN {
            writeln!(out, "  … and {} more", brief.github.len() - SHOWN)?;
        }
        if !brief.synced.is_empty() {
            writeln!(out)?;
            writeln!(out, "{}", style.bold("Synced (as recorded here):"))?;
        }
        for remote in brief.synced.iter().take(SHOWN) {
            let note = |how: &str, n: &Option<helm_core::SyncNote>| match n {
                Some(n) => format!(
                    "{how} {} (head {}, {} {} moved)",
                    when(&n.at),
                    n.head.get(..7).unwrap_or(&n.head),
                    n.entries,
                    crate::words::plural(n.entries, "entry", "entries")
                ),
                None => format!("never {how} from here"),
            };
            writeln!(
                out,
                "  {}: {} · {}",
                truncate(&clean_line(&remote.remote), 80),
                note("pushed", &remote.push),
                note("pulled", &remote.pull)
            )?;
        }
        for record in &brief.interrupted {
            writeln!(out)?;
            super::interrupted::write_interrupted(out, record, style)?;
        }
        writeln!(out)?;
        if brief.slate.is_empty() {
            writeln!(out, "Slate: empty")?;
        } else {
            writeln!(
                out,
                "{}",
                style.bold(&format!(
                    "Slate ({} since the last entry):",
                    brief.slate.len()
                ))
            )?;
            for observation in brief.slate.iter().take(SHOWN) {
                writeln!(
                    out,
                    "  {} · {} ago",
                    truncate(&clean_line(&describe_target(&observation.target)), 100),
                    age(&observation.observed_at)
                )?;
            }
            if brief.slate.len() > SHOWN {
                writeln!(out, "  … and {} more", brief.slate.len() - SHOWN)?;
            }
        }
        if !brief.related.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                style.bold("Related voyages (matching this intent):")
            )?;
            for voyage in &brief.related {
                let short: String = voyage.id.chars().filter(|c| *c != '-').take(12).collect();
                writeln!(
                    out,
                    "  {short}  {}",
                    truncate(&clean_line(&voyage.intent), 100)
                )?;
            }
        }
        Ok(())
    }
}

/// `State: …`: the present (the end, else the latest entry), then the last
/// logged state when a later entry or the end outdates it.
fn write_state(out: &mut dyn Write, brief: &Brief) -> io::Result<()> {
    let Some(current) = &brief.current else {
        return writeln!(out, "State: none logged");
    };
    // The end's status is said whole: it is what the voyage came to.
    let state = match current.source {
        "end" => clean_line(&current.state),
        _ => truncate(&clean_line(&current.state), 120),
    };
    let mut line = format!("State: {state}");
    match (current.source, current.entry, &current.identity) {
        ("end", _, _) => line.push_str(&format!(
            " (the voyage ended at {}; the end is not an entry)",
            when(&current.at)
        )),
        (source, Some(entry), Some(identity)) => line.push_str(&format!(
            " ({}entry {entry}, {}, {})",
            if source == "steer" { "steer, " } else { "" },
            truncate(&clean_line(identity), 40),
            when(&current.at)
        )),
        _ => {}
    }
    writeln!(out, "{line}")?;
    if let Some(logged) = &brief.last_logged
        && (current.source != "log" || current.entry != Some(logged.entry))
    {
        writeln!(
            out,
            "  last logged: {} (entry {}, {}, {})",
            truncate(&clean_line(&logged.state), 120),
            logged.entry,
            truncate(&clean_line(&logged.identity), 40),
            when(&logged.recorded_at)
        )?;
    }
    Ok(())
}

/// `issue o/r#42: comment (entry 3), close-issue (entry 5) · last seen closed "Title" at …`
fn write_touched(out: &mut dyn Write, thing: &Touched) -> io::Result<()> {
    let steers: Vec<String> = thing
        .steers
        .iter()
        .map(|done| format!("{} (entry {})", done.steer, done.entry))
        .collect();
    let repo = match &thing.host {
        Some(host) => format!("{host}/{}", thing.repo),
        None => thing.repo.clone(),
    };
    writeln!(
        out,
        "  {} {}#{}: {}",
        thing.kind,
        clean_line(&repo),
        thing.number,
        truncate(&steers.join(", "), 120)
    )?;
    match &thing.last_seen {
        Some(seen) => {
            let mut state = seen.state.clone().unwrap_or_else(|| "?".to_string());
            if seen.merged == Some(true) {
                state = "merged".to_string();
            } else if seen.draft == Some(true) {
                state = format!("{state} (draft)");
            }
            let title = seen
                .title
                .as_deref()
                .map(|t| format!(" \"{}\"", truncate(&clean_line(t), 80)))
                .unwrap_or_default();
            // Steers recorded after that observation changed it since.
            let since: Vec<String> = thing
                .steers
                .iter()
                .filter(|done| done.recorded_at > seen.observed_at)
                .map(|done| format!("{} (entry {})", done.steer, done.entry))
                .collect();
            let since = match since.is_empty() {
                true => String::new(),
                false => format!("; since then: {}", since.join(", ")),
            };
            // A later look at other parts (comments, reviews) is still a
            // look: its time is the one given, the summary's when it is older.
            let seen_at = match &seen.summary_observed_at {
                Some(summary_at) => format!(
                    "{} (summary as of {})",
                    when(&seen.observed_at),
                    when(summary_at)
                ),
                None => when(&seen.observed_at),
            };
            writeln!(
                out,
                "     last seen {}{title} at {seen_at}{}",
                clean_line(&state),
                truncate(&since, 100)
            )
        }
        None => writeln!(out, "     not observed by this voyage"),
    }?;
    if let Some(pr) = &thing.pr {
        let line = pr.line();
        if !line.is_empty() {
            writeln!(out, "     then: {}", truncate(&clean_line(&line), 160))?;
        }
        if let Some(readiness) = &pr.readiness {
            let line = clean_line(&readiness.line());
            writeln!(out, "     {}", truncate(&line, 300))?;
        }
    }
    Ok(())
}

/// Cuts the text at a line boundary so it fits in [`LIMIT`] bytes.
fn fit(mut text: Vec<u8>) -> Vec<u8> {
    const CUT: &[u8] = b"... (cut at 4 KiB; --json has every fact)\n";
    if text.len() <= LIMIT {
        return text;
    }
    let room = LIMIT - CUT.len();
    let end = text[..room]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    text.truncate(end);
    text.extend_from_slice(CUT);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_briefs_are_cut_at_a_line() {
        let text: Vec<u8> = (0..500)
            .flat_map(|i| format!("line {i}\n").into_bytes())
            .collect();
        let cut = fit(text);
        assert!(cut.len() <= LIMIT);
        assert!(cut.ends_with(b"--json has every fact)\n"));
        let kept = String::from_utf8(cut).unwrap();
        assert!(kept.lines().rev().nth(1).unwrap().starts_with("line "));
    }
}
