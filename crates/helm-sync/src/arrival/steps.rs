//! Every commit a pull takes is checked as it would be if it were the tip:
//! a home that pulled when the remote stood at that commit would have read
//! its `voyage.json`, so a chain whose middle commit a pull there would
//! refuse is refused here too. Each commit's `voyage.json` must be the
//! layout's, name this voyage, count the entries the chain holds up to it,
//! keep the intent and creation time, and never make an ended voyage
//! active again (an ended voyage is never reopened).

use uuid::Uuid;

use super::files::voyage_file;
use super::{bad_remote, limits};
use crate::error::Result;
use crate::sync::Sync;
use crate::sync::batch::{self, Batch};
use crate::sync::layout::VoyageDoc;
use crate::sync::shadow::tree::Base;

/// One commit of the chain, as its tree was read.
pub(crate) struct Step {
    /// The commit's id, shortened for messages.
    pub(crate) commit: String,
    /// Its `voyage.json`'s blob.
    pub(crate) voyage: String,
    /// The entries the chain holds up to and with this commit.
    pub(crate) entries: u64,
}

/// Checks each commit's `voyage.json` against the one before it (the last
/// sync's, for the first); the tip's, checked.
pub(crate) fn check(
    sync: &Sync<'_>,
    batch: &mut Batch,
    id: &Uuid,
    base: Option<&Base>,
    steps: &[Step],
) -> Result<VoyageDoc> {
    let bad = |what: String| bad_remote(id, what);
    let mut previous = base.map(|b| b.doc.clone());
    let mut next = steps.iter();
    batch::bounded(
        &sync.repo,
        batch,
        steps.iter().map(|step| step.voyage.clone()).collect(),
        limits::FILE,
        limits::BUDGET,
        |err| bad(format!("its voyage.json: {}", err.message())),
        |files| {
            for file in files {
                let Some(step) = next.next() else {
                    return Err(bad("its history cannot be read".into()));
                };
                let short = &step.commit;
                let (info, bytes) =
                    file.ok_or_else(|| bad(format!("commit {short} has no voyage.json")))?;
                let doc = voyage_file(&info, &bytes, id)
                    .and_then(|doc| follows(previous.as_ref(), &doc, step.entries).map(|()| doc))
                    .map_err(|why| bad(format!("commit {short}: {why}")))?;
                previous = Some(doc);
            }
            Ok(())
        },
    )?;
    match (steps.is_empty(), previous) {
        (false, Some(doc)) => Ok(doc),
        _ => Err(bad("it holds no commit".into())),
    }
}

/// What a commit's `voyage.json` must keep of the one before it.
fn follows(
    previous: Option<&VoyageDoc>,
    doc: &VoyageDoc,
    entries: u64,
) -> std::result::Result<(), String> {
    if doc.entries != entries {
        return Err(format!(
            "its voyage.json counts {} {}, its commits {entries}",
            doc.entries,
            crate::model::words::plural(doc.entries, "entry", "entries")
        ));
    }
    let Some(previous) = previous else {
        return Ok(());
    };
    if (&previous.intent, &previous.created_at) != (&doc.intent, &doc.created_at) {
        return Err(
            "its intent or creation time differs from what was synced before or an earlier commit"
                .into(),
        );
    }
    if previous.ended_at.is_some() && doc.ended_at.is_none() {
        return Err(
            "it makes the voyage active again after an earlier commit ended it; an ended voyage is never reopened"
                .into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(entries: u64, intent: &str, ended: bool) -> VoyageDoc {
        VoyageDoc {
            layout: 1,
            id: "0".repeat(8),
            intent: intent.to_string(),
            created_at: "2026-01-01T00:00:00.000000Z".to_string(),
            status: if ended { "ended" } else { "active" }.to_string(),
            ended_at: ended.then(|| "2026-01-02T00:00:00.000000Z".to_string()),
            ended_status: None,
            entries,
        }
    }

    #[test]
    fn a_commit_keeps_the_count_the_intent_and_the_end() {
        assert!(follows(None, &doc(1, "a", false), 1).is_ok());
        assert!(follows(None, &doc(2, "a", false), 1).is_err());
        let before = doc(1, "a", false);
        assert!(follows(Some(&before), &doc(2, "a", false), 2).is_ok());
        assert!(follows(Some(&before), &doc(2, "b", false), 2).is_err());
        assert!(follows(Some(&before), &doc(1, "a", true), 1).is_ok());
        // Entries after the end (merged from another machine) are kept.
        let ended = doc(1, "a", true);
        assert!(follows(Some(&ended), &doc(2, "a", true), 2).is_ok());
        assert!(follows(Some(&ended), &doc(1, "a", false), 1).is_err());
    }
}
