//! How a recorded steer reads, through its action's file: its headline,
//! the story's details, what was said, the comment it wrote, what GitHub
//! dropped. Only the actions know how their records read, so readers
//! outside `actions/` (the story, the brief, the steering protocol) ask
//! here rather than reading the record's part themselves.

use super::Meaning;
use crate::model::{EntryAction, SteerRecord};
use crate::storage::logbook::Entry;

/// The story line after `── Steer 3 ──` for a steer's record, e.g.
/// `create PR #45`.
pub(crate) fn headline(record: &SteerRecord) -> String {
    let issue = record.issue.map(|n| format!("issue #{n}"));
    let pr = record.pr.map(|n| format!("PR #{n}"));
    let subject = pr.or(issue).unwrap_or_else(|| record.repo.clone());
    record.steer.headline(record, &subject)
}

/// The story line after `── Steer 3 ──` or `── Log 2 ──`: `create PR #45`,
/// `waiting`. Only the actions know how their records read, so the line is
/// worded here, not by the model or storage that hold the entry.
pub trait Headline {
    fn headline(&self) -> String;
}

impl Headline for EntryAction {
    fn headline(&self) -> String {
        match self {
            EntryAction::Log { status, .. } => status.clone(),
            EntryAction::Steer(record) => headline(record),
            EntryAction::Proposal(record) => {
                let issue = record.issue.map(|n| format!("issue #{n}"));
                let pr = record.pr.map(|n| format!("PR #{n}"));
                let subject = pr.or(issue).unwrap_or_else(|| record.repo.clone());
                format!("propose {} on {subject}", record.steer.as_str())
            }
            EntryAction::Rejection { rejects, .. } => format!("reject proposal {rejects}"),
        }
    }
}

impl Headline for Entry {
    fn headline(&self) -> String {
        match self.parsed_action() {
            Some(action) => action.headline(),
            None => format!(
                "{} (recorded by a newer helm)",
                self.stored_kind().as_deref().unwrap_or("unknown")
            ),
        }
    }
}

/// The lines of the story's details particular to a steer's action.
pub fn details(record: &SteerRecord, lines: &mut Vec<String>) {
    record.steer.part().details(record, lines);
}

/// The JSON path and value in an entry's action that name what `found`
/// made in the world, if its action makes anything of its own.
pub(crate) fn names(found: &SteerRecord) -> Option<(&'static str, serde_json::Value)> {
    found.steer.names(found)
}

/// What was said: the comment, reply, issue or pull request body.
pub fn body(record: &SteerRecord) -> Option<String> {
    record.steer.part().body(record)
}

/// What the steer posted that search finds: body, title, labels.
pub(crate) fn posted(record: &SteerRecord) -> Vec<String> {
    record.steer.part().posted(record)
}

/// The comment the steer wrote, whose web page the entry's `url` is.
pub(crate) fn comment(record: &SteerRecord) -> Option<u64> {
    record.steer.part().comment(record)
}

/// What the steer made that its web page does not show (a merge commit).
pub(crate) fn made(record: &SteerRecord) -> Option<String> {
    record.steer.part().made(record)
}

/// What the steer asked for but GitHub did not apply, as `label 'x'`;
/// empty when GitHub applied it all or did not say.
pub(crate) fn dropped(record: &SteerRecord) -> Vec<String> {
    record.steer.part().dropped(record)
}

/// Keeps in `record` what the bearing showed not ready, for an action that
/// went ahead on `--override`.
pub(crate) fn overrode(record: &mut SteerRecord, not_ready: Vec<String>) {
    let kind = record.steer;
    kind.part().overrode(record, not_ready);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::ActionKind;

    #[test]
    fn a_steer_entry_reads_as_its_action() {
        let mut record = SteerRecord::new(ActionKind::MergePr, "o/r");
        record.pr = Some(45);
        record.edit_part(|part: &mut crate::actions::merge_pr::Merged| {
            part.merge_sha = Some("0123456789abcdef".into())
        });
        let action = EntryAction::Steer(Box::new(record));
        assert_eq!(action.headline(), "merge PR #45 (0123456)");
    }

    #[test]
    fn the_originals_actions_read_as_helms() {
        use crate::model::original_helm::action;
        use serde_json::json;
        let log = action(&json!({"kind": "log", "data": "waiting on review"})).unwrap();
        assert_eq!(log.headline(), "waiting on review");
        let comment = action(
            &json!({"kind": "steer", "data": {"kind": "comment", "number": 42,
            "body": "Plan.", "target": {"kind": "issue"}}}),
        )
        .unwrap();
        assert_eq!(comment.headline(), "comment on issue #42");
        let reply = action(
            &json!({"kind": "steer", "data": {"kind": "comment", "number": 45,
            "body": "Renamed.", "target": {"kind": "reviewFeedback", "comment_id": 901}}}),
        )
        .unwrap();
        assert_eq!(reply.headline(), "reply inline on PR #45");
    }
}
