//! `slate list`, `slate erase` and `slate clear` output.

use std::io::{self, Write};

use super::documents::{ClearedView, ErasedView, ObservationView, SlateView};
use super::entry::describe_target;
use super::{Report, Style, age, clean_line, pad, short_hash};
use crate::storage::slate::Observation;
use crate::words::human_bytes;

pub(crate) struct SlateList {
    pub(crate) observations: Vec<Observation>,
}

impl Report for SlateList {
    fn human(&self, out: &mut dyn Write, style: Style) -> io::Result<()> {
        if self.observations.is_empty() {
            return writeln!(out, "the slate is empty");
        }
        let targets: Vec<String> = self
            .observations
            .iter()
            .map(|o| clean_line(&describe_target(&o.target)))
            .collect();
        let width = targets
            .iter()
            .map(|t| super::width(t))
            .max()
            .unwrap_or(0)
            .clamp(6, 80);
        writeln!(
            out,
            "{}",
            style.dim(&format!(
                "{}  {:>5}  {:>9}  ARTIFACT",
                pad("TARGET", width),
                "AGE",
                "STORED"
            ))
        )?;
        for (observation, target) in self.observations.iter().zip(&targets) {
            writeln!(
                out,
                "{}  {:>5}  {:>9}  {}",
                pad(&super::truncate(target, width), width),
                age(&observation.observed_at),
                human_bytes(observation.stored_bytes),
                style.dim(short_hash(&observation.artifact))
            )?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let slate = self
            .observations
            .iter()
            .map(ObservationView::with_size)
            .collect();
        super::write_json(out, &SlateView { slate })
    }
}

pub(crate) struct Erased {
    pub(crate) target: helm_core::Target,
    pub(crate) erased: bool,
}

impl Report for Erased {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        if self.erased {
            writeln!(out, "erased {}", clean_line(&self.target.describe()))
        } else {
            writeln!(
                out,
                "{} was not on the slate",
                clean_line(&self.target.describe())
            )
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ErasedView {
                target: &self.target,
                erased: self.erased,
            },
        )
    }
}

pub(crate) struct Cleared {
    pub(crate) count: usize,
}

impl Report for Cleared {
    fn human(&self, out: &mut dyn Write, _style: Style) -> io::Result<()> {
        writeln!(
            out,
            "cleared {} {}",
            self.count,
            crate::words::plural(self.count as u64, "observation", "observations")
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        super::write_json(
            out,
            &ClearedView {
                cleared: self.count,
            },
        )
    }
}
