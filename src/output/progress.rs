//! Progress for long looks on stderr, drawn by indicatif: big trees and
//! files here, long listings and logs on GitHub (bytes received). Only when stderr is a terminal and `--json` is off, and only
//! once a look has run for a second: quick looks never draw anything. The
//! look only bumps counters ([`Tally`]); a separate thread reads and draws
//! them, so looking is never slowed by drawing.

use std::sync::OnceLock;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use helm_core::{Counting as Unit, Tally, Target};

/// How long a look runs before progress appears.
const DELAY: Duration = Duration::from_secs(1);
/// How often the display is refreshed.
const TICK: Duration = Duration::from_millis(100);

/// When the command began. The time a progress line shows counts from
/// here: the person has waited since they pressed return, not since the
/// line appeared a second into the work.
static BEGAN: OnceLock<Instant> = OnceLock::new();

/// Marks the command's start; the first call wins (main makes it first).
pub(crate) fn began() {
    BEGAN.get_or_init(Instant::now);
}

/// How long the command has run.
pub(crate) fn since_began() -> Duration {
    BEGAN.get_or_init(Instant::now).elapsed()
}

/// The progress display for one look: nothing at all unless `show` (stderr
/// is a terminal and `--json` is off) and the target is a local one.
pub(crate) struct Progress {
    what: Option<(String, Unit)>,
}

impl Progress {
    pub(crate) fn new(show: bool, target: &Target) -> Progress {
        let what = target.progress().filter(|_| show);
        Progress { what }
    }

    /// Runs `look`, drawing its progress once it outlasts [`DELAY`].
    pub(crate) fn run<T>(self, look: impl FnOnce(&Tally) -> T) -> T {
        let tally = Tally::default();
        match self.what {
            None => look(&tally),
            Some((label, unit)) => with_display(&tally, &label, unit, look),
        }
    }
}

fn with_display<T>(tally: &Tally, label: &str, unit: Unit, look: impl FnOnce(&Tally) -> T) -> T {
    // Short enough for one terminal line; a path keeps its end.
    let label = super::clean_line(label);
    let chars = label.chars().count();
    let label = if chars > 60 {
        format!("…{}", label.chars().skip(chars - 59).collect::<String>())
    } else {
        label
    };
    let (finished, wait) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let label = &label;
        scope.spawn(move || draw(tally, label, unit, &wait));
        let result = look(tally);
        // Dropping the sender (also on unwinding) tells the drawer to stop.
        drop(finished);
        result
    })
}

fn draw(tally: &Tally, label: &str, unit: Unit, finished: &mpsc::Receiver<()>) {
    if finished.recv_timeout(DELAY) != Err(RecvTimeoutError::Timeout) {
        return;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_elapsed(since_began());
    bar.set_message(label.to_string());
    let mut measured = false;
    loop {
        let total = tally.total();
        if !measured {
            bar.set_style(style(unit, total));
            if total > 0 {
                bar.set_length(total);
                measured = true;
            }
        }
        bar.set_position(match unit {
            Unit::Received => tally.received(),
            _ => tally.done(),
        });
        bar.tick();
        if finished.recv_timeout(TICK) != Err(RecvTimeoutError::Timeout) {
            break;
        }
    }
    bar.finish_and_clear();
}

fn template(unit: Unit, total: u64) -> &'static str {
    match (unit, total) {
        (Unit::Entries, _) => "{spinner} {msg}: {human_pos} entries ({elapsed})",
        (Unit::Bytes, 0) => "{spinner} {msg}: {bytes} checked ({elapsed})",
        (Unit::Bytes, _) => "{spinner} {msg} [{bar:24}] {bytes}/{total_bytes} ({eta})",
        (Unit::Received, _) => "{spinner} {msg}: {bytes} received ({elapsed})",
    }
}

fn style(unit: Unit, total: u64) -> ProgressStyle {
    ProgressStyle::with_template(template(unit, total))
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .progress_chars("=> ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_parse() {
        for (unit, total) in [
            (Unit::Entries, 0),
            (Unit::Bytes, 0),
            (Unit::Bytes, 9),
            (Unit::Received, 0),
        ] {
            let template = template(unit, total);
            assert!(ProgressStyle::with_template(template).is_ok(), "{template}");
        }
    }

    #[test]
    fn a_quick_look_returns_its_value_and_draws_nothing() {
        let target = Target::from(helm_core::RustProjectTarget { root: "/x".into() });
        let value = Progress::new(true, &target).run(|tally| {
            tally.add(3);
            tally.done()
        });
        assert_eq!(value, 3);
        assert!(Progress::new(false, &target).what.is_none());
        let github = Target::from(helm_core::GitHubRepoTarget {
            repo: crate::model::Repo::parse("o/r").unwrap(),
            focus: vec![],
        });
        let (label, unit) = Progress::new(true, &github).what.unwrap();
        assert_eq!(
            unit,
            Unit::Received,
            "a GitHub look counts what it receives"
        );
        assert!(label.contains("from GitHub"), "{label}");
    }
}
