//! What a proposal, a rejection and an approved steer say in the story
//! (issue 42): the request kept for approval and its digest, when it
//! expires, which proposal a rejection turns down, and who proposed and
//! who approved a steer that performed one.

use super::asked::Said;
use crate::model::entry::SteerRecord;
use crate::model::proposal::ProposalRecord;

/// A proposal's lines: the request it would send, its digest and expiry.
pub(crate) fn proposal(record: &ProposalRecord) -> Said {
    let mut details = vec![format!(
        "proposed request: {} {}",
        record.request.method, record.request.path
    )];
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
