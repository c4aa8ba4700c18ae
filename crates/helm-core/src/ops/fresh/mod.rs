//! The freshness guard before a steer (ADR 0008, ADR 0013): which
//! observations on the bearing are of the steer's issue or pull request
//! (its repository in any spelling), which of them speaks for each part
//! (the newest that looked at it), whether GitHub still shows what they
//! saw, and the head sha a merge is pinned to. It runs inside the seal,
//! under the voyage's write lock, so the bearing it judges is the one the
//! entry records. It never writes.

use std::collections::BTreeSet;

use serde_json::Value;

mod account;
pub(crate) mod beside;
pub(crate) mod forge;
mod merged;
mod ready;
mod refusals;

use refusals::{Judging, lightened_note, subject};

use crate::actions::{Dispatch, Steer};
use crate::error::CommandArg;
use crate::error::{Error, Kind, Result};
use crate::error::{arg, cmd};
use crate::model::Repo;
use crate::model::entry::{Freshness, Verdict};
use crate::model::words;
use crate::observe::fresh::{self, Judged};
use crate::observe::{self as kinds, Target};
use crate::steering::Preflight;
use crate::storage::slate::Observation;
use crate::storage::{VoyageFile, VoyageStore};
use helm_forge::ConditionalLook;
use ready::ready;

/// What the guard needs besides GitHub: the voyage to read payloads from
/// and whether a stale bearing may be acted on.
pub(crate) struct Guard {
    pub(crate) file: VoyageFile,
    pub(crate) allow_stale: bool,
    /// Refuse a steer whose issue or pull request has no observation on the
    /// slate (`--require-observed`), instead of acting with a warning.
    pub(crate) require_observed: bool,
}

/// One observation of the steer's target, and what the guard makes of it.
struct Mine<'a> {
    observation: &'a Observation,
    target: Target,
    /// The parts it speaks for: those no newer observation looked at.
    judged: Vec<&'static str>,
    /// Its payload, when still stowed.
    payload: Option<Value>,
    /// Whether a newer observation of the issue or PR is on the bearing.
    older: bool,
}

impl Mine<'_> {
    fn is_pr(&self) -> bool {
        self.target.thread().is_some_and(|t| t.is_pr())
    }

    /// `github-pr 45 --focus checks --repo o/r`, as typed.
    fn args(&self) -> Vec<CommandArg> {
        self.target.command_args().unwrap_or_default()
    }
}

/// What the check asks a forge that answers conditional requests: its
/// look (one that remembers its answers, so a request two observations
/// share is sent once), the runtime it runs on, the repository it is bound
/// to, and how long the check may take.
pub(crate) struct Conditional<'a> {
    pub(crate) look: &'a dyn ConditionalLook,
    pub(crate) runtime: &'a tokio::runtime::Runtime,
    pub(crate) repo: &'a Repo,
    pub(crate) timeout: std::time::Duration,
}

/// Judges `bearing` for `steer` (an error refuses the steer), with the
/// reads `other` holds sent alongside the check's own requests (see
/// `beside`); their output comes back beside the verdict.
pub(crate) fn preflight_beside<T>(
    guard: &Guard,
    forge: &Conditional<'_>,
    steer: &Steer,
    bearing: &[Observation],
    other: beside::Beside<'_, T>,
) -> (Result<Preflight>, Option<T>) {
    let mut other = other;
    let judged = judge(guard, forge, steer, bearing, &mut other);
    (judged, other.finish(forge.runtime))
}

fn judge<T>(
    guard: &Guard,
    forge: &Conditional<'_>,
    steer: &Steer,
    bearing: &[Observation],
    other: &mut beside::Beside<'_, T>,
) -> Result<Preflight> {
    let Some(number) = steer.subject() else {
        let mut freshness = Freshness::of(Verdict::NoTarget);
        account::account(&mut freshness, bearing, &[], &[], None);
        return Ok(verdict(freshness, None));
    };
    let about = subject(steer);
    let mut mine = of_target(bearing, forge.repo, number);
    // A second connection: the sealing one holds the write lock but has
    // written nothing yet, so reading beside it is allowed.
    let reader = match mine.is_empty() {
        true => None,
        false => Some(VoyageStore::open(guard.file.clone())?),
    };
    if let Some(reader) = &reader {
        for one in &mut mine {
            let stored = reader.artifact(&one.observation.artifact)?;
            one.payload = super::observe::parse_stored(&stored);
        }
    }
    let voyage = guard.file.id.to_string();
    merged::refuse_if_merged(steer, &mine, forge.repo, &voyage)?;
    let pinned = pin(steer, &mine, &voyage)?;
    let not_ready = ready(
        steer,
        pinned.as_ref(),
        &mine,
        reader.as_ref(),
        forge.repo,
        &voyage,
    )?;
    if mine.is_empty() {
        if guard.require_observed {
            return Err(not_observed(steer, forge.repo, &voyage));
        }
        let mut freshness = Freshness::of(Verdict::NotObserved);
        account::account(&mut freshness, bearing, &mine, &[], Some(&about));
        let mut preflight = verdict(freshness, None);
        preflight.not_ready = not_ready;
        return Ok(preflight);
    }
    let lightened: Vec<&Mine> = mine
        .iter()
        .filter(|m| !m.judged.is_empty() && m.payload.is_none())
        .collect();
    let (asked, asks): (Vec<&Mine>, Vec<Judged>) = mine
        .iter()
        .filter(|m| !m.judged.is_empty())
        .filter_map(|m| {
            let payload = m.payload.as_ref()?;
            let target = narrowed(&m.target, &m.judged);
            Some((m, Judged { target, payload }))
        })
        .unzip();
    let outcome = forge.runtime.block_on(other.with(async {
        tokio::time::timeout(forge.timeout, fresh::changes(forge.look, &asks)).await
    }));
    let mut freshness = Freshness::of(Verdict::Fresh);
    freshness.checked = mine.len() - lightened.len();
    let failure = match outcome {
        Ok(Ok(found)) => {
            let stale: Vec<&Mine> = asked
                .iter()
                .zip(&found)
                .filter(|(_, changes)| !changes.is_empty())
                .map(|(m, _)| *m)
                .collect();
            let verdicts: Vec<(&Mine, Option<bool>)> = asked
                .iter()
                .zip(&found)
                .map(|(m, changes)| (*m, Some(!changes.is_empty())))
                .collect();
            account::account(&mut freshness, bearing, &mine, &verdicts, Some(&about));
            freshness.changed = kinds::settle(found.into_iter().flatten().collect());
            let judging = Judging {
                guard,
                steer,
                voyage: &voyage,
            };
            let decided = judging.decide(freshness, &stale, &lightened)?;
            let mut preflight = verdict(decided, pinned);
            preflight.not_ready = not_ready;
            return Ok(preflight);
        }
        Ok(Err(err)) => err
            .into_error(
                format!("check that {} is unchanged", subject(steer)),
                &forge.repo.to_string(),
                "nothing was acted on or recorded",
            )
            .message()
            .to_string(),
        Err(_elapsed) => format!(
            "GitHub did not answer the freshness check within {} s",
            forge.timeout.as_secs()
        ),
    };
    if !guard.allow_stale {
        return Err(Error::new(Kind::GitHub, failure.clone()).hint(words![
            "nothing was acted on or recorded; try again, or pass ",
            arg("allow-stale"),
            " to act without the check",
        ]));
    }
    let verdicts: Vec<(&Mine, Option<bool>)> = asked.iter().map(|m| (*m, None)).collect();
    account::account(&mut freshness, bearing, &mine, &verdicts, Some(&about));
    freshness.verdict = Verdict::Unchecked;
    freshness.changed = vec![failure];
    freshness
        .changed
        .extend(lightened.iter().map(|m| lightened_note(m).to_string()));
    let mut preflight = verdict(freshness, pinned);
    preflight.not_ready = not_ready;
    Ok(preflight)
}

/// The refusal of a steer whose issue or pull request was not observed,
/// under `--require-observed`.
fn not_observed(steer: &Steer, repo: &crate::model::Repo, voyage: &str) -> Error {
    let about = subject(steer);
    let number = steer.subject().unwrap_or_default();
    let kind = match steer.thread() {
        Some(crate::actions::IssueOrPull::Issue(_)) => "github-issue",
        _ => "github-pr",
    };
    Error::new(
        Kind::NotObserved,
        format!("the slate holds no observation of {about}, and the steer requires one"),
    )
    .hint(words![
        "nothing was acted on or recorded; observe it first with ",
        cmd("observe")
            .value("voyage", voyage)
            .word(format!("{kind} {number}"))
            .value("repo", repo),
        ", or leave out ",
        arg("require-observed"),
        " to act without it (with a warning)",
    ])
}

/// The bearing's observations of issue or PR `number` in `repo` (any
/// spelling), newest first, each given the parts no newer one looked at:
/// a newer, wider look speaks for an older, narrower one.
fn of_target<'a>(
    bearing: &'a [Observation],
    repo: &crate::model::Repo,
    number: u64,
) -> Vec<Mine<'a>> {
    let mut mine: Vec<Mine> = bearing
        .iter()
        .filter_map(|observation| {
            let target = Target::from_key(&observation.target)?;
            let thread = target.thread()?;
            if thread.repo() != repo || thread.number() != number {
                return None;
            }
            Some(Mine {
                observation,
                target,
                judged: Vec::new(),
                payload: None,
                older: false,
            })
        })
        .collect();
    mine.sort_by(|a, b| b.observation.observed_at.cmp(&a.observation.observed_at));
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for (at, one) in mine.iter_mut().enumerate() {
        one.older = at > 0;
        let is_pr = one.is_pr();
        for part in fresh::parts(&one.target) {
            // The issue's own answer and the pull request's are two parts;
            // their comments are one.
            let id = match part {
                "summary" if is_pr => "pr-summary".to_string(),
                "summary" => "issue-summary".to_string(),
                other => other.to_string(),
            };
            if seen.insert(id) {
                one.judged.push(part);
            }
        }
    }
    mine
}

/// `target` looking only at `parts`.
fn narrowed(target: &Target, parts: &[&str]) -> Target {
    match target.thread() {
        Some(thread) => thread.narrowed(parts),
        None => target.clone(),
    }
}

fn verdict(freshness: Freshness, steer: Option<Steer>) -> Preflight {
    Preflight {
        freshness: Some(freshness),
        steer,
        not_ready: Vec::new(),
    }
}

/// A merge without `--sha` pinned to the head the newest stowed observation
/// of the pull request saw. When the only ones that saw a head were reduced
/// or jettisoned, the merge is refused: it never goes out unpinned after a
/// head was seen.
fn pin(steer: &Steer, mine: &[Mine], voyage: &str) -> Result<Option<Steer>> {
    if !steer.pins() {
        return Ok(None);
    }
    let pr = steer.subject().unwrap_or_default();
    let prs = || mine.iter().filter(|m| m.is_pr());
    let seen = prs().find_map(|m| m.target.thread()?.head_sha(m.payload.as_ref()?));
    if let Some(sha) = seen {
        return Ok(Some(steer.pinned(sha)));
    }
    let saw_head = |m: &&Mine| {
        let parts = fresh::parts(&m.target);
        parts.contains(&"summary") || parts.contains(&"checks")
    };
    let Some(lost) = prs().find(saw_head) else {
        // Nothing on the bearing looked at the head: as if not observed.
        return Ok(None);
    };
    Err(Error::new(
        Kind::Stale,
        words![
            format!("cannot pin the merge of PR #{pr} to the head you observed: "),
            lightened_note(lost),
        ],
    )
    .hint(words![
        "nothing was merged or recorded; observe it again with ",
        cmd("observe").value("voyage", voyage).args(lost.args()),
        ", then merge (or pass ",
        arg("sha"),
        ")",
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Repo;

    fn seen(target: &str, at: &str) -> Observation {
        Observation {
            target: target.to_string(),
            artifact: String::new(),
            observed_at: at.to_string(),
            stored_bytes: 0,
            status: Some(crate::storage::artifact::ArtifactStatus::Stowed),
        }
    }

    #[test]
    fn each_part_goes_to_its_newest_observation_in_any_spelling() {
        let bearing = [
            seen(
                r#"{"kind":"github-pr","repo":"o/r","number":7,"focus":["checks","comments","diff","files","reviews","summary"]}"#,
                "2026-01-01T00:00:01Z",
            ),
            seen(
                r#"{"kind":"github-pr","repo":"O/R","number":7,"focus":["checks","summary"]}"#,
                "2026-01-01T00:00:03Z",
            ),
            seen(
                r#"{"kind":"github-issue","repo":"o/r","number":7,"focus":["comments","summary"]}"#,
                "2026-01-01T00:00:02Z",
            ),
            seen(
                r#"{"kind":"github-pr","repo":"o/other","number":7,"focus":["summary"]}"#,
                "2026-01-01T00:00:04Z",
            ),
        ];
        let mine = of_target(&bearing, &Repo::parse("o/r").unwrap(), 7);
        let judged: Vec<(&str, Vec<&str>, bool)> = mine
            .iter()
            .map(|m| {
                (
                    m.observation.observed_at.as_str(),
                    m.judged.clone(),
                    m.older,
                )
            })
            .collect();
        assert_eq!(
            judged,
            [
                ("2026-01-01T00:00:03Z", vec!["checks", "summary"], false),
                // The issue's summary is its own part; its comments are the PR's.
                ("2026-01-01T00:00:02Z", vec!["comments", "summary"], true),
                (
                    "2026-01-01T00:00:01Z",
                    vec!["diff", "files", "reviews"],
                    true
                ),
            ]
        );
        let narrowed = narrowed(&mine[2].target, &mine[2].judged);
        assert_eq!(
            narrowed
                .command_args()
                .map(crate::observe::typed)
                .as_deref(),
            Some("`helm observe github-pr 7 --focus diff,files,reviews --repo o/r`")
        );
    }
}
