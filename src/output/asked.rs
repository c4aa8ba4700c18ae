//! What an entry said and asked, for the story: a steer's title, body and
//! the particulars of its request (labels, reviewers, head and base, the
//! close reason, the merge strategy and pinned sha), from its action JSON,
//! in helm's shape or the original helm's.

use crate::model::entry::{EntryAction, SteerRecord};
use crate::storage::logbook::Entry;

/// What an entry said, ready to print.
#[derive(Debug, Default)]
pub struct Said {
    /// One line each: `title: …`, `labels: bug, ui`, `head fix-42 → main`.
    pub details: Vec<String>,
    /// The text that was posted, whole.
    pub body: Option<String>,
}

pub fn of(entry: &Entry) -> Said {
    match entry.parsed_action() {
        Some(EntryAction::Steer(record)) => steer(record),
        _ => Said::default(),
    }
}

fn steer(record: &SteerRecord) -> Said {
    let mut details = Vec::new();
    if let Some(title) = &record.title {
        details.push(format!("title: {title}"));
    }
    if let (Some(head), Some(base)) = (&record.head, &record.base) {
        let draft = if record.draft == Some(true) {
            " · draft"
        } else {
            ""
        };
        details.push(format!("head {head} → base {base}{draft}"));
    }
    let applied = record.applied.clone().unwrap_or_default();
    let list = |what: &str, asked: &[String], applied: &Option<Vec<String>>| -> Option<String> {
        if asked.is_empty() {
            return None;
        }
        let mut line = format!("{what}: {}", asked.join(", "));
        if let Some(applied) = applied
            && applied.len() < asked.len()
        {
            line.push_str(&format!(" (GitHub applied: {})", none_or(applied)));
        }
        Some(line)
    };
    details.extend(list("labels", &record.labels, &applied.labels));
    details.extend(list("assignees", &record.assignees, &applied.assignees));
    // Only a review request asks for reviewers and teams.
    details.extend(list("reviewers", &record.reviewers, &applied.reviewers));
    details.extend(list("teams", &record.teams, &applied.teams));
    if let Some(reason) = &record.close_reason {
        details.push(format!("reason: {reason}"));
    }
    if let Some(to) = record.in_reply_to {
        details.push(format!("in reply to review comment {to}"));
    }
    crate::actions::details(record, &mut details);
    if let Some(how) = &record.settled {
        details.push(format!("recorded from {}", how.replace('-', " ")));
    }
    Said {
        details,
        body: record.body.clone().filter(|b| !b.trim().is_empty()),
    }
}

fn none_or(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}
