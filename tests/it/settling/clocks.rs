//! GitHub's clock hours away from this machine's: the attempt's start is
//! placed on GitHub's clock (its `Date` header), never compared with the
//! local clock, so a lost comment is still found and an older one is still
//! not taken for it.

use super::*;

const HOURS: i64 = 3600;

#[test]
fn with_githubs_clock_hours_behind_a_lost_comment_is_found_not_posted_again() {
    let (gh, env, voyage) = sea(-5 * HOURS);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    let comment = ["comment", "--issue", &number, "--body", "plan"];
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    interrupted_steer(&env, Some("r-1"), &comment);

    let entry = steer(&env, Some("r-1"), &comment).json();
    assert_eq!(entry["action"]["settled"], "found-on-github");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "never a second comment");
    consistent(&env, &voyage);
}

#[test]
fn with_githubs_clock_hours_ahead_an_older_identical_comment_is_not_taken() {
    let (gh, env, voyage) = sea(3 * HOURS);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    // The same account said the same an hour before (on GitHub's clock,
    // still two hours after this machine's now).
    let old = gh.add_issue_comment(REPO, issue, "helm-bot", "plan");
    gh.backdate_comment(REPO, old, HOURS);
    let comment = ["comment", "--issue", &number, "--body", "plan"];
    lost_before_acting(&gh, "POST", "/comments");
    interrupted_steer(&env, Some("r-1"), &comment);

    let entry = steer(&env, Some("r-1"), &comment).json();
    assert!(entry["action"]["settled"].is_null(), "posted: {entry}");
    let comments = gh.comments(REPO, issue);
    assert_eq!(comments.len(), 2);
    assert_eq!(entry["action"]["commentId"], comments[1].id);
    consistent(&env, &voyage);
}

#[test]
fn with_githubs_clock_hours_behind_settle_finds_a_lost_issue() {
    let (gh, env, voyage) = sea(-7 * HOURS);
    gh.inject(Fault::bad_gateway_after_acting("POST", "/issues"));
    let attempt = interrupted_steer(&env, None, &["create-issue", "--title", "Crash"]);

    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded", "{settled}");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-github");
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
}

#[test]
fn with_githubs_clock_hours_ahead_settle_finds_a_lost_pull_request() {
    let (gh, env, voyage) = sea(9 * HOURS);
    gh.inject(Fault::drop_after_acting("POST", "/pulls"));
    let attempt = interrupted_steer(
        &env,
        None,
        &[
            "create-pr",
            "--title",
            "Add",
            "--head",
            "feature",
            "--base",
            "main",
        ],
    );
    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded", "{settled}");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-github");
    assert_eq!(logbook(&env, &voyage), 1);
}
