//! What an entry said and asked, for the story: a steer's title, body and
//! the particulars of its request (labels, reviewers, head and base, the
//! close reason, the merge strategy and pinned sha), from its action JSON,
//! in helm's shape or the original helm's. Each action's file words its
//! own lines (`actions::details`); this adds how the result was learnt, and
//! what a proposal, a rejection and an approved steer say (issue 42).

use crate::model::entry::{EntryAction, SteerRecord};
use crate::model::proposal::ProposalRecord;
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
        Some(EntryAction::Proposal(record)) => proposal(record),
        Some(EntryAction::Rejection { rejects, .. }) => rejection(*rejects),
        _ => Said::default(),
    }
}

fn steer(record: &SteerRecord) -> Said {
    let mut details = Vec::new();
    details.extend(elsewhere(record).map(|place| format!("on {place}")));
    helm_core::steer_details(record, &mut details);
    if let Some(how) = &record.settled {
        details.push(format!("recorded from {}", how.replace('-', " ")));
    }
    details.extend(approval(record));
    Said {
        details,
        body: helm_core::steer_body(record).filter(|b| !b.trim().is_empty()),
    }
}

/// Where a steer on another forge than GitHub acted: `GitLab at
/// gitlab.example.com`. GitHub's entries name no forge: `None`.
pub(crate) fn elsewhere(record: &SteerRecord) -> Option<String> {
    let named = record.forge.as_deref()?;
    let forge = helm_forge::ForgeName::parse(named).map_or(named.to_string(), |f| f.to_string());
    Some(match &record.host {
        Some(host) => format!("{forge} at {host}"),
        None => forge,
    })
}

/// A proposal's lines: the request it would send, its digest and expiry.
pub(crate) fn proposal(record: &ProposalRecord) -> Said {
    let mut details = vec![format!(
        "proposed request: {} {}",
        record.request.method, record.request.path
    )];
    // Where it would act, first, as a steer's entry there says it.
    if let Some(place) = super::proposals::place(record) {
        details.insert(0, format!("on {place}"));
    }
    if let Some(sha) = &record.pins.head_sha {
        details.push(format!("pinned to {sha}"));
    }
    details.push(format!("digest {}", record.digest));
    details.push(format!("expires {}", super::when(&record.expires_at)));
    let body = record
        .request
        .body
        .as_ref()
        .and_then(|b| b.get("body"))
        .and_then(serde_json::Value::as_str)
        .filter(|b| !b.trim().is_empty())
        .map(str::to_string);
    Said { details, body }
}

/// A rejection's line.
pub(crate) fn rejection(rejects: i64) -> Said {
    Said {
        details: vec![format!("rejects proposal {rejects}; nothing was sent")],
        body: None,
    }
}

/// The line a steer that performed a proposal adds.
pub(crate) fn approval(record: &SteerRecord) -> Option<String> {
    let approval = record.approval.as_ref()?;
    let own = if approval.allowed_self {
        " (their own, --allow-self)"
    } else {
        ""
    };
    Some(format!(
        "performs proposal {} by {}, approved by {}{own}",
        approval.proposal, approval.proposer, approval.approver
    ))
}
