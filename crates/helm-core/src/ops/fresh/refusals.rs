//! What the guard says: the verdict once GitHub answered, the refusals
//! (stale, unchecked) with the commands that resolve them, and the words
//! for what could not be checked.

use super::{Guard, Mine};
use crate::actions::{Dispatch, IssueOrPull, Steer};
use crate::error::{Error, Kind, Result};
use crate::error::{Words, arg, cmd};
use crate::model::entry::{Freshness, Verdict};
use crate::model::words;
use crate::storage::artifact::ArtifactStatus;

/// What a verdict is reached from once GitHub answered.
pub(super) struct Judging<'a> {
    pub(super) guard: &'a Guard,
    pub(super) steer: &'a Steer,
    pub(super) voyage: &'a str,
}

impl Judging<'_> {
    /// `fresh`; `stale` when something changed (`freshness.changed`);
    /// `unchecked` when a part's newest observation was reduced or
    /// jettisoned. Either of the last two refuses the steer unless
    /// `--allow-stale`.
    pub(super) fn decide(
        &self,
        mut freshness: Freshness,
        stale: &[&Mine],
        lightened: &[&Mine],
    ) -> Result<Freshness> {
        let notes: Vec<Words> = lightened.iter().map(|m| lightened_note(m)).collect();
        if !freshness.changed.is_empty() {
            if !self.guard.allow_stale {
                return Err(self.refused_stale(stale, &freshness.changed));
            }
            freshness.verdict = Verdict::Stale;
            freshness
                .changed
                .extend(notes.iter().map(ToString::to_string));
        } else if !notes.is_empty() {
            if !self.guard.allow_stale {
                return Err(self.refused_unchecked(lightened, &notes));
            }
            freshness.verdict = Verdict::Unchecked;
            freshness.changed = notes.iter().map(ToString::to_string).collect();
        }
        Ok(freshness)
    }

    fn refused_stale(&self, stale: &[&Mine], changed: &[String]) -> Error {
        let oldest = stale
            .iter()
            .map(|m| m.observation.observed_at.as_str())
            .min();
        let older: Vec<&Mine> = stale.iter().copied().filter(|m| m.older).collect();
        let erase = if older.is_empty() {
            Words::new()
        } else {
            words![
                " (or take the older look off the slate: ",
                commands("slate erase", &older, self.voyage),
                ")",
            ]
        };
        Error::new(
            Kind::Stale,
            format!(
                "{} changed since you observed it {}: {}",
                subject(self.steer),
                ago(oldest.unwrap_or_default()),
                changed.join("; ")
            ),
        )
        .hint(words![
            "nothing was acted on or recorded; observe it again to see what changed: ",
            commands("observe", stale, self.voyage),
            erase,
            ", then steer; or pass ",
            arg("allow-stale"),
            " to act anyway (the entry records what had changed)",
        ])
    }

    fn refused_unchecked(&self, lightened: &[&Mine], notes: &[Words]) -> Error {
        let mut message = words![format!("{} cannot be checked: ", subject(self.steer))];
        for (i, note) in notes.iter().enumerate() {
            if i > 0 {
                message.push("; ");
            }
            message.push(note);
        }
        Error::new(Kind::Stale, message).hint(words![
            "nothing was acted on or recorded; observe it again: ",
            commands("observe", lightened, self.voyage),
            ", then steer; or pass ",
            arg("allow-stale"),
            " to act unchecked",
        ])
    }
}

pub(super) fn subject(steer: &Steer) -> String {
    steer
        .thread()
        .unwrap_or(IssueOrPull::PullRequest(0))
        .describe()
}

/// "the observation github-pr o/r#45 was jettisoned". Words, since the
/// target's flags are named by each front end; a record keeps the command
/// line's rendering.
pub(super) fn lightened_note(one: &Mine) -> Words {
    let state = match one.observation.status {
        Some(ArtifactStatus::Stowed) => "unreadable",
        _ => one.observation.status_text(),
    };
    words![
        "the observation ",
        one.target.description(),
        format!(" was {state}, so there is nothing to compare with GitHub"),
    ]
}

/// "`helm observe …`" for each, joined.
fn commands(verb: &'static str, which: &[&Mine], voyage: &str) -> Words {
    let mut commands = Words::new();
    for (i, m) in which.iter().enumerate() {
        if i > 0 {
            commands.push(" and ");
        }
        commands.push(cmd(verb).value("voyage", voyage).args(m.args()));
    }
    commands
}

/// "4 min ago", from an RFC 3339 time.
fn ago(when: &str) -> String {
    let Ok(then) = when.parse::<jiff::Timestamp>() else {
        return format!("at {when}");
    };
    let seconds = jiff::Timestamp::now().as_second() - then.as_second();
    match seconds {
        s if s < 60 => "just now".to_string(),
        s if s < 3600 => format!("{} min ago", s / 60),
        s if s < 86_400 => format!("{} h ago", s / 3600),
        s => format!("{} days ago", s / 86_400),
    }
}
