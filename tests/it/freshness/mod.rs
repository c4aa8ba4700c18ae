//! Fresh bearings (issues 12 and 20): conditional re-observation, the
//! freshness check before a steer, and merges pinned to the head that was
//! seen.

mod accounted;
mod dry_run;
mod lightened;
mod pages;
mod refusals;
mod reuse;
mod scale;
mod spelling;
mod superseded;
mod validators;

use serde_json::Value;

use crate::support::env::{Run, TestEnv, count};
use crate::support::fake_github::FakeGitHub;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// A voyage on a fresh fake GitHub, as every freshness test starts.
fn setup() -> (TestEnv, FakeGitHub, String) {
    github_voyage(REPO, "Keep bearings fresh")
}

fn observe(env: &TestEnv, args: &[&str]) -> Run {
    let mut all = vec!["observe"];
    all.extend_from_slice(args);
    all.push("--json");
    env.run(&all)
}

/// `helm steer --json` with placeholder provenance.
fn steer(env: &TestEnv, action: &[&str]) -> Run {
    let mut args = vec![
        "steer",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "--json",
    ];
    args.extend_from_slice(action);
    env.run(&args)
}

/// The freshness object of a steer's `--json` output.
fn freshness(run: &Run) -> Value {
    run.json()["action"]["freshness"].clone()
}

/// A steer refused as stale: exit 1, kind `stale`, the message saying
/// `what`, nothing written to GitHub, nothing recorded, the slate kept.
fn assert_refused(env: &TestEnv, gh: &FakeGitHub, voyage: &str, run: &Run, what: &str) {
    let error = run.error_json();
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains(what), "{message} should say {what}");
    assert!(message.contains("since you observed it"), "{message}");
    assert!(
        error["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("observe it again"),
        "{error}"
    );
    assert!(gh.writes().is_empty(), "nothing acted: {:?}", gh.writes());
    let db = env.sqlite(voyage);
    assert_eq!(count(&db, "logbook"), 0, "nothing recorded");
    assert!(count(&db, "slate") > 0, "the slate is untouched");
}

#[test]
fn reobserving_sends_if_none_match_and_keeps_the_artifact_on_304() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.");
    gh.add_issue_comment(REPO, issue, "erin", "Seen it too.");
    let number = issue.to_string();
    let first = observe(&env, &["github-issue", &number]).json();
    assert!(first["payload"]["validators"]["summary"][0]["etag"].is_string());
    let before = gh.not_modified_count();
    let seen = gh.requests().len();

    let again = observe(&env, &["github-issue", &number]);
    assert!(again.stderr.contains("unchanged"), "{}", again.stderr);
    let again = again.json();
    assert_eq!(again["artifact"], first["artifact"], "same artifact");
    assert_ne!(again["observedAt"], first["observedAt"], "new observedAt");
    assert_eq!(again["payload"], first["payload"]);
    assert_eq!(gh.not_modified_count(), before + 2, "summary and comments");
    let asked = &gh.requests()[seen..];
    assert_eq!(asked.len(), 2, "{asked:#?}");
    for request in asked {
        assert!(request.header("if-none-match").is_some(), "{request:?}");
        assert_eq!(request.status, 304);
    }
}

#[test]
fn a_partial_change_refetches_only_the_changed_part() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix crash", "fix", "main");
    gh.add_issue_comment(REPO, pr, "erin", "Looks right.");
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    let number = pr.to_string();
    let focus = ["github-pr", &number, "--focus", "comments,files,reviews"];
    let first = observe(&env, &focus).json();
    gh.add_review(REPO, pr, "carol", "APPROVED", "Ship it.");
    let seen = gh.requests().len();

    let run = observe(&env, &focus);
    assert!(!run.stderr.contains("unchanged"), "{}", run.stderr);
    let again = run.json();
    assert_ne!(again["artifact"], first["artifact"]);
    assert_eq!(again["payload"]["reviews"]["reviews"][0]["author"], "carol");
    assert_eq!(again["payload"]["files"], first["payload"]["files"]);
    let asked = &gh.requests()[seen..];
    let fetched: Vec<&str> = asked
        .iter()
        .filter(|r| r.status == 200)
        .map(|r| r.path_and_query.as_str())
        .collect();
    assert!(
        fetched.iter().any(|p| p.contains("/reviews")),
        "{fetched:?}"
    );
    assert!(
        fetched
            .iter()
            .all(|p| !p.contains("/files") && !p.contains("/issues/")),
        "unchanged parts answered 304, not refetched: {fetched:?}"
    );
    assert!(asked.iter().any(|r| r.status == 304));
}

#[test]
fn an_unobserved_target_acts_and_records_that_it_was_not_observed() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    let run = steer(&env, &["comment", "--issue", &issue, "--body", "On it."]);
    assert_eq!(freshness(&run)["verdict"], "not-observed");
    let run = steer(&env, &["create-issue", "--title", "Follow-up"]);
    assert_eq!(freshness(&run)["verdict"], "no-target");
}

#[test]
fn a_fresh_bearing_acts_and_records_what_was_checked() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    observe(&env, &["github-issue", &issue]).ok();
    observe(&env, &["github-issue", &issue, "--focus", "summary"]).ok();
    let before = gh.not_modified_count();
    let run = steer(&env, &["comment", "--issue", &issue, "--body", "On it."]);
    let fresh = freshness(&run);
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");
    assert_eq!(fresh["checked"], 2);
    // The summary request is shared by both observations: asked once.
    assert_eq!(gh.not_modified_count(), before + 2);
}

#[test]
fn reobserving_an_unchanged_pr_asks_each_part_once_and_fetches_nothing() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix crash", "fix", "main");
    gh.add_issue_comment(REPO, pr, "erin", "Looks right.");
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Why?");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    let number = pr.to_string();
    let first = observe(&env, &["github-pr", &number]).json();
    let seen = gh.requests().len();

    let run = observe(&env, &["github-pr", &number]);
    assert!(run.stderr.contains("unchanged"), "{}", run.stderr);
    assert_eq!(run.json()["artifact"], first["artifact"]);
    // The review threads' state is read again by GraphQL (a POST, no
    // validators); every GET is a 304.
    let graphql = gh.requests()[seen..]
        .iter()
        .filter(|r| r.path() == "/graphql")
        .count();
    assert_eq!(graphql, 1);
    let asked: Vec<String> = gh.requests()[seen..]
        .iter()
        .filter(|r| r.path() != "/graphql")
        .map(|r| {
            assert_eq!(r.status, 304, "nothing fetched: {r:?}");
            format!("{} {:?}", r.path_and_query, r.header("accept"))
        })
        .collect();
    let mut distinct = asked.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), asked.len(), "{asked:#?}");
    // The PR, its diff, comments, files, check runs, status, reviews and
    // review comments.
    assert_eq!(asked.len(), 8, "{asked:#?}");
}

#[test]
fn reobserving_after_a_steer_starts_from_the_bearing() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main").to_string();
    let other = gh.add_issue(REPO, "Other", "Elsewhere.").to_string();
    let first = observe(&env, &["github-pr", &pr, "--focus", "summary,files"]).json();
    steer(&env, &["comment", "--issue", &other, "--body", "Noted."]).ok();
    // The slate is empty now; the PR's latest observation is in the bearing.
    let run = observe(&env, &["github-pr", &pr, "--focus", "summary,files"]);
    assert!(run.stderr.contains("unchanged"), "{}", run.stderr);
    assert_eq!(run.json()["artifact"], first["artifact"]);
}

#[test]
fn a_check_github_cannot_answer_refuses_unless_allowed_and_records_unchecked() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "Steps.");
    let number = issue.to_string();
    observe(&env, &["github-issue", &number, "--focus", "summary"]).ok();
    let body = serde_json::json!({"message": "Server Error"});
    gh.fail_always("GET", &format!("/issues/{issue}"), 502, body);
    let action = ["comment", "--issue", number.as_str(), "--body", "Plan."];
    let run = steer(&env, &action);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "github", "{error}");
    assert!(
        error["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("--allow-stale")
    );
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
    assert!(gh.writes().is_empty());

    let mut allowed = action.to_vec();
    allowed.push("--allow-stale");
    let run = steer(&env, &allowed);
    let recorded = freshness(&run);
    assert_eq!(recorded["verdict"], "unchecked", "{recorded}");
    assert!(recorded["changed"][0].as_str().unwrap().contains("502"));
}
