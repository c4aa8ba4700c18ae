//! What helm tells on stderr while it works, apart from its result and its
//! errors: the `--verbose` trace, notes (a rate limit waited out), and the
//! progress of long work (git's own progress during `voyage push`/`pull`).
//! This is the front end's [`Audience`]: the lower crates say what happens
//! through `helm_model::tell`, and only this decides what is shown.
//!
//! - `--quiet` shows nothing here at all: errors are printed elsewhere.
//! - The trace is on with `-v/--verbose` or `HELM_LOG=debug` (or `trace`).
//! - Progress is drawn only when stderr is a terminal and `--json` is off,
//!   once the work has gone on for a second, and cleared when it ends.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::model::tell::Audience;

/// How long work runs before its progress appears, as for local looks.
const DELAY: Duration = Duration::from_secs(1);

/// What the run asked for on stderr.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Telling {
    pub quiet: bool,
    pub trace: bool,
    /// stderr is a terminal and `--json` is off.
    pub progress: bool,
}

impl Telling {
    /// `--verbose` or `HELM_LOG=debug|trace` turn the trace on; `--quiet`
    /// turns everything off, the trace the environment asked for included.
    pub(crate) fn new(quiet: bool, verbose: bool, progress: bool) -> Telling {
        let env = std::env::var("HELM_LOG").unwrap_or_default();
        let env_trace = matches!(env.trim().to_ascii_lowercase().as_str(), "debug" | "trace");
        Telling {
            quiet,
            trace: !quiet && (verbose || env_trace),
            progress: !quiet && progress,
        }
    }

    /// Installs this as the process's audience.
    pub(crate) fn install(self) {
        crate::model::tell::listen(Box::new(Stderr {
            telling: self,
            shown: Arc::new(Mutex::new(Shown::default())),
        }));
    }
}

struct Stderr {
    telling: Telling,
    /// Shared with the timer that draws the progress once [`DELAY`] passed.
    shown: Arc<Mutex<Shown>>,
}

/// The progress of the work going on now, if any.
#[derive(Default)]
struct Shown {
    /// How many pieces of work, one inside the other, are going on.
    depth: usize,
    /// Which outermost piece of work this is, so a timer of an earlier
    /// one draws nothing.
    work: u64,
    /// What the progress says now, drawn or not yet.
    message: String,
    bar: Option<ProgressBar>,
}

fn lock(shown: &Mutex<Shown>) -> MutexGuard<'_, Shown> {
    shown
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Shown {
    /// Starts drawing: a spinner with the message, cut to the terminal's
    /// width so it stays one line, and the time taken.
    fn draw(&mut self) {
        // Its time counts from the command's start, as the look's does.
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
            .with_elapsed(super::progress::since_began());
        let style = ProgressStyle::with_template("{spinner} {wide_msg} ({elapsed})")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        bar.set_style(style);
        bar.set_message(self.message.clone());
        bar.enable_steady_tick(Duration::from_millis(100));
        self.bar = Some(bar);
    }
}

impl Stderr {
    fn shown(&self) -> MutexGuard<'_, Shown> {
        lock(&self.shown)
    }

    /// A whole line on stderr, above any progress being drawn.
    fn say(&self, line: &str) {
        let line = super::clean(line);
        match &self.shown().bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }
}

impl Audience for Stderr {
    fn tracing(&self) -> bool {
        self.telling.trace
    }

    fn trace(&self, line: &str) {
        if self.telling.trace {
            self.say(&format!("helm: {line}"));
        }
    }

    fn note(&self, line: &str) {
        if !self.telling.quiet {
            self.say(line);
        }
    }

    fn showing_progress(&self) -> bool {
        self.telling.progress
    }

    fn progress_begin(&self) {
        let mut shown = self.shown();
        shown.depth += 1;
        if shown.depth > 1 || !self.telling.progress {
            return;
        }
        shown.work += 1;
        shown.message.clear();
        // Drawn once the work has gone on for DELAY, whether or not it
        // says anything new by then: quick work never draws anything.
        let (work, timer) = (shown.work, Arc::clone(&self.shown));
        std::thread::spawn(move || {
            std::thread::sleep(DELAY);
            let mut shown = lock(&timer);
            if shown.work == work && shown.depth > 0 && shown.bar.is_none() {
                shown.draw();
            }
        });
    }

    fn progress(&self, label: &str, state: &str) {
        if !self.telling.progress {
            return;
        }
        let mut shown = self.shown();
        shown.message = format!("{}: {}", super::clean_line(label), super::clean_line(state));
        if let Some(bar) = &shown.bar {
            bar.set_message(shown.message.clone());
        }
    }

    fn progress_done(&self) {
        let mut shown = self.shown();
        shown.depth = shown.depth.saturating_sub(1);
        if shown.depth > 0 {
            return;
        }
        if let Some(bar) = shown.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_silences_the_trace_the_environment_asked_for() {
        let asked = Telling::new(false, true, true);
        assert!(asked.trace && asked.progress && !asked.quiet);
        let quiet = Telling::new(true, true, true);
        assert!(!quiet.trace && !quiet.progress && quiet.quiet);
    }
}
