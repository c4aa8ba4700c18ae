//! Whether a pull request is ready to merge, as the newest looks at its
//! parts show it (the contract's "A merge you can defend", ADR 0020), with
//! every blocker named: one typed list that the freshness guard refuses a
//! merge on, and that `observe`, the brief and a merge's dry run show the
//! same way. Pure: from payloads already read, never a request of its own.
//! `judge.rs` reads the parts; this file holds the verdict's shape.

mod judge;

use serde::Serialize;
use serde_json::Value;

use crate::error::Words;
use crate::observe::Target;

pub(crate) use judge::{judge, merged};

/// What one look shows of a part of the pull request.
pub(crate) enum PartSeen<'a> {
    /// No look at the part.
    Never,
    /// Its newest look cannot be read (reduced, jettisoned): why, in words
    /// that may name a command (each front end names it).
    Lost(Words),
    /// The part as its newest look saw it.
    Seen(&'a Value),
}

/// The looks a verdict is judged on.
pub(crate) struct Looks<'a> {
    /// The pull request's own answer (draft, conflicts, its head); a merge
    /// does not wait for it.
    pub(crate) summary: PartSeen<'a>,
    pub(crate) checks: PartSeen<'a>,
    pub(crate) reviews: PartSeen<'a>,
    /// The newest `checks` seen on another head than `checks`': what ran
    /// there and is missing now is named.
    pub(crate) earlier_checks: Option<&'a Value>,
}

/// Ready or not, and why not: every blocker, in the order a reader acts on.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// No blocker (what `also` names does not stop a merge).
    pub ready: bool,
    /// What the merge rule refuses on.
    pub blockers: Vec<MergeBlocker>,
    /// What a careful reviewer would also want named: unresolved threads,
    /// reviews still requested.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<MergeBlocker>,
}

/// One thing that keeps a pull request from being ready.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeBlocker {
    pub kind: BlockerKind,
    /// In words: `check lint failed (failure)`, `carol requested changes`.
    pub says: String,
    /// Who or what: the reviewer, the check run, the status context.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where: each unresolved thread's `path:line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<String>,
    /// The words as each front end says them (a lost part names a command).
    #[serde(skip)]
    #[schemars(skip)]
    pub(crate) words: Words,
}

/// What kind of blocker it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BlockerKind {
    /// Its checks or reviews were not looked at.
    NotObserved,
    /// Its newest look at a part cannot be read.
    Unreadable,
    /// A listing was cut, so not everything was judged.
    NotAllRead,
    CheckFailed,
    CheckPending,
    StatusFailing,
    StatusPending,
    /// A check run or status seen on an earlier head is missing now.
    Missing,
    /// The head moved since its checks were looked at.
    HeadMoved,
    ChangesRequested,
    Closed,
    Draft,
    Conflicts,
    UnresolvedThreads,
    ReviewRequested,
    /// What only the forge's own verdict shows (GitLab's
    /// `detailed_merge_status`, Forgejo's `mergeable`), named by its word.
    ForgeSays,
}

/// What one look at a pull request shows of its readiness, from its own
/// parts (as the view's disclosure shows them), and the checks of the look
/// before it where they ran on another head. `None` for any other target,
/// and for a pull request the look shows merged.
pub(crate) fn of_look(
    target: &Target,
    payload: &Value,
    prior: Option<&Value>,
    forge_says: &[helm_forge::Blocker],
) -> Option<Readiness> {
    if !target.of().is_pull() {
        return None;
    }
    if payload.get("summary").is_some_and(merged) {
        return None;
    }
    let part = |name: &str| payload.get(name).map_or(PartSeen::Never, PartSeen::Seen);
    let looks = Looks {
        summary: part("summary"),
        checks: part("checks"),
        reviews: part("reviews"),
        earlier_checks: prior.and_then(|p| p.get("checks")),
    };
    let mut readiness = judge(&looks, None);
    readiness.blockers.extend(forge_says.iter().map(|blocker| {
        MergeBlocker::new(BlockerKind::ForgeSays, blocker.words.clone()).named(&blocker.forge_word)
    }));
    readiness.ready = readiness.blockers.is_empty();
    Some(readiness)
}

impl MergeBlocker {
    pub(crate) fn new(kind: BlockerKind, says: impl Into<String>) -> MergeBlocker {
        let says = says.into();
        MergeBlocker {
            kind,
            words: Words::of(says.clone()),
            says,
            name: None,
            at: Vec::new(),
        }
    }

    pub(crate) fn lost(kind: BlockerKind, words: Words) -> MergeBlocker {
        MergeBlocker {
            kind,
            says: words.to_string(),
            words,
            name: None,
            at: Vec::new(),
        }
    }

    pub(crate) fn named(mut self, name: &str) -> MergeBlocker {
        self.name = Some(name.to_string());
        self
    }
}

impl Readiness {
    /// Every blocker, then what is also named, as one line of words:
    /// `check lint failed (failure); carol requested changes; also: …`.
    pub(crate) fn words(&self) -> Words {
        let mut words = Words::new();
        for (at, blocker) in self.blockers.iter().enumerate() {
            if at > 0 {
                words.push("; ");
            }
            words.push(&blocker.words);
        }
        if !self.also.is_empty() {
            words.push(if self.blockers.is_empty() {
                "also: "
            } else {
                "; also: "
            });
            let also: Vec<&str> = self.also.iter().map(|b| b.says.as_str()).collect();
            words.push(also.join("; "));
        }
        words
    }

    /// `ready` or `not ready: …`, for the screens.
    pub fn line(&self) -> String {
        match (self.ready, self.also.is_empty()) {
            (true, true) => "readiness: ready".to_string(),
            (true, false) => format!("readiness: ready ({})", self.words()),
            (false, _) => format!("readiness: not ready: {}", self.words()),
        }
    }
}
