//! What an entry said and asked, for the story: a steer's title, body and
//! the particulars of its request (labels, reviewers, head and base, the
//! close reason, the merge strategy and pinned sha), from its action JSON,
//! in helm's shape or the original helm's. Each action's file words its
//! own lines (`actions::details`); this adds how the result was learnt.

use crate::model::entry::{EntryAction, SteerRecord};
use crate::storage::logbook::Entry;

/// What an entry said, ready to print.
#[derive(Debug, Default)]
pub(crate) struct Said {
    /// One line each: `title: …`, `labels: bug, ui`, `head fix-42 → main`.
    pub(crate) details: Vec<String>,
    /// The text that was posted, whole.
    pub(crate) body: Option<String>,
}

pub(crate) fn of(entry: &Entry) -> Said {
    match entry.parsed_action() {
        Some(EntryAction::Steer(record)) => steer(record),
        Some(EntryAction::Proposal(record)) => super::proposed::proposal(record),
        Some(EntryAction::Rejection { rejects, .. }) => super::proposed::rejection(*rejects),
        _ => Said::default(),
    }
}

fn steer(record: &SteerRecord) -> Said {
    let mut details = Vec::new();
    crate::actions::details(record, &mut details);
    if let Some(how) = &record.settled {
        details.push(format!("recorded from {}", how.replace('-', " ")));
    }
    details.extend(super::proposed::approval(record));
    Said {
        details,
        body: crate::actions::body(record).filter(|b| !b.trim().is_empty()),
    }
}
