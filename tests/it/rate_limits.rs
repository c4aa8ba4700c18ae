//! GitHub's limits (issue 24): a secondary rate limit is waited out as
//! GitHub asks, with a line on stderr, when the wait fits within
//! `HELM_GITHUB_TIMEOUT`; one that outlasts it fails at once as
//! `rate-limited`, with nothing acted, recorded or cleared.

use crate::support::env::{TestEnv, count, steer_args};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

fn setup() -> (TestEnv, FakeGitHub, String, String) {
    let (env, gh, voyage) = github_voyage(REPO, "Within GitHub's limits");
    let issue = gh.add_issue(REPO, "Crash", "Steps.").to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    (env, gh, voyage, issue)
}

fn posts(gh: &FakeGitHub) -> usize {
    gh.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path_and_query.ends_with("/comments"))
        .count()
}

#[test]
fn a_secondary_limit_is_waited_out_and_the_comment_posted_once() {
    let (env, gh, voyage, issue) = setup();
    gh.inject(Fault::secondary_limit("POST", "/comments", 1));
    let action = ["comment", "--issue", &issue, "--body", "Plan.", "--json"];
    let run = env.run(&steer_args(&action));
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr.contains("rate limit answered 403") && run.stderr.contains("waiting 1 s"),
        "{}",
        run.stderr
    );
    assert_eq!(posts(&gh), 2, "refused once, then sent again");
    assert_eq!(gh.comments(REPO, issue.parse().unwrap()).len(), 1);
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
}

#[test]
fn a_limit_longer_than_the_timeout_fails_at_once_and_records_nothing() {
    let (mut env, gh, voyage, issue) = setup();
    env.set("HELM_GITHUB_TIMEOUT", "5");
    gh.inject(Fault::secondary_limit("POST", "/comments", 120));
    let action = ["comment", "--issue", &issue, "--body", "Plan.", "--json"];
    let run = env.run(&steer_args(&action));
    assert_eq!(run.code, 1, "{run:?}");
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "rate-limited", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("wait 120 s"), "{message}");
    assert_eq!(posts(&gh), 1, "not sent again");
    assert!(gh.comments(REPO, issue.parse().unwrap()).is_empty());
    let db = env.sqlite(&voyage);
    assert_eq!(count(&db, "logbook"), 0, "nothing recorded");
    assert_eq!(count(&db, "slate"), 1, "the slate is untouched");
    assert!(
        std::fs::read_dir(env.home().join("pending"))
            .map(|d| d.count() == 0)
            .unwrap_or(true),
        "no interrupted steer is left"
    );
}
