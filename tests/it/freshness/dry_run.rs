//! `steer --dry-run` (issue 31 §6): everything up to the request, the
//! request it would send printed, nothing acted, recorded or cleared; exit
//! 0 when it would act, 1 with the refusal's kind when it would not.

use super::{REPO, observe, setup, steer};
use crate::support::env::count;
use crate::support::fake_github::Fault;

#[test]
fn a_dry_run_merge_shows_the_pinned_request_and_changes_nothing() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "test", "completed", Some("success"));
    let pr = pr.to_string();
    observe(&env, &["github-pr", &pr]).ok();
    let run = steer(&env, &["merge-pr", "--pr", &pr, "--squash", "--dry-run"]);
    let json = run.ok().json();
    let dry = &json["dryRun"];
    assert_eq!(dry["wouldAct"], true, "{json}");
    assert_eq!(dry["doing"], format!("merge PR #{pr} in {REPO}"), "{json}");
    assert_eq!(dry["pinnedSha"], sha.as_str(), "{json}");
    assert_eq!(dry["freshness"]["verdict"], "fresh", "{json}");
    let request = &dry["request"];
    assert_eq!(request["method"], "PUT", "{json}");
    assert_eq!(
        request["path"],
        format!("/repos/{REPO}/pulls/{pr}/merge"),
        "{json}"
    );
    assert_eq!(request["body"]["merge_method"], "squash", "{json}");
    assert_eq!(request["body"]["sha"], sha.as_str(), "{json}");
    assert!(json.get("id").is_none(), "no entry: {json}");
    assert!(
        run.stderr.contains("dry run: nothing was acted on"),
        "{run:?}"
    );
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 0, "nothing recorded");
    assert_eq!(count(&db, "slate"), 1, "the slate is kept");

    // The human rendering says the same.
    let human = env.run(&[
        "steer",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "merge-pr",
        "--pr",
        &pr,
        "--dry-run",
    ]);
    let out = &human.ok().stdout;
    assert!(
        out.contains(&format!("dry run: would merge PR #{pr}")),
        "{out}"
    );
    assert!(
        out.contains(&format!("request: PUT /repos/{REPO}/pulls/{pr}/merge")),
        "{out}"
    );
    assert!(out.contains(&format!("\"sha\": \"{sha}\"")), "{out}");

    // And the merge it rehearsed goes through.
    steer(&env, &["merge-pr", "--pr", &pr, "--squash"]).ok();
    assert_eq!(gh.writes().len(), 1);
}

#[test]
fn a_dry_run_that_would_be_refused_says_why_with_its_kind() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix-1", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_status(REPO, &sha, "lint", "failure");
    let pr = pr.to_string();
    observe(&env, &["github-pr", &pr, "--focus", "checks,reviews"]).ok();
    let run = steer(&env, &["merge-pr", "--pr", &pr, "--dry-run"]);
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "not-ready", "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("status lint is failure"),
        "{error}"
    );
    // A comment would be refused as stale once the PR changed.
    gh.add_issue_comment(REPO, pr.parse().unwrap(), "bob", "wait");
    observe(&env, &["github-pr", &pr, "--focus", "comments"]).ok();
    gh.add_issue_comment(REPO, pr.parse().unwrap(), "carol", "and me");
    let stale = steer(&env, &["comment", "--pr", &pr, "--body", "x", "--dry-run"]);
    assert_eq!(stale.code, 1, "{stale:?}");
    assert_eq!(stale.error_json()["error"]["kind"], "stale");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 0, "nothing recorded");
    assert_eq!(count(&db, "slate"), 2, "the slate is kept");
}

#[test]
fn a_dry_run_on_what_was_never_observed_says_it_would_act_blind() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crashes", "body").to_string();
    let action = [
        "comment",
        "--issue",
        issue.as_str(),
        "--body",
        "hi",
        "--dry-run",
    ];
    let run = steer(&env, &action);
    let json = run.ok().json();
    assert_eq!(json["dryRun"]["freshness"]["verdict"], "not-observed");
    assert_eq!(json["dryRun"]["request"]["body"]["body"], "hi", "{json}");
    let warning = json["warnings"][0].as_str().unwrap_or_default();
    assert!(
        warning.starts_with(&format!("would act on issue #{issue} with no observation")),
        "{json}"
    );
    let strict = steer(&env, &[&action[..], &["--require-observed"]].concat());
    assert_eq!(strict.code, 1, "{strict:?}");
    assert_eq!(strict.error_json()["error"]["kind"], "not-observed");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
}

#[test]
fn a_dry_run_of_an_interrupted_request_id_says_it_would_settle_first() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crashes", "body");
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let number = issue.to_string();
    let action = ["comment", "--issue", number.as_str(), "--body", "plan"];
    let lost = steer(&env, &[&action[..], &["--request-id", "r-1"]].concat());
    assert_eq!(lost.code, 1, "{lost:?}");
    let dry = steer(
        &env,
        &[&action[..], &["--request-id", "r-1", "--dry-run"]].concat(),
    );
    let json = dry.ok().json();
    assert_eq!(
        json["dryRun"]["wouldSettle"]["decision"], "record",
        "{json}"
    );
    assert_eq!(json["dryRun"]["wouldAct"], false, "{json}");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "only the lost one");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 0);
}
