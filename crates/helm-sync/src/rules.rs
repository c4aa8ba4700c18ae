//! The merge rules of a pull (ADR 0015), as pure functions: where entries
//! go, which lifecycle state an artifact ends in, and how two ends of one
//! voyage are told. Each side of a sync applies the same rules to the same
//! facts, so both arrive at the same voyage.

use crate::model::VoyageStatus;
use crate::model::text::when;

use super::layout::{DerivationDoc, EntryId, LifecycleDoc, Status};

/// Where an entry of the merged tail comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntrySource {
    /// The remote's new entry at this index.
    Remote(usize),
    /// The local entry at this index of the local tail.
    Local(usize),
}

/// The tail of the logbook after a pull, as `git pull --rebase` would have
/// it: every new remote entry, in the remote's order, then the local
/// entries the remote does not hold, in their order. An entry is matched by
/// identity, as a multiset: two identical local entries need two remote ones.
pub(crate) fn tail(local: &[EntryId], remote: &[EntryId]) -> Vec<EntrySource> {
    let mut unmatched: std::collections::HashMap<&EntryId, usize> =
        std::collections::HashMap::new();
    for id in remote {
        *unmatched.entry(id).or_default() += 1;
    }
    let mut merged: Vec<EntrySource> = (0..remote.len()).map(EntrySource::Remote).collect();
    for (i, id) in local.iter().enumerate() {
        match unmatched.get_mut(id) {
            Some(left) if *left > 0 => *left -= 1,
            _ => merged.push(EntrySource::Local(i)),
        }
    }
    merged
}

/// The first position from which the merged tail differs from the local
/// tail as it stands (its length when they agree).
pub(crate) fn first_change(merged: &[EntrySource], local: &[EntryId], remote: &[EntryId]) -> usize {
    merged
        .iter()
        .enumerate()
        .position(|(i, source)| {
            let id = match source {
                EntrySource::Remote(r) => &remote[*r],
                EntrySource::Local(l) => &local[*l],
            };
            local.get(i) != Some(id)
        })
        .unwrap_or(merged.len())
}

/// An artifact's lifecycle: its status and its summaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ArtifactLifecycle {
    pub(crate) status: Status,
    pub(crate) derivations: Vec<DerivationDoc>,
}

impl ArtifactLifecycle {
    pub(crate) fn stowed() -> ArtifactLifecycle {
        ArtifactLifecycle {
            status: Status::Stowed,
            derivations: Vec::new(),
        }
    }

    /// The file that records it, if it needs one.
    pub(crate) fn record(&self) -> Option<LifecycleDoc> {
        (self.status != Status::Stowed || !self.derivations.is_empty())
            .then(|| LifecycleDoc::new(self.status, self.derivations.iter().cloned()))
    }
}

/// Three-way merge of an artifact's lifecycle against the last synced
/// state: a side that did not change it takes the other side's change; when
/// both changed it differently, the state that keeps more of the story
/// wins (`reduced`, then `jettisoned`, then `stowed`: a payload given up on
/// one machine is given up everywhere). Summaries are never lost: both
/// sides' derivations are kept.
pub(crate) fn artifact(
    base: Option<&ArtifactLifecycle>,
    local: Option<&ArtifactLifecycle>,
    remote: &ArtifactLifecycle,
) -> ArtifactLifecycle {
    let Some(local) = local else {
        return remote.clone();
    };
    let base = base.map(|b| b.status);
    let status = if local.status == remote.status || base == Some(remote.status) {
        local.status
    } else if base == Some(local.status) {
        remote.status
    } else {
        later(local.status, remote.status)
    };
    let merged = LifecycleDoc::new(
        status,
        local.derivations.iter().chain(&remote.derivations).cloned(),
    );
    ArtifactLifecycle {
        status,
        derivations: merged.derivations,
    }
}

/// Three-way merge of the voyage's status: an end made on either side
/// stands; when both sides ended it, the earlier end stands and its status
/// says when and how the other ended it.
pub(crate) fn end(
    base: Option<&VoyageStatus>,
    local: &VoyageStatus,
    remote: &VoyageStatus,
) -> VoyageStatus {
    if local == remote || base == Some(remote) {
        return local.clone();
    }
    if base == Some(local) {
        return remote.clone();
    }
    match (local, remote) {
        (VoyageStatus::Active, ended) | (ended, VoyageStatus::Active) => ended.clone(),
        (a, b) => both_ended(a, b),
    }
}

fn both_ended(a: &VoyageStatus, b: &VoyageStatus) -> VoyageStatus {
    let key = |s: &VoyageStatus| match s {
        VoyageStatus::Ended {
            ended_at,
            ended_status,
        } => (ended_at.clone(), ended_status.clone().unwrap_or_default()),
        VoyageStatus::Active => (String::new(), String::new()),
    };
    let (first, second) = if key(a) <= key(b) { (a, b) } else { (b, a) };
    let (at, status) = key(first);
    let (later_at, later_status) = key(second);
    if later_at == at && later_status.starts_with(&status) {
        // One side already tells the merged story of the other's end.
        return second.clone();
    }
    // Said as every human line says a time; the ends' own times stay RFC 3339.
    let note = |at: &str| match later_status.is_empty() {
        true => format!("also ended at {at}"),
        false => format!("also ended at {at}: {later_status}"),
    };
    let (note, written_before) = (note(&when(&later_at)), note(&later_at));
    // Applied again (a retried pull), the note is already there, perhaps as
    // an older helm wrote it, with the RFC 3339 time.
    let told = if status.contains(&note)
        || status.contains(&written_before)
        || later_at == at && later_status == status
    {
        status
    } else if status.is_empty() {
        note
    } else {
        format!("{status} ({note})")
    };
    VoyageStatus::Ended {
        ended_at: at,
        ended_status: Some(told),
    }
}

/// Of two states both sides reached on their own, the one that keeps the
/// most of the payload's meaning: a summary (reduced) over nothing
/// (jettisoned) over the payload the other side dropped (stowed).
fn later(a: Status, b: Status) -> Status {
    let rank = |status: Status| match status {
        Status::Stowed => 0,
        Status::Jettisoned => 1,
        Status::Reduced => 2,
    };
    if rank(b) > rank(a) { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u8) -> EntryId {
        [n; 32]
    }

    #[test]
    fn remote_entries_come_first_and_local_ones_follow_once() {
        let remote = [id(1), id(2), id(3)];
        let local = [id(9), id(2), id(8)];
        let merged = tail(&local, &remote);
        assert_eq!(
            merged,
            [
                EntrySource::Remote(0),
                EntrySource::Remote(1),
                EntrySource::Remote(2),
                EntrySource::Local(0),
                EntrySource::Local(2)
            ]
        );
        assert_eq!(first_change(&merged, &local, &remote), 0);
        // Already merged: nothing moves.
        let local = [id(1), id(2), id(3), id(9)];
        let merged = tail(&local, &remote);
        assert_eq!(first_change(&merged, &local, &remote), 4);
        // Two identical local entries, one on the remote: one stays local.
        let merged = tail(&[id(5), id(5)], &[id(5)]);
        assert_eq!(merged, [EntrySource::Remote(0), EntrySource::Local(1)]);
    }

    fn state(status: Status) -> ArtifactLifecycle {
        ArtifactLifecycle {
            status,
            derivations: Vec::new(),
        }
    }

    #[test]
    fn a_lifecycle_change_on_one_side_wins_and_a_conflict_keeps_the_most_story() {
        let stowed = state(Status::Stowed);
        let jettisoned = state(Status::Jettisoned);
        let reduced = state(Status::Reduced);
        // Changed here only, or there only.
        assert_eq!(
            artifact(Some(&stowed), Some(&jettisoned), &stowed),
            jettisoned
        );
        assert_eq!(
            artifact(Some(&stowed), Some(&stowed), &jettisoned),
            jettisoned
        );
        // Re-stowed here after a jettison both sides had seen.
        assert_eq!(
            artifact(Some(&jettisoned), Some(&stowed), &jettisoned),
            stowed
        );
        // Both changed: the same either way round.
        assert_eq!(
            artifact(Some(&stowed), Some(&reduced), &jettisoned),
            reduced
        );
        assert_eq!(
            artifact(Some(&stowed), Some(&jettisoned), &reduced),
            reduced
        );
        assert_eq!(artifact(None, Some(&stowed), &jettisoned), jettisoned);
        assert_eq!(artifact(None, None, &reduced), reduced);
    }

    fn ended(at: &str, status: &str) -> VoyageStatus {
        VoyageStatus::Ended {
            ended_at: at.to_string(),
            ended_status: (!status.is_empty()).then(|| status.to_string()),
        }
    }

    #[test]
    fn the_earlier_end_stands_and_tells_of_the_later_one() {
        let active = VoyageStatus::Active;
        let a = ended("2026-01-01T10:00:00.000000Z", "merged");
        let b = ended("2026-01-01T11:00:00.000000Z", "abandoned");
        assert_eq!(end(Some(&active), &a, &active), a);
        assert_eq!(end(Some(&active), &active, &b), b);
        let both = end(Some(&active), &a, &b);
        assert_eq!(
            both,
            ended(
                "2026-01-01T10:00:00.000000Z",
                "merged (also ended at 2026-01-01 11:00:00 UTC: abandoned)"
            )
        );
        assert_eq!(end(Some(&active), &b, &a), both);
        // Told again after a crash: no second note.
        assert_eq!(end(Some(&active), &both, &b), both);
        assert_eq!(end(Some(&a), &a, &both), both);
        assert_eq!(end(Some(&active), &a, &both), both);
        assert_eq!(end(None, &both, &a), both);
        // An older helm's note, its time in RFC 3339, is not told twice.
        let older = ended(
            "2026-01-01T10:00:00.000000Z",
            "merged (also ended at 2026-01-01T11:00:00.000000Z: abandoned)",
        );
        assert_eq!(end(Some(&active), &older, &b), older);
        let quiet = end(None, &ended("2026-01-01T09:00:00.000000Z", ""), &b);
        assert_eq!(
            quiet,
            ended(
                "2026-01-01T09:00:00.000000Z",
                "also ended at 2026-01-01 11:00:00 UTC: abandoned"
            )
        );
    }
}
