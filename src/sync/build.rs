//! Deciding what a push sends: from one read snapshot of the voyage, the
//! entries, artifacts, lifecycle changes and end made here since the last
//! sync, as commits on top of it (written by `fast_import`): one commit per
//! entry (author: the entry's identity, at its time; committer: helm), then
//! one for the voyage's own changes.

use std::collections::BTreeSet;

use uuid::Uuid;

use super::arrival::{self, tree_state};
use super::batch::Batch;
use super::fast_import::{Commit, Op, fast_import};
use super::layout::{self, EntryDoc, LAYOUT, Status, VoyageDoc};
use super::pull::{identity, state_of};
use super::rules::State;
use super::{Moved, Sync};
use crate::error::{Error, Kind, Result};
use crate::model::{Voyage, VoyageStatus};
use crate::storage::VoyageStore;
use crate::storage::sync::View;

/// What building found.
pub enum Built {
    /// The entries here are not numbered 1..=n: renumber first.
    Renumber,
    /// The voyage here does not hold the last synced commit's entries.
    Stale,
    /// Nothing here the remote lacks.
    Nothing(Voyage),
    Commit {
        commit: String,
        /// The private ref fast-import left it on, to delete.
        scratch: String,
        moved: Moved,
        voyage: Voyage,
    },
}

/// Builds the commits of a push on `base` (the last synced commit).
pub fn build(
    sync: &Sync<'_>,
    store: &mut VoyageStore,
    id: &Uuid,
    base: Option<&str>,
) -> Result<Built> {
    let mut batch = Batch::start(&sync.repo)?;
    let (base_doc, base_last) = match base {
        None => (None, None),
        Some(commit) => {
            let Ok(doc) = arrival::voyage_doc(&mut batch, commit, id) else {
                return Ok(Built::Stale);
            };
            let last = match doc.entries {
                0 => None,
                n => Some(arrival::entry_identity(&mut batch, commit, n)?),
            };
            (Some(doc), last)
        }
    };
    let recorded: Vec<String> = match base {
        None => Vec::new(),
        Some(commit) => sync
            .repo
            .text(
                &["ls-tree", "-r", "--name-only", commit, "lifecycle/"],
                "git ls-tree",
            )?
            .lines()
            .filter_map(|path| match layout::place(path) {
                Some(layout::Place::Lifecycle(hash)) => Some(hash),
                _ => None,
            })
            .collect(),
    };
    let scratch = format!(
        "refs/helm/build/{}/{}-{}",
        id.hyphenated(),
        std::process::id(),
        Uuid::now_v7().simple()
    );
    store.sync_read(|v| {
        let voyage = v.voyage()?;
        let (count, contiguous) = v.numbering()?;
        if !contiguous {
            return Ok(Built::Renumber);
        }
        let synced = base_doc.as_ref().map_or(0, |d| d.entries);
        if synced > count {
            return Ok(Built::Stale);
        }
        if synced > 0 && v.entry(synced)?.map(|e| identity(&e)).transpose()? != base_last {
            return Ok(Built::Stale);
        }
        let mut plan = Planner {
            batch: &mut batch,
            base,
            view: v,
            done: BTreeSet::new(),
        };
        let mut commits = Vec::new();
        let mut doc = VoyageDoc {
            layout: LAYOUT,
            id: id.hyphenated().to_string(),
            intent: voyage.intent.clone(),
            created_at: voyage.created_at.clone(),
            status: "active".to_string(),
            ended_at: None,
            ended_status: None,
            entries: synced,
        };
        if let Some(base_doc) = &base_doc {
            doc.clone_from(base_doc);
        }
        for entry in v.entries_from(synced + 1)? {
            let number = entry.id as u64;
            let file = EntryDoc::of(&entry).map_err(|why| {
                Error::new(Kind::Corrupt, why)
                    .hint("run `helm voyage verify` for a report; nothing was pushed")
            })?;
            let mut ops = vec![Op::Entry(number, layout::encode(&file))];
            for observation in &entry.bearing {
                plan.artifact(&observation.artifact, &mut ops)?;
            }
            doc.entries = number;
            ops.push(Op::Voyage(layout::encode(&doc)));
            commits.push(Commit {
                author: author(&entry.provenance.identity),
                when: seconds(&entry.recorded_at),
                message: format!(
                    "helm: entry {number}: {}",
                    crate::output::clean_line(&entry.headline())
                        .chars()
                        .take(100)
                        .collect::<String>()
                ),
                ops,
            });
        }
        let entries = commits.len() as u64;
        // Lifecycle changes to artifacts the remote already holds, and the end.
        let mut ops = Vec::new();
        let candidates: BTreeSet<String> = v
            .lifecycle_artifacts()?
            .into_iter()
            .chain(recorded.clone())
            .collect();
        for hash in candidates {
            plan.lifecycle(&hash, &mut ops)?;
        }
        let (status, ended_at, ended_status) = match &voyage.status {
            VoyageStatus::Active => ("active", None, None),
            VoyageStatus::Ended {
                ended_at,
                ended_status,
            } => ("ended", Some(ended_at.clone()), ended_status.clone()),
        };
        let ended =
            doc.status != status || doc.ended_at != ended_at || doc.ended_status != ended_status;
        if ended || !ops.is_empty() {
            doc.status = status.to_string();
            doc.ended_at = ended_at;
            doc.ended_status = ended_status;
            ops.push(Op::Voyage(layout::encode(&doc)));
            commits.push(Commit {
                author: "helm".to_string(),
                when: jiff::Timestamp::now().as_second(),
                message: match ended {
                    true => "helm: voyage ended".to_string(),
                    false => "helm: artifact lifecycle".to_string(),
                },
                ops,
            });
        }
        if commits.is_empty() && base.is_some() {
            return Ok(Built::Nothing(voyage));
        }
        if commits.is_empty() {
            // A voyage never pushed, with no entries: its voyage.json alone.
            commits.push(Commit {
                author: "helm".to_string(),
                when: seconds(&voyage.created_at),
                message: "helm: voyage".to_string(),
                ops: vec![Op::Voyage(layout::encode(&doc))],
            });
        }
        let artifacts = plan.done.len() as u64;
        let commit = fast_import(sync, &scratch, base, &commits)?;
        Ok(Built::Commit {
            commit,
            scratch: scratch.clone(),
            moved: Moved { entries, artifacts },
            voyage,
        })
    })
}

/// Decides which artifact files a push writes.
struct Planner<'a, 'v> {
    batch: &'a mut Batch,
    base: Option<&'a str>,
    view: &'a View<'v>,
    /// Artifacts written by this push.
    done: BTreeSet<String>,
}

impl Planner<'_, '_> {
    fn on_base(&mut self, hash: &str) -> Result<Option<State>> {
        match self.base {
            None => Ok(None),
            Some(commit) => tree_state(self.batch, commit, hash).map_err(|what| {
                Error::new(
                    Kind::Storage,
                    format!("the last synced copy of this voyage: {what}"),
                )
            }),
        }
    }

    fn here(&self, hash: &str) -> Result<State> {
        match self.view.artifact(hash)? {
            Some(row) => Ok(state_of(&row)),
            None => Err(Error::new(
                Kind::Corrupt,
                format!("an entry names artifact {hash}, which this voyage lacks"),
            )
            .hint("run `helm voyage verify` for a report; nothing was pushed")),
        }
    }

    /// An artifact a new entry names: sent as it is here, unless the
    /// remote holds it already.
    fn artifact(&mut self, hash: &str, ops: &mut Vec<Op>) -> Result<()> {
        if self.done.contains(hash) || self.on_base(hash)?.is_some() {
            return Ok(());
        }
        let here = self.here(hash)?;
        self.write(hash, &here, None, ops)
    }

    /// An artifact whose lifecycle may have changed here since the last sync.
    fn lifecycle(&mut self, hash: &str, ops: &mut Vec<Op>) -> Result<()> {
        if self.done.contains(hash) {
            return Ok(());
        }
        let Some(there) = self.on_base(hash)? else {
            // Never sent: it travels with the first entry that names it.
            return Ok(());
        };
        let Some(row) = self.view.artifact(hash)? else {
            return Ok(());
        };
        let here = state_of(&row);
        if here != there {
            self.write(hash, &here, Some(&there), ops)?;
        }
        Ok(())
    }

    fn write(
        &mut self,
        hash: &str,
        here: &State,
        there: Option<&State>,
        ops: &mut Vec<Op>,
    ) -> Result<()> {
        self.done.insert(hash.to_string());
        let stowed_there = there.is_some_and(|s| s.status == Status::Stowed);
        match (here.status == Status::Stowed, stowed_there) {
            (true, false) => ops.push(Op::Payload(hash.to_string(), self.frame(hash)?)),
            (false, true) => ops.push(Op::DropPayload(hash.to_string())),
            _ => {}
        }
        match (here.record(), there.and_then(State::record)) {
            (Some(record), _) => {
                ops.push(Op::Record(hash.to_string(), Some(layout::encode(&record))))
            }
            (None, Some(_)) => ops.push(Op::Record(hash.to_string(), None)),
            (None, None) => {}
        }
        for derivation in &here.derivations {
            self.artifact(&derivation.summary, ops)?;
        }
        Ok(())
    }

    fn frame(&self, hash: &str) -> Result<Vec<u8>> {
        self.view.frame(hash)?.ok_or_else(|| {
            Error::new(
                Kind::Corrupt,
                format!("artifact {hash} lost its payload while being read"),
            )
            .hint("retry the push")
        })
    }
}

/// The git author for an entry's identity (the identity itself travels
/// in the entry's file, whole).
fn author(identity: &str) -> String {
    let name: String = identity
        .chars()
        .map(|c| {
            if matches!(c, '<' | '>' | '\n' | '\r' | '\0') {
                ' '
            } else {
                c
            }
        })
        .take(200)
        .collect();
    match name.trim() {
        "" => "unknown".to_string(),
        name => name.to_string(),
    }
}

fn seconds(timestamp: &str) -> i64 {
    timestamp
        .parse::<jiff::Timestamp>()
        .map(|t| t.as_second().max(0))
        .unwrap_or(0)
}
