//! "1 check run", not "1 check runs": the words a look's summary line uses
//! agree with their counts.

use serde_json::json;

use super::ThreadPayload;

#[test]
fn one_of_each_is_said_in_the_singular() {
    let mut payload = ThreadPayload::new("o/r".into(), 1);
    payload.summary = Some(json!({"state": "open", "title": "T", "comments": 1}));
    payload.comments = Some(json!([{"id": 1}]));
    payload.files = Some(json!([{"filename": "a"}]));
    payload.checks = Some(json!({
        "checkRuns": [{"name": "ci", "status": "completed", "conclusion": "success"}],
        "statuses": [],
        "combinedState": "pending"
    }));
    payload.reviews = Some(json!({
        "reviews": [{"id": 7, "author": "bob", "state": "COMMENTED"}],
        "threads": [{"id": 9, "isResolved": false}]
    }));
    assert_eq!(
        payload.words(),
        "open: T, 1 comment, 1 file, checks: 1 passed · statuses: none, reviews: bob commented · 1 open thread"
    );
    payload.files = Some(json!([{"filename": "a"}, {"filename": "b"}]));
    payload.reviews = Some(json!({"reviews": [], "threads": []}));
    assert_eq!(
        payload.words(),
        "open: T, 1 comment, 2 files, checks: 1 passed · statuses: none, reviews: none"
    );
    let comments = |was: u64, now: u64| {
        super::compare::part(
            "summary",
            &json!({"comments": was, "state": "open"}),
            &json!({"comments": now, "state": "open"}),
        )
    };
    let said = format!("{:?}", comments(2, 1));
    assert!(said.contains("1 comment now, 2 when observed"), "{said}");
}
