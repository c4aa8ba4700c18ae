//! Deciding what a push sends: from one read snapshot of the voyage, the
//! entries, artifacts, lifecycle changes and end made here since the last
//! sync, as commits on top of the last synced remote commit (written by
//! `fast_import`): one commit per entry (author: the entry's identity, at
//! its time; committer: helm), each with the artifacts it is the first to
//! name, then one for the voyage's own changes (end, lifecycle).

use std::collections::BTreeSet;

use uuid::Uuid;

use super::Moved;
use super::batch::Batch;
use super::direct;
use super::fast_import::{Commit, Sent, Written, fast_import};
use super::git::SyncRepo;
use super::layout::{self, EntryDoc, LAYOUT, Status, VoyageDoc};
use super::loose::Objects;
use super::pull::{identity, state_of};
use super::rules::ArtifactLifecycle;
use super::shadow::{self, tree::Base};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;
use crate::model::{Voyage, VoyageStatus};
use crate::storage::VoyageStore;
use crate::storage::sync::View;

/// What building found.
pub(crate) enum Built {
    /// The entries here are not numbered 1..=n: renumber first.
    Renumber,
    /// The voyage here does not hold the last synced commit's entries.
    Stale,
    /// Nothing here the remote lacks.
    Nothing(Voyage),
    Commit {
        written: Written,
        /// The private refs fast-import left its commits on, to delete
        /// (none when they were written directly).
        scratch: Vec<String>,
        moved: Moved,
        voyage: Voyage,
    },
}

/// Builds the commits of a push on `base` (the last sync): directly
/// (`direct`) when they are few and send no artifact, else with `git
/// fast-import`.
pub(crate) fn build(
    repo: &SyncRepo,
    batch: &mut Batch,
    store: &mut VoyageStore,
    id: &Uuid,
    base: Option<&Base>,
    subject: super::Subject<'_>,
) -> Result<Built> {
    let recorded = match base {
        Some(base) => shadow::recorded(batch, &base.shadow)?,
        None => Vec::new(),
    };
    let nonce = format!("{}-{}", std::process::id(), Uuid::now_v7().simple());
    let scratch = [
        format!("refs/helm/build/{}/{nonce}-remote", id.hyphenated()),
        format!("refs/helm/build/{}/{nonce}-shadow", id.hyphenated()),
    ];
    store.sync_read(|v| {
        let voyage = v.voyage()?;
        // The entries up to the last synced one are those it holds (their
        // last checked by identity); those after it are sent, numbered on.
        let synced = base.map_or(0, |b| b.doc.entries);
        if synced > 0
            && v.entry(synced)?.map(|e| identity(&e)).transpose()? != base.and_then(|b| b.last)
        {
            return Ok(Built::Stale);
        }
        let new = v.entries_from(synced + 1)?;
        if new
            .iter()
            .enumerate()
            .any(|(i, e)| e.id as u64 != synced + 1 + i as u64)
        {
            return Ok(Built::Renumber);
        }
        let mut plan = Planner {
            batch,
            shadow: base.map(|b| b.shadow.as_str()),
            view: v,
            done: BTreeSet::new(),
        };
        let mut doc = match base {
            Some(base) => base.doc.clone(),
            None => VoyageDoc {
                layout: LAYOUT,
                id: id.hyphenated().to_string(),
                intent: voyage.intent.clone(),
                created_at: voyage.created_at.clone(),
                status: "active".to_string(),
                ended_at: None,
                ended_status: None,
                entries: 0,
            },
        };
        let mut commits = Vec::new();
        for entry in new {
            let number = entry.id as u64;
            let file = EntryDoc::of(&entry).map_err(|why| {
                Error::new(Kind::Corrupt, why).hint(words![
                    "run ",
                    cmd("voyage verify"),
                    " for a report; nothing was pushed"
                ])
            })?;
            let mut sent = Vec::new();
            for observation in &entry.bearing {
                plan.artifact(&observation.artifact, &mut sent)?;
            }
            doc.entries = number;
            commits.push(Commit {
                author: author(&entry.provenance.identity),
                when: seconds(&entry.recorded_at),
                message: format!(
                    "helm: entry {number}: {}",
                    crate::text::clean_line(&subject(&entry))
                        .chars()
                        .take(100)
                        .collect::<String>()
                ),
                entry: Some((number, layout::encode(&file))),
                sent,
                voyage: layout::encode(&doc),
            });
        }
        let entries = commits.len() as u64;
        // Lifecycle changes to artifacts the remote already holds, and the end.
        let mut sent = Vec::new();
        let candidates: BTreeSet<String> = v
            .lifecycle_artifacts()?
            .into_iter()
            .chain(recorded.clone())
            .collect();
        for hash in candidates {
            plan.lifecycle(&hash, &mut sent)?;
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
        if ended || !sent.is_empty() || (commits.is_empty() && base.is_none()) {
            doc.status = status.to_string();
            doc.ended_at = ended_at;
            doc.ended_status = ended_status;
            commits.push(Commit {
                author: "helm".to_string(),
                when: jiff::Timestamp::now().as_second(),
                message: match (ended, sent.is_empty()) {
                    (true, _) => "helm: voyage ended".to_string(),
                    (false, false) => "helm: artifact lifecycle".to_string(),
                    (false, true) => "helm: voyage".to_string(),
                },
                entry: None,
                sent,
                voyage: layout::encode(&doc),
            });
        }
        if commits.is_empty() {
            return Ok(Built::Nothing(voyage));
        }
        let artifacts = plan.done.len() as u64;
        let direct = match (Objects::of(repo), base) {
            (Some(objects), Some(base)) => direct::push(&objects, plan.batch, base, &commits)?,
            _ => None,
        };
        let (written, scratch) = match direct {
            Some(written) => (written, Vec::new()),
            None => {
                let import = repo.pending_import(false)?;
                let written = fast_import(import, &scratch[0], &scratch[1], base, &commits)?;
                (written, scratch.to_vec())
            }
        };
        Ok(Built::Commit {
            written,
            scratch,
            moved: Moved {
                entries,
                artifacts,
                renumbered: Vec::new(),
            },
            voyage,
        })
    })
}

/// Decides which artifacts a push sends.
struct Planner<'a, 'v> {
    batch: &'a mut Batch,
    /// The snapshot of the remote at the last sync.
    shadow: Option<&'a str>,
    view: &'a View<'v>,
    /// Artifacts sent by this push.
    done: BTreeSet<String>,
}

impl Planner<'_, '_> {
    fn on_base(&mut self, hash: &str) -> Result<Option<ArtifactLifecycle>> {
        match self.shadow {
            None => Ok(None),
            Some(shadow) => shadow::state(self.batch, shadow, hash),
        }
    }

    fn here(&self, hash: &str) -> Result<ArtifactLifecycle> {
        match self.view.artifact(hash)? {
            Some(row) => Ok(state_of(&row)),
            None => Err(Error::new(
                Kind::Corrupt,
                format!("an entry names artifact {hash}, which this voyage lacks"),
            )
            .hint(words![
                "run ",
                cmd("voyage verify"),
                " for a report; nothing was pushed"
            ])),
        }
    }

    /// An artifact a new entry names: sent as it is here, unless the
    /// remote holds it already.
    fn artifact(&mut self, hash: &str, sent: &mut Vec<Sent>) -> Result<()> {
        if self.done.contains(hash) || self.on_base(hash)?.is_some() {
            return Ok(());
        }
        let here = self.here(hash)?;
        self.send(hash, None, here, sent)
    }

    /// An artifact whose lifecycle may have changed here since the last sync.
    fn lifecycle(&mut self, hash: &str, sent: &mut Vec<Sent>) -> Result<()> {
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
            self.send(hash, Some(there), here, sent)?;
        }
        Ok(())
    }

    /// Sends what the remote needs to hold the artifact as it is here: its
    /// payload if it is stowed here and not there, its lifecycle file if
    /// that differs, and its summaries.
    fn send(
        &mut self,
        hash: &str,
        before: Option<ArtifactLifecycle>,
        after: ArtifactLifecycle,
        sent: &mut Vec<Sent>,
    ) -> Result<()> {
        self.done.insert(hash.to_string());
        let stowed_there = before.as_ref().is_some_and(|s| s.status == Status::Stowed);
        let frame = match after.status == Status::Stowed && !stowed_there {
            true => Some(self.frame(hash)?),
            false => None,
        };
        let record = after
            .record()
            .filter(|record| {
                before.as_ref().and_then(ArtifactLifecycle::record).as_ref() != Some(record)
            })
            .map(|record| layout::encode(&record));
        let summaries: Vec<String> = after
            .derivations
            .iter()
            .map(|d| d.summary.clone())
            .collect();
        sent.push(Sent {
            hash: hash.to_string(),
            before,
            after,
            frame,
            record,
        });
        for summary in summaries {
            self.artifact(&summary, sent)?;
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
