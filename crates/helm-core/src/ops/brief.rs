//! `voyage brief`: where a voyage stands, gathered from one snapshot of it:
//! its present state (the end, else the latest entry), the last entries, the
//! last logged state, what its steers created or
//! changed on GitHub with the last state the voyage itself observed of each,
//! interrupted steers and the slate. Facts only: nothing here judges or
//! advises, and nothing asks GitHub (the brief is what the logbook knows).

use crate::actions::Headline;
use serde::Serialize;
use serde_json::Value;

use super::Helm;
use crate::egress::shown::Disclosure;
use crate::error::Result;
use crate::model::{EntryAction, Voyage, VoyageStatus};
use crate::observe::Target;
use crate::steering::pending::{self, Record};
use crate::storage::VoyageStore;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;

/// How many of the latest entries a brief shows.
pub(crate) const RECENT: usize = 5;

#[derive(Debug)]
pub struct Brief {
    pub voyage: Voyage,
    /// Proposals waiting for a decision, shown first (issue 42).
    pub proposals: Vec<super::proposals::Waiting>,
    /// How many entries the logbook holds in all.
    pub entries: usize,
    /// The last [`RECENT`] entries, oldest first.
    pub recent: Vec<Entry>,
    /// Where the voyage stands now: its end, else its latest entry (a log's
    /// state or a steer's headline). A later steer or the end outdates
    /// [`Brief::last_logged`], so a reader resumes from this.
    pub current: Option<Current>,
    /// The latest `log` entry's state, which may be older than the latest
    /// entry and than the end: not where the voyage stands.
    pub last_logged: Option<LoggedState>,
    /// The voyage's last push and pull per remote, as this machine recorded
    /// them.
    pub synced: Vec<super::synced::RemoteSync>,
    /// Issues and pull requests the voyage's steers created or changed, in
    /// the order first touched.
    pub github: Vec<Touched>,
    pub interrupted: Vec<Record>,
    pub slate: Vec<Observation>,
    /// Other voyages of this home that match this one's intent, best first.
    pub related: Vec<super::brief_related::Related>,
    /// The entries whose MCP call was cancelled after its write went out:
    /// helm completed and recorded them, and the caller never got the
    /// answer (issue 43 item 6).
    pub completed_after_cancel: Vec<i64>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedState {
    pub entry: i64,
    pub state: String,
    pub recorded_at: String,
    pub identity: String,
}

/// The present: what the end or the latest entry says. An end is not an
/// entry: it is the voyage's status, recorded with its own time and no one
/// named, after the last entry.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Current {
    /// `ended: merged: <the end status in full>`, `ended`, a log's state,
    /// or a steer's headline (`merge PR #45 (1a2b3c4)`).
    pub state: String,
    /// Where the state comes from: `end` (the voyage ended; not an entry),
    /// `log` or `steer` (an entry).
    pub source: &'static str,
    /// When that end or entry was recorded.
    pub at: String,
    /// The latest entry (for `end`, the last entry before the end, which is
    /// not itself an entry), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<i64>,
    /// Who recorded that entry; absent for the end, which records no one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
}

/// An issue or pull request the voyage acted on.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Touched {
    /// `issue` or `pr`.
    pub kind: &'static str,
    pub repo: String,
    /// The forge and its host when it is not GitHub, as the entries say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    pub number: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) url: Option<String>,
    /// Each steer on it, oldest first.
    pub steers: Vec<Done>,
    /// The latest observation of it by this voyage, whatever its focus.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_seen: Option<Seen>,
    /// A pull request's head, review requests, CI and reviewers' decisions
    /// as the voyage's newest looks at those parts showed them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pr: Option<super::brief_pr::PrSeen>,
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
    pub(crate) comment_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) url: Option<String>,
}

/// What the latest observations showed of an issue or pull request.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seen {
    /// The latest observation of it, whatever its focus.
    pub observed_at: String,
    pub(crate) artifact: String,
    /// When the summary below was fetched, if that was an earlier look than
    /// the latest (which then fetched other parts, e.g. comments).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary_observed_at: Option<String>,
    /// `open` or `closed`, from the latest look that fetched the summary;
    /// absent when none did or its payload is no longer stowed.
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
        let last_logged =
            snapshot
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
        let current = current(&snapshot.voyage, snapshot.entries.last());
        let mut github = touched(&snapshot.entries);
        for thing in &mut github {
            let looks = looks(thing, &snapshot.entries, &snapshot.slate);
            thing.last_seen = last_seen(&store, &looks, self.disclosure);
            if thing.kind == "pr" && !looks.is_empty() {
                let looks: Vec<&Observation> = looks.iter().map(|(o, _)| *o).collect();
                thing.pr = Some(super::brief_pr::seen(&store, &looks, self.disclosure));
            }
        }
        let related = self.related(&snapshot.voyage)?;
        let proposals = super::proposals::waiting(self, &store.id(), &snapshot.entries);
        let entries = snapshot.entries.len();
        let completed_after_cancel = snapshot
            .entries
            .iter()
            .filter(|entry| {
                matches!(entry.parsed_action(), Some(EntryAction::Steer(r)) if r.completed_after_cancel)
            })
            .map(|entry| entry.id)
            .collect();
        let recent = snapshot
            .entries
            .into_iter()
            .skip(entries.saturating_sub(RECENT))
            .collect();
        Ok(Brief {
            interrupted: pending::list(self.home.root(), &store.id()),
            voyage: snapshot.voyage,
            proposals,
            entries,
            recent,
            current,
            last_logged,
            synced: super::synced::read(self.home.root(), &store.id().to_string()),
            github,
            slate: snapshot.slate,
            related,
            completed_after_cancel,
        })
    }
}

/// The end if the voyage ended, else the latest entry.
fn current(voyage: &Voyage, latest: Option<&Entry>) -> Option<Current> {
    if let VoyageStatus::Ended {
        ended_at,
        ended_status,
    } = &voyage.status
    {
        return Some(Current {
            state: match ended_status {
                Some(status) => format!("ended: {status}"),
                None => "ended".to_string(),
            },
            source: "end",
            at: ended_at.clone(),
            entry: latest.map(|entry| entry.id),
            identity: None,
        });
    }
    let entry = latest?;
    Some(Current {
        state: entry.headline(),
        source: if entry.is_steer() { "steer" } else { "log" },
        at: entry.recorded_at.clone(),
        entry: Some(entry.id),
        identity: Some(entry.provenance.identity.clone()),
    })
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
            comment_id: crate::actions::comment(record),
            url: record.url.clone(),
        };
        // A comment's URL is the comment's; the thing's own URL comes from
        // the steers that create or change it.
        let own_url = done
            .comment_id
            .is_none()
            .then(|| record.url.clone())
            .flatten();
        let host = record.forge.as_ref().and(record.host.clone());
        let same = |t: &Touched| {
            t.kind == kind
                && t.number == number
                && t.repo.eq_ignore_ascii_case(&record.repo)
                && same_host(t.host.as_deref(), host.as_deref())
        };
        match things.iter_mut().find(|t| same(t)) {
            Some(thing) => {
                thing.url = thing.url.take().or(own_url);
                thing.steers.push(done);
            }
            None => things.push(Touched {
                kind,
                repo: record.repo.clone(),
                forge: host.as_ref().and(record.forge.clone()),
                host,
                number,
                url: own_url,
                steers: vec![done],
                last_seen: None,
                pr: None,
            }),
        }
    }
    things
}

/// Whether two hosts are one: GitHub's things have none, and a host's name
/// is in any case.
fn same_host(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    }
}

/// Every observation of `thing` in any entry's bearing or on the slate,
/// each with whether it fetched the summary.
fn looks<'a>(
    thing: &Touched,
    entries: &'a [Entry],
    slate: &'a [Observation],
) -> Vec<(&'a Observation, bool)> {
    let of_thing = |observation: &Observation| {
        let seen = Target::from_key(&observation.target)?.subject()?;
        (thing.kind == if seen.pr { "pr" } else { "issue" }
            && seen.number == thing.number
            && seen.repo.eq_ignore_ascii_case(&thing.repo)
            && same_host(seen.host.as_deref(), thing.host.as_deref()))
        .then(|| seen.parts.contains(&"summary"))
    };
    entries
        .iter()
        .flat_map(|entry| entry.bearing.iter())
        .chain(slate.iter())
        .filter_map(|observation| of_thing(observation).map(|summary| (observation, summary)))
        .collect()
}

/// The latest of `looks`, whatever its focus; its state and title come
/// from the latest observation that fetched the summary.
fn last_seen(
    store: &VoyageStore,
    looks: &[(&Observation, bool)],
    disclosure: Disclosure,
) -> Option<Seen> {
    let latest = looks
        .iter()
        .map(|(observation, _)| *observation)
        .max_by(|a, b| a.observed_at.cmp(&b.observed_at))?;
    let with_summary = looks
        .iter()
        .filter(|(_, summary)| *summary)
        .map(|(observation, _)| *observation)
        .max_by(|a, b| a.observed_at.cmp(&b.observed_at));
    let summary =
        with_summary.and_then(|observation| summary_of(store, &observation.artifact, disclosure));
    let field = |name: &str| summary.as_ref().and_then(|s| s.get(name).cloned());
    Some(Seen {
        observed_at: latest.observed_at.clone(),
        artifact: latest.artifact.clone(),
        summary_observed_at: with_summary
            .filter(|observation| observation.observed_at != latest.observed_at)
            .map(|observation| observation.observed_at.clone()),
        state: field("state").and_then(|v| v.as_str().map(str::to_string)),
        title: field("title").and_then(|v| v.as_str().map(str::to_string)),
        merged: field("merged").and_then(|v| v.as_bool()),
        draft: field("draft").and_then(|v| v.as_bool()),
    })
}

/// The `summary` object of a stowed GitHub payload, if it can be read.
fn summary_of(store: &VoyageStore, hash: &str, disclosure: Disclosure) -> Option<Value> {
    let mut payload = super::stowed_payload::payload_of(store, hash, disclosure)?;
    Some(payload.get_mut("summary")?.take())
}
