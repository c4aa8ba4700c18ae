//! Where each reviewer stands, as a pull request's `reviews` part shows it:
//! the latest review of each reviewer that decides something, as GitHub
//! counts it (a later `COMMENTED` leaves `CHANGES_REQUESTED` standing;
//! `APPROVED` or `DISMISSED` replaces it), and the commit it was given on,
//! so a decision on an older head reads as one. GitHub files every inline
//! reply in a review of its own (`COMMENTED`, no body, holding only that
//! reply): those containers are nobody's decision and are told apart here.

use serde_json::Value;

/// One reviewer's standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Standing {
    pub(crate) reviewer: String,
    /// `approved`, `changes requested`, `dismissed` or `commented`.
    pub(crate) decision: String,
    /// The commit the deciding review was given on.
    pub(crate) commit: Option<String>,
}

impl Standing {
    /// `carol changes requested (on f882a01)`: the commit only when it is
    /// not `head`.
    pub(crate) fn said(&self, head: Option<&str>) -> String {
        let mut said = format!("{} {}", self.reviewer, self.decision);
        if let (Some(commit), Some(head)) = (self.commit.as_deref(), head)
            && commit != head
        {
            said.push_str(&format!(" (on {})", short(commit)));
        }
        said
    }
}

fn short(sha: &str) -> &str {
    sha.get(..7).unwrap_or(sha)
}

/// Each reviewer's standing, in the order they first reviewed.
pub(crate) fn of(reviews: &Value) -> Vec<Standing> {
    let mut decisions: Vec<Standing> = Vec::new();
    for review in reviews["reviews"].as_array().into_iter().flatten() {
        if is_container(reviews, review) {
            continue;
        }
        let state = review["state"].as_str().unwrap_or_default();
        let reviewer = review["author"]
            .as_str()
            .unwrap_or("a deleted account")
            .to_string();
        let decision = Standing {
            reviewer: reviewer.clone(),
            decision: state.to_lowercase().replace('_', " "),
            commit: review["commitId"].as_str().map(str::to_string),
        };
        let decides = matches!(state, "APPROVED" | "CHANGES_REQUESTED" | "DISMISSED");
        match decisions.iter_mut().find(|d| d.reviewer == reviewer) {
            // A comment after a decision leaves the decision standing.
            Some(held) if decides || held.decision == "commented" => *held = decision,
            Some(_) => {}
            None => decisions.push(decision),
        }
    }
    decisions
}

/// Whether `review` is GitHub's automatic container for inline replies: a
/// `COMMENTED` review without a body whose comments are all replies.
pub(crate) fn is_container(reviews: &Value, review: &Value) -> bool {
    if review["state"].as_str() != Some("COMMENTED")
        || review["body"]
            .as_str()
            .is_some_and(|b| !b.trim().is_empty())
    {
        return false;
    }
    let mut held = reviews["threads"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|t| t["comments"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["pullRequestReviewId"] == review["id"])
        .peekable();
    held.peek().is_some() && held.all(|c| c["inReplyToId"].is_u64())
}

/// The review threads not resolved, when the part knows their state.
pub(crate) fn open_threads(reviews: &Value) -> usize {
    reviews["threads"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["isResolved"].as_bool() == Some(false))
        .count()
}

/// `reviews: carol changes requested (on f882a01), dave approved`, or
/// `reviews: none`.
pub(crate) fn line(reviews: &Value, head: Option<&str>) -> String {
    let decisions = of(reviews);
    let mut line = if decisions.is_empty() {
        "reviews: none".to_string()
    } else {
        let said: Vec<String> = decisions.iter().map(|d| d.said(head)).collect();
        format!("reviews: {}", said.join(", "))
    };
    let open = open_threads(reviews);
    if open > 0 {
        let threads = crate::words::plural(open, "thread", "threads");
        line.push_str(&format!(" · {open} open {threads}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const HEAD: &str = "6dcb09b5b57875f334f61aebed695e2e4193db5e";

    #[test]
    fn the_latest_decision_of_each_reviewer_counts() {
        let reviews = json!({"reviews": [
            {"id": 1, "author": "carol", "state": "CHANGES_REQUESTED", "commitId": "f882a01aaaa"},
            {"id": 2, "author": "dave", "state": "COMMENTED", "body": "looks fine", "commitId": HEAD},
            {"id": 3, "author": "carol", "state": "COMMENTED", "body": "still", "commitId": HEAD},
            {"id": 4, "author": "dave", "state": "APPROVED", "commitId": HEAD}
        ], "threads": []});
        assert_eq!(
            line(&reviews, Some(HEAD)),
            "reviews: carol changes requested (on f882a01), dave approved"
        );
        let dismissed = json!({"reviews": [
            {"id": 1, "author": "carol", "state": "CHANGES_REQUESTED", "commitId": HEAD},
            {"id": 2, "author": "carol", "state": "DISMISSED", "commitId": HEAD}
        ]});
        assert_eq!(line(&dismissed, Some(HEAD)), "reviews: carol dismissed");
        assert_eq!(line(&json!({"reviews": []}), None), "reviews: none");
    }

    #[test]
    fn containers_of_inline_replies_are_no_decision() {
        let reviews = json!({"reviews": [
            {"id": 1, "author": "carol", "state": "COMMENTED", "body": "see inline", "commitId": HEAD},
            {"id": 9, "author": "helm-bot", "state": "COMMENTED", "body": "", "commitId": HEAD}
        ], "threads": [{"id": 5, "isResolved": false, "comments": [
            {"id": 5, "pullRequestReviewId": 1, "author": "carol"},
            {"id": 6, "inReplyToId": 5, "pullRequestReviewId": 9, "author": "helm-bot"}
        ]}, {"id": 7, "isResolved": true, "comments": []}]});
        assert!(is_container(&reviews, &reviews["reviews"][1]));
        assert!(!is_container(&reviews, &reviews["reviews"][0]));
        assert_eq!(
            line(&reviews, Some(HEAD)),
            "reviews: carol commented · 1 open thread"
        );
    }
}
