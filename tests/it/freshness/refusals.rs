//! Each steer on a target that changed since it was observed is refused; it
//! acts after observing again, and with `--allow-stale` (recorded as stale).

use super::*;

/// Runs `action` on a stale bearing (refused), with `--allow-stale` (acts,
/// recorded stale), then after observing `observe` again (acts, fresh).
fn refused_then_allowed(
    env: &TestEnv,
    gh: &FakeGitHub,
    voyage: &str,
    observe_args: &[&str],
    action: &[&str],
    what: &str,
) {
    let run = steer(env, action);
    assert_refused(env, gh, voyage, &run, what);

    let mut stale = action.to_vec();
    stale.push("--allow-stale");
    let run = steer(env, &stale);
    assert!(
        run.stderr.contains("warning: acted on a stale bearing"),
        "{}",
        run.stderr
    );
    let recorded = freshness(&run);
    assert_eq!(recorded["verdict"], "stale", "{recorded}");
    let changed = recorded["changed"].to_string();
    assert!(changed.contains(what), "{changed} should say {what}");

    observe(env, observe_args).ok();
    let run = steer(env, action);
    assert_eq!(freshness(&run)["verdict"], "fresh");
}

#[test]
fn a_comment_after_a_new_comment_is_refused() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    let target = ["github-issue", issue.as_str()];
    observe(&env, &target).ok();
    gh.add_issue_comment(REPO, issue.parse().unwrap(), "bob", "Wait, don't do that.");
    let action = ["comment", "--issue", issue.as_str(), "--body", "Plan: X."];
    refused_then_allowed(&env, &gh, &voyage, &target, &action, "1 new comment by bob");
}

#[test]
fn an_edit_after_the_title_changed_is_refused() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.");
    let number = issue.to_string();
    let target = ["github-issue", number.as_str(), "--focus", "summary"];
    observe(&env, &target).ok();
    gh.edit_issue(REPO, issue, |i| i.title = "Crash on empty input".into());
    let action = [
        "edit-issue",
        "--issue",
        number.as_str(),
        "--body",
        "New steps.",
    ];
    refused_then_allowed(&env, &gh, &voyage, &target, &action, "title edited");
}

#[test]
fn closing_an_issue_someone_closed_is_refused() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.");
    let number = issue.to_string();
    let target = ["github-issue", number.as_str()];
    observe(&env, &target).ok();
    gh.close_issue(REPO, issue);
    let action = ["close-issue", "--issue", number.as_str()];
    refused_then_allowed(&env, &gh, &voyage, &target, &action, "closed");
}

#[test]
fn a_review_request_after_a_push_is_refused() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let target = ["github-pr", number.as_str(), "--focus", "summary"];
    observe(&env, &target).ok();
    let old = gh.head_sha(REPO, pr);
    let new = gh.push_commit(REPO, pr);
    let moved = format!("head moved from {} to {}", &old[..7], &new[..7]);
    let action = [
        "request-review",
        "--pr",
        number.as_str(),
        "--reviewer",
        "carol",
    ];
    refused_then_allowed(&env, &gh, &voyage, &target, &action, &moved);
}

#[test]
fn a_reply_after_a_new_review_comment_is_refused() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let thread = gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let number = pr.to_string();
    let target = ["github-pr", number.as_str(), "--focus", "reviews"];
    observe(&env, &target).ok();
    gh.add_review(REPO, pr, "dave", "CHANGES_REQUESTED", "Hold on.");
    let thread = thread.to_string();
    let action = [
        "reply-inline",
        "--pr",
        number.as_str(),
        "--comment-id",
        thread.as_str(),
        "--body",
        "Because.",
    ];
    refused_then_allowed(&env, &gh, &voyage, &target, &action, "new review by dave");
}

#[test]
fn a_merge_after_a_new_comment_is_refused_and_pinned_to_the_head_seen() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let focus = "summary,comments,checks,reviews";
    let target = ["github-pr", number.as_str(), "--focus", focus];
    observe(&env, &target).ok();
    gh.add_issue_comment(REPO, pr, "bob", "Not yet!");
    let run = steer(&env, &["merge-pr", "--pr", number.as_str()]);
    assert_refused(&env, &gh, &voyage, &run, "1 new comment by bob");

    let head = gh.head_sha(REPO, pr);
    let run = steer(
        &env,
        &["merge-pr", "--pr", number.as_str(), "--allow-stale"],
    );
    let action = run.json()["action"].clone();
    assert_eq!(action["freshness"]["verdict"], "stale");
    assert_eq!(action["pinnedSha"], head.as_str());
    let merge = gh.writes().pop().unwrap();
    assert_eq!(
        merge.body.unwrap()["sha"],
        head.as_str(),
        "the sha was sent"
    );
}

#[test]
fn a_merge_after_a_push_is_refused_and_a_409_records_nothing() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let number = pr.to_string();
    let target = ["github-pr", number.as_str(), "--focus", "checks,reviews"];
    observe(&env, &target).ok();
    let seen = gh.head_sha(REPO, pr);
    gh.push_commit(REPO, pr);
    let run = steer(&env, &["merge-pr", "--pr", number.as_str()]);
    assert_refused(&env, &gh, &voyage, &run, "head moved from");

    // Acting anyway still merges only what was seen: GitHub answers 409.
    let run = steer(
        &env,
        &["merge-pr", "--pr", number.as_str(), "--allow-stale"],
    );
    let error = run.error_json();
    assert_eq!(run.code, 1);
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("the PR's head moved since you observed it; observe it again"),
        "{message}"
    );
    let sent = gh.writes().pop().unwrap();
    assert_eq!(sent.body.unwrap()["sha"], seen.as_str());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);

    observe(&env, &target).ok();
    let run = steer(&env, &["merge-pr", "--pr", number.as_str()]);
    let action = run.json()["action"].clone();
    assert_eq!(action["freshness"]["verdict"], "fresh");
    assert_eq!(action["pinnedSha"], gh.head_sha(REPO, pr).as_str());
}
