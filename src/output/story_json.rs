//! An entry as `voyage show --json` (and MCP's `voyage_show`) tells it: what the human
//! story shows of it, carried as data. Beside the entry every view shares, each
//! observation of its bearing has the digest line the story prints and what changed on
//! its target since the bearing before, and a pushed entry names who signed the commit
//! that carries it, so a program reading the JSON knows all a person reading the story
//! knows (issue 43 item 11). The whole document (`StoryView`) is here too, so
//! this file takes the shared entry views from `documents` and gives nothing back.

use schemars::JsonSchema;
use serde::Serialize;

use super::documents::{EntryHead, ObservationView};
use crate::model::Voyage;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;
use helm_core::PendingRecord as Record;
use helm_core::Story;

/// `voyage show --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct StoryView<'a> {
    pub(crate) voyage: &'a Voyage,
    pub(crate) entries: Vec<StoryEntryView<'a>>,
    pub(crate) slate: Vec<ObservationView<'a>>,
    pub(crate) interrupted: &'a [Record],
}

/// One entry of the story.
#[derive(Serialize, JsonSchema)]
pub(crate) struct StoryEntryView<'a> {
    #[serde(flatten)]
    head: EntryHead<'a>,
    bearing: Vec<SeenView<'a>>,
    /// Who signed the pushed commit that carries the entry, as git judged it;
    /// absent for an entry not pushed, or when git cannot tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pushed: Option<PushedView<'a>>,
}

/// One observation of a bearing, with what the story says of it.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
struct SeenView<'a> {
    #[serde(flatten)]
    observation: ObservationView<'a>,
    /// The story's one line on what the payload holds, e.g. `"Widget crashes"
    /// · open · 2 comments`; absent when the payload cannot be read for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    digest: Option<&'a str>,
    /// What changed on its target since the bearing before, when anything did.
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<ChangedView<'a>>,
}

#[derive(Serialize, JsonSchema)]
struct ChangedView<'a> {
    /// The entry whose bearing saw the target before.
    since: i64,
    /// Each change in words, e.g. `1 new comment by bob`.
    words: &'a [String],
}

/// git's verdict on the commit that carries a pushed entry.
#[derive(Serialize, JsonSchema)]
struct PushedView<'a> {
    /// The commit on the remote.
    commit: &'a str,
    /// Whether git found a good signature by an allowed signer.
    good: bool,
    /// git's verdict in words: `signed`, `unsigned`, `signed by a revoked key`…
    verdict: &'static str,
    /// Who signed: the allowed signer's principal or the OpenPGP user id.
    #[serde(skip_serializing_if = "str::is_empty")]
    signer: &'a str,
    /// The signing key.
    #[serde(skip_serializing_if = "str::is_empty")]
    key: &'a str,
}

impl<'a> StoryEntryView<'a> {
    pub(crate) fn of(story: &'a Story, entry: &'a Entry) -> StoryEntryView<'a> {
        let pushed = u64::try_from(entry.id)
            .ok()
            .and_then(|n| story.signers.get(&n))
            .map(|signature| PushedView {
                commit: &signature.commit,
                good: signature.good(),
                verdict: signature.verdict_words(),
                signer: &signature.signer,
                key: &signature.key,
            });
        StoryEntryView {
            head: EntryHead::of(entry),
            bearing: entry
                .bearing
                .iter()
                .map(|observation| SeenView::of(story, entry, observation))
                .collect(),
            pushed,
        }
    }
}

impl<'a> SeenView<'a> {
    fn of(story: &'a Story, entry: &Entry, observation: &'a Observation) -> SeenView<'a> {
        let changed = story
            .changes
            .get(&(entry.id, observation.target.clone()))
            .map(|changed| ChangedView {
                since: changed.since,
                words: &changed.words,
            });
        SeenView {
            observation: ObservationView::of(observation),
            digest: story.digests.get(&observation.artifact).map(String::as_str),
            changed,
        }
    }
}
