//! What changed in a pull request's reviews: each reviewer's decision that
//! moved, reviews that came or were dismissed, GitHub's automatic review
//! containers for inline replies said as what they are (not as someone's
//! new review), and the inline comments of every thread.

use serde_json::Value;

use super::{Change, listing};
use crate::observe::conversation::decisions::{self, is_container};

/// The changes of the `reviews` part.
pub(super) fn reviews(old: &Value, new: &Value) -> Vec<Change> {
    let items = |v: &Value| v["reviews"].as_array().cloned().unwrap_or_default();
    let (was, now) = (items(old), items(new));
    let mut said = Vec::new();
    // Who moved: a decision that differs, or a first one.
    let before = decisions::of(old);
    let mut moved = Vec::new();
    for decision in decisions::of(new) {
        match before.iter().find(|d| d.reviewer == decision.reviewer) {
            Some(d) if d.decision == decision.decision => {}
            Some(d) => {
                said.push(Change::said(format!(
                    "{} now {} (was {})",
                    decision.reviewer, decision.decision, d.decision
                )));
                moved.push(decision.reviewer);
            }
            None => {
                said.push(Change::said(format!(
                    "new review by {} ({})",
                    decision.reviewer, decision.decision
                )));
                moved.push(decision.reviewer);
            }
        }
    }
    let mut containers: Vec<(String, usize)> = Vec::new();
    for review in now
        .iter()
        .filter(|r| !was.iter().any(|w| w["id"] == r["id"]))
    {
        let author = review["author"].as_str().unwrap_or("a deleted account");
        if is_container(new, review) {
            match containers.iter_mut().find(|(who, _)| who == author) {
                Some((_, n)) => *n += 1,
                None => containers.push((author.to_string(), 1)),
            }
        } else if !moved.iter().any(|who| who == author) {
            // A review that left its author's decision where it was.
            let state = review["state"]
                .as_str()
                .unwrap_or_default()
                .to_lowercase()
                .replace('_', " ");
            said.push(Change::said(format!("new review by {author} ({state})")));
        }
    }
    for (author, n) in containers {
        let (reply, review) = if n == 1 {
            ("reply", "review")
        } else {
            ("replies", "reviews")
        };
        said.push(Change::said(format!(
            "{n} inline {reply} by {author} (GitHub's automatic {review} for inline replies, no decision)"
        )));
    }
    let comments = |v: &Value| {
        let all: Vec<Value> = v["threads"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|t| t["comments"].as_array().cloned().unwrap_or_default())
            .collect();
        Value::Array(all)
    };
    said.extend(listing(&comments(old), &comments(new), "review comment"));
    // A push outdates the threads on lines it changed.
    let outdated = |v: &Value| {
        v["threads"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["isOutdated"].as_bool() == Some(true))
            .count()
    };
    let (outdated_before, outdated_now) = (outdated(old), outdated(new));
    if outdated_before != outdated_now {
        said.push(Change::said(format!(
            "outdated threads {outdated_before} → {outdated_now}"
        )));
    }
    let (open_before, open_now) = (decisions::open_threads(old), decisions::open_threads(new));
    if open_before != open_now {
        said.push(Change::said(format!(
            "open threads {open_before} → {open_now}"
        )));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn words(changes: Vec<Change>) -> Vec<String> {
        super::super::settle(changes)
    }

    #[test]
    fn decisions_that_moved_are_named() {
        let old = json!({"reviews": [{"id": 1, "author": "carol", "state": "CHANGES_REQUESTED"}], "threads": []});
        let new = json!({"reviews": [
            {"id": 1, "author": "carol", "state": "DISMISSED"},
            {"id": 2, "author": "dave", "state": "APPROVED"},
            {"id": 3, "author": "erin", "state": "COMMENTED", "body": "hm"},
            {"id": 4, "author": "dave", "state": "COMMENTED", "body": "nit"}
        ], "threads": [{"id": 5, "comments": [{"id": 5, "author": "dave", "body": "nit"}]}]});
        assert_eq!(
            words(reviews(&old, &new)),
            [
                "carol now dismissed (was changes requested)",
                "new review by dave (approved)",
                "new review by erin (commented)",
                "1 new review comment by dave: “nit”"
            ]
        );
    }

    #[test]
    fn inline_replies_are_not_new_reviews() {
        let thread = |replies: Vec<Value>| {
            let mut comments =
                vec![json!({"id": 5, "author": "carol", "body": "why?", "pullRequestReviewId": 1})];
            comments.extend(replies);
            json!([{"id": 5, "isResolved": false, "comments": comments}])
        };
        let carol =
            json!({"id": 1, "author": "carol", "state": "CHANGES_REQUESTED", "body": "see"});
        let old = json!({"reviews": [carol], "threads": thread(vec![])});
        let new = json!({"reviews": [carol,
        {"id": 8, "author": "helm-bot", "state": "COMMENTED", "body": ""},
        {"id": 9, "author": "helm-bot", "state": "COMMENTED", "body": ""}],
        "threads": thread(vec![
            json!({"id": 6, "inReplyToId": 5, "pullRequestReviewId": 8, "author": "helm-bot", "body": "because"}),
            json!({"id": 7, "inReplyToId": 5, "pullRequestReviewId": 9, "author": "helm-bot", "body": "and"})
        ])});
        assert_eq!(
            words(reviews(&old, &new)),
            [
                "2 inline replies by helm-bot (GitHub's automatic reviews for inline replies, no decision)",
                "2 new review comments by helm-bot: “because”; “and”"
            ]
        );
        let mut resolved = new.clone();
        resolved["threads"][0]["isResolved"] = json!(true);
        assert_eq!(words(reviews(&new, &resolved)), ["open threads 1 → 0"]);
        let mut outdated = new.clone();
        outdated["threads"][0]["isOutdated"] = json!(true);
        assert_eq!(words(reviews(&new, &outdated)), ["outdated threads 0 → 1"]);
    }
}
