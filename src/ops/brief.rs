//! `voyage brief`: where a voyage stands, gathered from one snapshot of it:
//! the last entries, the last logged state, what its steers created or
//! changed on GitHub with the last state the voyage itself observed of each,
//! interrupted steers and the slate. Facts only: nothing here judges or
//! advises, and nothing asks GitHub (the brief is what the logbook knows).

use serde::Serialize;
use serde_json::Value;

use super::Helm;
use crate::error::Result;
use crate::model::{EntryAction, Voyage};
use crate::observe::Target;
use crate::steering::pending::{self, Record};
use crate::storage::VoyageStore;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;

/// How many of the latest entries a brief shows.
pub const RECENT: usize = 5;

#[derive(Debug)]
pub struct Brief {
    pub voyage: Voyage,
    /// How many entries the logbook holds in all.
    pub entries: usize,
    /// The last [`RECENT`] entries, oldest first.
    pub recent: Vec<Entry>,
    /// The latest `log` entry's state.
    pub state: Option<LoggedState>,
    /// Issues and pull requests the voyage's steers created or changed, in
    /// the order first touched.
    pub github: Vec<Touched>,
    pub interrupted: Vec<Record>,
    pub slate: Vec<Observation>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedState {
    pub entry: i64,
    pub state: String,
    pub recorded_at: String,
    pub identity: String,
}

/// An issue or pull request the voyage acted on.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Touched {
    /// `issue` or `pr`.
    pub kind: &'static str,
    pub repo: String,
    pub number: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Each steer on it, oldest first.
    pub steers: Vec<Done>,
    /// The latest observation of it (by this voyage) that saw its summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen: Option<Seen>,
}

/// One steer on an issue or pull request.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Done {
    pub entry: i64,
    pub recorded_at: String,
    /// The steer action, e.g. `comment`, `create-pr`, `merge-pr`.
    pub steer: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// What an observation showed of an issue or pull request.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seen {
    pub observed_at: String,
    pub artifact: String,
    /// `open` or `closed`; absent when the payload is no longer stowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Pull requests only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<bool>,
}

impl Helm {
    pub fn voyage_brief(&self, voyage: &str) -> Result<Brief> {
        let mut store = self.open(voyage)?;
        let snapshot = store.snapshot()?;
        let state = snapshot
            .entries
            .iter()
            .rev()
            .find_map(|entry| match entry.parsed_action() {
                Some(EntryAction::Log { status, .. }) => Some(LoggedState {
                    entry: entry.id,
                    state: status.clone(),
                    recorded_at: entry.recorded_at.clone(),
                    identity: entry.provenance.identity.clone(),
                }),
                _ => None,
            });
        let mut github = touched(&snapshot.entries);
        for thing in &mut github {
            thing.last_seen = last_seen(&store, thing, &snapshot.entries, &snapshot.slate);
        }
        let entries = snapshot.entries.len();
        let recent = snapshot
            .entries
            .into_iter()
            .skip(entries.saturating_sub(RECENT))
            .collect();
        Ok(Brief {
            interrupted: pending::list(self.home.root(), &store.id()),
            voyage: snapshot.voyage,
            entries,
            recent,
            state,
            github,
            slate: snapshot.slate,
        })
    }
}

/// The issues and pull requests named by the voyage's steer entries.
fn touched(entries: &[Entry]) -> Vec<Touched> {
    let mut things: Vec<Touched> = Vec::new();
    for entry in entries {
        let Some(EntryAction::Steer(record)) = entry.parsed_action() else {
            continue;
        };
        let (kind, number) = match (record.pr, record.issue) {
            (Some(pr), _) => ("pr", pr),
            (None, Some(issue)) => ("issue", issue),
            (None, None) => continue,
        };
        let steer = serde_json::to_value(record.steer)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let done = Done {
            entry: entry.id,
            recorded_at: entry.recorded_at.clone(),
            steer,
            comment_id: record.comment_id,
            url: record.url.clone(),
        };
        // A comment's URL is the comment's; the thing's own URL comes from
        // the steers that create or change it.
        let own_url = record
            .comment_id
            .is_none()
            .then(|| record.url.clone())
            .flatten();
        let same = |t: &Touched| {
            t.kind == kind && t.number == number && t.repo.eq_ignore_ascii_case(&record.repo)
        };
        match things.iter_mut().find(|t| same(t)) {
            Some(thing) => {
                thing.url = thing.url.take().or(own_url);
                thing.steers.push(done);
            }
            None => things.push(Touched {
                kind,
                repo: record.repo.clone(),
                number,
                url: own_url,
                steers: vec![done],
                last_seen: None,
            }),
        }
    }
    things
}

/// The latest observation of `thing` that fetched its summary, in any
/// entry's bearing or on the slate, and what its payload says.
fn last_seen(
    store: &VoyageStore,
    thing: &Touched,
    entries: &[Entry],
    slate: &[Observation],
) -> Option<Seen> {
    let shows = |observation: &&Observation| {
        let Some(target) = Target::from_key(&observation.target) else {
            return false;
        };
        let Some(thread) = target.thread() else {
            return false;
        };
        thing.kind == if thread.is_pr() { "pr" } else { "issue" }
            && thread.number() == thing.number
            && thread.repo().to_string().eq_ignore_ascii_case(&thing.repo)
            && thread.parts().contains(&"summary")
    };
    let latest = entries
        .iter()
        .flat_map(|entry| entry.bearing.iter())
        .chain(slate.iter())
        .filter(shows)
        .max_by(|a, b| a.observed_at.cmp(&b.observed_at))?;
    let summary = summary_of(store, &latest.artifact);
    let field = |name: &str| summary.as_ref().and_then(|s| s.get(name).cloned());
    Some(Seen {
        observed_at: latest.observed_at.clone(),
        artifact: latest.artifact.clone(),
        state: field("state").and_then(|v| v.as_str().map(str::to_string)),
        title: field("title").and_then(|v| v.as_str().map(str::to_string)),
        merged: field("merged").and_then(|v| v.as_bool()),
        draft: field("draft").and_then(|v| v.as_bool()),
    })
}

/// The `summary` object of a stowed GitHub payload, if it can be read.
fn summary_of(store: &VoyageStore, hash: &str) -> Option<Value> {
    let stored = store.artifact(hash).ok()?;
    if !stored.status.is_stowed() {
        return None;
    }
    let mut raw = Vec::new();
    crate::storage::artifact::unpack(&stored.data, &mut raw).ok()?;
    let mut payload: Value = serde_json::from_slice(&raw).ok()?;
    Some(payload.get_mut("summary")?.take())
}
