//! What the freshness guard says it did, observation by observation: each
//! one it asked GitHub about with what it found (an older one whose every
//! part a newer look saw is judged by that look, with no parts of its own),
//! and each one on the slate it left alone with why, so an entry's
//! `freshness` never reads as having checked more (or less) than it did
//! (issue 31).

use crate::model::entry::{Checked, Freshness, NotChecked};
use crate::observe::Target;
use crate::storage::slate::Observation;

use super::Mine;
use super::refusals::lightened_note;

/// The target as `helm observe` takes it, or its key when no kind of this
/// helm reads it.
fn named(observation: &Observation) -> String {
    Target::from_key(&observation.target)
        .map(|t| t.describe())
        .unwrap_or_else(|| observation.target.clone())
}

/// The verdict of the newer looks that speak for every part of `one`.
fn covered(one: &Mine, asked: &[(&Mine, Option<bool>)]) -> &'static str {
    let parts = crate::observe::fresh::parts(&one.target);
    let mut verdict = "fresh";
    for (m, changed) in asked {
        if !m.judged.iter().any(|p| parts.contains(p)) {
            continue;
        }
        match changed {
            Some(true) => return "stale",
            None => verdict = "unchecked",
            Some(false) => {}
        }
    }
    verdict
}

/// Fills `freshness` with what was checked and what was not. `found` is
/// whether each asked observation changed (`None` when GitHub could not be
/// asked); `subject` is `PR #45` or `issue #42`, or `None` for a steer
/// that creates its issue or pull request.
pub(super) fn account(
    freshness: &mut Freshness,
    bearing: &[Observation],
    mine: &[Mine],
    asked: &[(&Mine, Option<bool>)],
    subject: Option<&str>,
) {
    for observation in bearing {
        let why = match mine
            .iter()
            .find(|m| std::ptr::eq(m.observation, observation))
        {
            None => match subject {
                Some(subject) => format!("not an observation of {subject}, which the steer acts on"),
                None => "the steer creates its issue or pull request: there is nothing on GitHub to compare it with yet".to_string(),
            },
            Some(one) => {
                if let Some((_, changed)) = asked.iter().find(|(m, _)| std::ptr::eq(*m, one)) {
                    freshness.observations.push(Checked {
                        target: named(observation),
                        verdict: match changed {
                            Some(true) => "stale",
                            Some(false) => "fresh",
                            None => "unchecked",
                        }
                        .to_string(),
                        parts: one.judged.iter().map(|p| p.to_string()).collect(),
                    });
                    continue;
                }
                if one.judged.is_empty() {
                    // Every part it saw, a newer look saw too: that look's
                    // answer is this one's (it counts in `checked`).
                    freshness.observations.push(Checked {
                        target: named(observation),
                        verdict: covered(one, asked).to_string(),
                        parts: Vec::new(),
                    });
                    continue;
                }
                lightened_note(one).to_string()
            }
        };
        freshness.not_checked.push(NotChecked {
            target: named(observation),
            why,
        });
    }
}
