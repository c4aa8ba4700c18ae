//! The check sees every page of a listing, as a re-observation does (issue
//! 20): a comment that starts a new page, and an edit on an earlier page.

use super::*;

/// An issue with `n` comments by erin.
fn issue_with_comments(gh: &FakeGitHub, n: usize) -> u64 {
    let issue = gh.add_issue(REPO, "Long thread", "Much to say.");
    for i in 0..n {
        gh.add_issue_comment(REPO, issue, "erin", &format!("Note {i}."));
    }
    issue
}

#[test]
fn a_comment_that_starts_a_new_page_is_seen() {
    for comments in [100, 200] {
        let (env, gh, voyage) = setup();
        let issue = issue_with_comments(&gh, comments);
        let number = issue.to_string();
        observe(&env, &["github-issue", &number, "--focus", "comments"]).ok();
        gh.add_issue_comment(REPO, issue, "bob", "Wait.");
        let run = steer(&env, &["comment", "--issue", &number, "--body", "Plan."]);
        assert_refused(&env, &gh, &voyage, &run, "1 new comment by bob");
    }
}

#[test]
fn reobserving_lists_the_comment_that_starts_a_new_page() {
    let (env, gh, _) = setup();
    let issue = issue_with_comments(&gh, 100);
    let number = issue.to_string();
    observe(&env, &["github-issue", &number]).ok();
    gh.add_issue_comment(REPO, issue, "bob", "One more.");
    let payload = observe(&env, &["github-issue", &number]).json()["payload"].clone();
    assert_eq!(payload["summary"]["comments"], 101);
    assert_eq!(payload["comments"].as_array().map(Vec::len), Some(101));
    assert_eq!(payload["comments"][100]["author"], "bob");
}

#[test]
fn an_edit_on_an_earlier_page_is_seen() {
    let (env, gh, voyage) = setup();
    let issue = issue_with_comments(&gh, 150);
    let number = issue.to_string();
    observe(&env, &["github-issue", &number, "--focus", "comments"]).ok();
    let early = gh.comments(REPO, issue)[3].id;
    gh.edit_issue_comment(REPO, early, "Actually, no.");
    let run = steer(&env, &["comment", "--issue", &number, "--body", "Plan."]);
    assert_refused(&env, &gh, &voyage, &run, "1 comment(s) edited");
}

#[test]
fn an_unchanged_listing_costs_one_304_per_page() {
    let (env, gh, _) = setup();
    let issue = issue_with_comments(&gh, 150);
    let number = issue.to_string();
    observe(&env, &["github-issue", &number]).ok();
    let seen = gh.requests().len();
    let run = steer(&env, &["comment", "--issue", &number, "--body", "Plan."]);
    assert_eq!(freshness(&run)["verdict"], "fresh");
    let asked: Vec<String> = gh.requests()[seen..]
        .iter()
        .filter(|r| r.method == "GET")
        .map(|r| {
            assert_eq!(r.status, 304, "{r:?}");
            r.path_and_query.clone()
        })
        .collect();
    // The issue and both pages of its comments, each once.
    assert_eq!(asked.len(), 3, "{asked:#?}");
    assert!(asked.iter().any(|p| p.contains("page=2")), "{asked:#?}");
    assert!(
        asked
            .iter()
            .any(|p| p.contains("/comments") && !p.contains("page=2")),
        "{asked:#?}"
    );
}
