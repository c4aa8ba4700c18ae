//! `voyage push` and `voyage pull`: what moved, one line for people, one
//! document for `--json` (`{"voyage", "pushed"|"pulled", "remote", "ref",
//! "head"}`), from the same value.

use std::io::{self, Write};

use schemars::JsonSchema;
use serde::Serialize;

use super::{Report, Style, clean_line};
use crate::model::Voyage;
use crate::sync::{Moved, Synced};
use crate::words::plural;
use helm_core::PulledAll;

/// Which way a sync went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Push,
    Pull,
}

/// `voyage push` and `voyage pull` of one voyage.
pub(crate) struct SyncReport {
    pub(crate) synced: Synced,
    pub(crate) direction: Direction,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct MovedView {
    entries: u64,
    artifacts: u64,
}

/// What one voyage's push or pull moved.
#[derive(Serialize, JsonSchema)]
pub(crate) struct SyncView<'a> {
    voyage: &'a Voyage,
    #[serde(skip_serializing_if = "Option::is_none")]
    pushed: Option<MovedView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pulled: Option<MovedView>,
    remote: &'a str,
    #[serde(rename = "ref")]
    reference: &'a str,
    head: &'a str,
    /// This sync made the voyage: here (a pull), or on the remote (a push).
    created: bool,
}

pub(super) fn view(synced: &Synced, direction: Direction) -> SyncView<'_> {
    let moved = MovedView {
        entries: synced.moved.entries,
        artifacts: synced.moved.artifacts,
    };
    let (pushed, pulled) = match direction {
        Direction::Push => (Some(moved), None),
        Direction::Pull => (None, Some(moved)),
    };
    SyncView {
        voyage: &synced.voyage,
        pushed,
        pulled,
        remote: &synced.remote,
        reference: &synced.reference,
        head: &synced.head,
        created: synced.created,
    }
}

pub(super) fn line(synced: &Synced, direction: Direction) -> String {
    let moved = &synced.moved;
    let remote = clean_line(&synced.remote);
    let id = synced.voyage.id;
    if synced.created {
        return created_line(synced, direction);
    }
    if moved.entries == 0 && moved.artifacts == 0 {
        return match direction {
            Direction::Pull => format!(
                "voyage {id} is up to date with {remote} ({})",
                short(&synced.head)
            ),
            Direction::Push => format!(
                "voyage {id} is up to date on {remote}: nothing to push ({})",
                short(&synced.head)
            ),
        };
    }
    let what = counted(moved);
    match direction {
        Direction::Push => format!(
            "pushed {what} of voyage {id} to {remote} ({} at {})",
            synced.reference,
            short(&synced.head)
        ),
        Direction::Pull => format!(
            "pulled {what} of voyage {id} from {remote} ({}){}",
            short(&synced.head),
            renumbered(&moved.renumbered)
        ),
    }
}

/// `; entries 5–6 made here are now 7–8`: the numbers a person cited for
/// their own unpushed entries changed, and the pull says so.
fn renumbered(moves: &[(u64, u64)]) -> String {
    let numbers = |pick: fn(&(u64, u64)) -> u64| -> String {
        let list: Vec<u64> = moves.iter().map(pick).collect();
        let runs = list.windows(2).all(|pair| pair[1] == pair[0] + 1);
        match (list.as_slice(), runs) {
            ([one], _) => one.to_string(),
            ([first, .., last], true) => format!("{first}–{last}"),
            _ => list
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        }
    };
    match moves {
        [] => String::new(),
        [_] => format!(
            "; entry {} made here is now {}",
            numbers(|m| m.0),
            numbers(|m| m.1)
        ),
        _ => format!(
            "; entries {} made here are now {}",
            numbers(|m| m.0),
            numbers(|m| m.1)
        ),
    }
}

/// A voyage the sync made, with or without entries: never "up to date".
fn created_line(synced: &Synced, direction: Direction) -> String {
    let remote = clean_line(&synced.remote);
    let id = synced.voyage.id;
    let what = counted(&synced.moved);
    match direction {
        Direction::Push => format!(
            "created voyage {id} on {remote} with {what} ({} at {})",
            synced.reference,
            short(&synced.head)
        ),
        Direction::Pull => format!(
            "created voyage {id} here from {remote} with {what} ({})",
            short(&synced.head)
        ),
    }
}

fn counted(moved: &Moved) -> String {
    format!(
        "{} {} and {} {}",
        moved.entries,
        plural(moved.entries, "entry", "entries"),
        moved.artifacts,
        plural(moved.artifacts, "artifact", "artifacts")
    )
}

fn short(head: &str) -> &str {
    &head[..head.len().min(12)]
}

impl Report for SyncReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(out, "{}", line(&self.synced, self.direction))
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(out, &view(&self.synced, self.direction))
    }
}

/// `voyage pull --all`: `{"remote", "voyages": [<one voyage's document>…]}`.
pub(crate) struct PulledAllReport {
    pub(crate) pulled: PulledAll,
}

#[derive(Serialize)]
struct PulledAllView<'a> {
    remote: &'a str,
    voyages: Vec<SyncView<'a>>,
}

/// What a pull writes: one voyage's document, or with `all` the remote and
/// every voyage's document. Only its schema is used (`voyage_pull`'s
/// output): one object that both documents match.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) struct PullView<'a> {
    /// The remote pulled from.
    remote: &'a str,
    /// One voyage's pull: the voyage.
    #[serde(skip_serializing_if = "Option::is_none")]
    voyage: Option<&'a Voyage>,
    /// One voyage's pull: what arrived.
    #[serde(skip_serializing_if = "Option::is_none")]
    pulled: Option<MovedView>,
    /// One voyage's pull: the voyage's ref on the remote.
    #[serde(rename = "ref")]
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<&'a str>,
    /// One voyage's pull: the remote commit now synced (full id).
    #[serde(skip_serializing_if = "Option::is_none")]
    head: Option<&'a str>,
    /// One voyage's pull: the pull made the voyage here.
    #[serde(skip_serializing_if = "Option::is_none")]
    created: Option<bool>,
    /// A pull of `all`: every voyage's document.
    #[serde(skip_serializing_if = "Option::is_none")]
    voyages: Option<Vec<SyncView<'a>>>,
}

impl Report for PulledAllReport {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        if self.pulled.voyages.is_empty() {
            return writeln!(out, "no voyages on {}", clean_line(&self.pulled.remote));
        }
        for synced in &self.pulled.voyages {
            writeln!(out, "{}", line(synced, Direction::Pull))?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &PulledAllView {
                remote: &self.pulled.remote,
                voyages: self
                    .pulled
                    .voyages
                    .iter()
                    .map(|s| view(s, Direction::Pull))
                    .collect(),
            },
        )
    }
}
