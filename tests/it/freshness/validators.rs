//! No false refusals (issue 20): an answer other than 304 is compared with
//! what was seen, so a GitHub that sends no validators, or tags its answers
//! per token, refuses a steer only when something really changed.

use super::*;

const OTHER_TOKEN: &str = "ghp_helmAnotherIdentity00000000000000000";

/// A steer refused as stale for `what`, acting nothing more than `writes`
/// (the steers before it).
fn assert_refused_after(gh: &FakeGitHub, run: &Run, writes: usize, what: &str) -> String {
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    let message = error["error"]["message"].as_str().unwrap().to_string();
    assert!(message.contains(what), "{message} should say {what}");
    assert_eq!(gh.writes().len(), writes, "nothing acted");
    message
}

/// A PR with a comment, a file, a check run and an inline review comment.
fn busy_pr(gh: &FakeGitHub) -> u64 {
    let pr = gh.add_pr(REPO, "Fix crash", "fix", "main");
    gh.add_issue_comment(REPO, pr, "erin", "Looks right.");
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    pr
}

#[test]
fn without_validators_an_unchanged_pr_is_fresh_and_a_change_is_named() {
    let (env, gh, _) = setup();
    gh.strip_validators();
    let pr = busy_pr(&gh);
    let number = pr.to_string();
    let first = observe(&env, &["github-pr", &number]).json();
    assert!(first["payload"]["validators"]["summary"][0]["etag"].is_null());
    let comment = ["comment", "--pr", number.as_str(), "--body", "Checked."];
    let fresh = freshness(&steer(&env, &comment));
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");

    observe(&env, &["github-pr", &number]).ok();
    gh.add_issue_comment(REPO, pr, "bob", "Hold on.");
    let run = steer(&env, &comment);
    let message = assert_refused_after(&gh, &run, 1, "1 new comment by bob");
    for quiet in ["files", "checks", "diff", "review"] {
        assert!(!message.contains(quiet), "{message} names {quiet}");
    }
}

#[test]
fn another_token_for_the_same_user_is_no_change() {
    let (mut env, gh, _) = setup();
    gh.tag_per_token();
    gh.accept_token(OTHER_TOKEN);
    let pr = busy_pr(&gh);
    let number = pr.to_string();
    observe(&env, &["github-pr", &number]).ok();
    env.set("GH_TOKEN", OTHER_TOKEN);
    let seen = gh.requests().len();
    let comment = ["comment", "--pr", number.as_str(), "--body", "Checked."];
    let fresh = freshness(&steer(&env, &comment));
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");
    // Every tag missed, and each answer was compared as it came: no
    // request was sent twice to fetch what a 200 had already brought.
    let mut asked: Vec<String> = gh.requests()[seen..]
        .iter()
        .filter(|r| r.method == "GET")
        .map(|r| format!("{} {:?}", r.path_and_query, r.header("accept")))
        .collect();
    let all = asked.len();
    asked.sort();
    asked.dedup();
    assert_eq!(asked.len(), all, "{asked:#?}");

    env.set("GH_TOKEN", gh.token());
    observe(&env, &["github-pr", &number]).ok();
    env.set("GH_TOKEN", OTHER_TOKEN);
    gh.edit_issue(REPO, pr, |i| i.title = "Fix the crash".into());
    let run = steer(&env, &comment);
    assert_refused_after(&gh, &run, 1, "title edited");
}

#[test]
fn checks_files_and_diff_are_compared_by_content() {
    let (mut env, gh, _) = setup();
    gh.tag_per_token();
    gh.accept_token(OTHER_TOKEN);
    let pr = busy_pr(&gh);
    let number = pr.to_string();
    let focus = ["github-pr", number.as_str(), "--focus", "checks,files,diff"];
    observe(&env, &focus).ok();
    env.set("GH_TOKEN", OTHER_TOKEN);
    let comment = ["comment", "--pr", number.as_str(), "--body", "Checked."];
    let fresh = freshness(&steer(&env, &comment));
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");

    observe(&env, &focus).ok();
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "lint", "completed", Some("failure"));
    let run = steer(&env, &comment);
    let message = assert_refused_after(&gh, &run, 1, "new check run lint (failure)");
    assert!(!message.contains("files"), "{message}");
    assert!(!message.contains("diff"), "{message}");
}
