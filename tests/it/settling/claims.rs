//! A look claims only the attempt's own effect: made after it began, by
//! the acting account, and named by no other entry. State that was already
//! there before the attempt is not its effect.

use super::*;

fn action(entry: &Value) -> &Value {
    &entry["action"]
}

#[test]
fn an_earlier_identical_comment_is_not_taken_for_a_later_attempts_effect() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    let comment = ["comment", "--issue", &number, "--body", "plan"];
    let first = steer(&env, Some("r-1"), &comment).json();
    // The same words again, as a second request that never reached GitHub.
    lost_before_acting(&gh, "POST", "/comments");
    interrupted_steer(&env, Some("r-2"), &comment);

    let second = steer(&env, Some("r-2"), &comment).json();
    assert!(action(&second)["settled"].is_null(), "acted: {second}");
    let comments = gh.comments(REPO, issue);
    assert_eq!(comments.len(), 2, "the second request is posted once");
    assert_eq!(action(&first)["commentId"], comments[0].id);
    assert_eq!(action(&second)["commentId"], comments[1].id);
    consistent(&env, &voyage);
}

#[test]
fn an_identical_comment_written_before_the_attempt_is_not_its_effect() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    // Written by the same account a minute before, not through helm.
    let old = gh.add_issue_comment(REPO, issue, "helm-bot", "plan");
    gh.backdate_comment(REPO, old, 60);
    lost_before_acting(&gh, "POST", "/comments");
    let attempt = interrupted_steer(
        &env,
        None,
        &["comment", "--issue", &number, "--body", "plan"],
    );
    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "nothing-happened", "{settled}");
    assert_eq!(logbook(&env, &voyage), 0);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
}

#[test]
fn a_create_pr_retry_does_not_take_an_old_closed_pr_for_its_own() {
    let (gh, env, voyage) = sea(0);
    // Long ago the same account opened a PR from this head with this
    // title, and it was closed.
    let old = gh.add_pr(REPO, "Add feature", "feature", "main");
    gh.edit_issue(REPO, old, |pr| {
        pr.user = "helm-bot".into();
        pr.created_at = "2020-01-01T00:00:00Z".into();
        pr.state = "closed".into();
        pr.closed_at = Some("2020-01-02T00:00:00Z".into());
    });
    let create = [
        "create-pr",
        "--title",
        "Add feature",
        "--head",
        "feature",
        "--base",
        "main",
    ];
    lost_before_acting(&gh, "POST", "/pulls");
    interrupted_steer(&env, Some("pr-1"), &create);

    let entry = steer(&env, Some("pr-1"), &create).json();
    assert!(action(&entry)["settled"].is_null(), "created: {entry}");
    let created = action(&entry)["pr"].as_u64().unwrap();
    assert_ne!(created, old, "the old PR is not claimed");
    let pr = gh.issue(REPO, created).expect("the new PR exists");
    assert_eq!(
        (pr.title.as_str(), pr.state.as_str()),
        ("Add feature", "open")
    );
    consistent(&env, &voyage);
}

#[test]
fn a_review_requested_before_the_attempt_is_not_its_effect() {
    let (gh, env, voyage) = sea(0);
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    gh.request_review(REPO, pr, "alice");
    let number = pr.to_string();
    let ask = ["request-review", "--pr", &number, "--reviewer", "alice"];
    lost_before_acting(&gh, "POST", "/requested_reviewers");
    interrupted_steer(&env, Some("rr-1"), &ask);

    let entry = steer(&env, Some("rr-1"), &ask).json();
    assert!(action(&entry)["settled"].is_null(), "asked again: {entry}");
    let asked = gh
        .writes()
        .iter()
        .filter(|w| w.path().ends_with("/requested_reviewers"))
        .count();
    assert_eq!(asked, 2, "the lost request and the retry's");
    consistent(&env, &voyage);
}

#[test]
fn a_review_request_whose_answer_was_lost_is_found_on_the_timeline() {
    let (gh, env, _voyage) = sea(0);
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let ask = ["request-review", "--pr", &number, "--reviewer", "alice"];
    gh.inject(Fault::drop_after_acting("POST", "/requested_reviewers"));
    interrupted_steer(&env, Some("rr-1"), &ask);

    let entry = steer(&env, Some("rr-1"), &ask).json();
    assert_eq!(action(&entry)["settled"], "found-on-github");
    assert_eq!(action(&entry)["applied"]["reviewers"][0], "alice");
    assert_eq!(gh.writes().len(), 1, "not asked twice");
}

#[test]
fn an_issue_closed_before_the_attempt_is_not_its_effect() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    gh.close_issue(REPO, issue);
    let number = issue.to_string();
    let close = ["close-issue", "--issue", &number];
    lost_before_acting(&gh, "PATCH", &format!("/issues/{issue}"));
    let attempt = interrupted_steer(&env, None, &close);

    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "nothing-happened", "{settled}");
    assert_eq!(logbook(&env, &voyage), 0);
}

#[test]
fn a_close_whose_answer_was_lost_is_found_on_the_timeline() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    let close = ["close-issue", "--issue", &number, "--reason", "not-planned"];
    gh.inject(Fault::drop_after_acting(
        "PATCH",
        &format!("/issues/{issue}"),
    ));
    interrupted_steer(&env, Some("c-1"), &close);

    let entry = steer(&env, Some("c-1"), &close).json();
    assert_eq!(action(&entry)["settled"], "found-on-github");
    assert_eq!(action(&entry)["stateReason"], "not_planned");
    assert_eq!(gh.writes().len(), 1, "not closed twice");
    assert_eq!(
        gh.events(REPO, issue),
        [("closed".to_string(), "helm-bot".to_string())]
    );
    consistent(&env, &voyage);
}

#[test]
fn an_edit_whose_answer_was_lost_is_found_by_its_rename_or_its_body() {
    let (gh, env, _voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Old title", "old body");
    let number = issue.to_string();
    for (id, edit) in [
        ("e-1", ["--title", "New title"]),
        ("e-2", ["--body", "new body"]),
    ] {
        let mut action_args = vec!["edit-issue", "--issue", &number];
        action_args.extend(edit);
        gh.inject(Fault::drop_after_acting(
            "PATCH",
            &format!("/issues/{issue}"),
        ));
        interrupted_steer(&env, Some(id), &action_args);
        let entry = steer(&env, Some(id), &action_args).json();
        assert_eq!(action(&entry)["settled"], "found-on-github", "{id}");
    }
    assert_eq!(gh.writes().len(), 2, "each edit sent once");
    let issue = gh.issue(REPO, issue).unwrap();
    assert_eq!(issue.title, "New title");
    assert_eq!(issue.body.as_deref(), Some("new body"));
}
