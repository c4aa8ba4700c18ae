//! `reopen-issue` in GitHub's language: one `PATCH` with `state: open`,
//! recorded once as GitHub answered it; an issue already open is left as
//! GitHub leaves it.

use super::{REPO, no_violations, setup, steer};
use crate::support::env::count;

/// The `PATCH` requests sent to issue `n`.
fn patches(gh: &crate::support::fake_github::FakeGitHub, n: u64) -> usize {
    let path = format!("/repos/{REPO}/issues/{n}");
    (gh.writes().iter())
        .filter(|w| w.method == "PATCH" && w.path() == path)
        .count()
}

#[test]
fn an_issue_closed_and_reopened_is_recorded_once_each_with_githubs_state() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "It crashes.");
    let n = issue.to_string();
    steer(&env, "s", &["close-issue", "--issue", &n]).json();

    let reopened = steer(&env, "s", &["reopen-issue", "--issue", &n]).json();
    let action = &reopened["action"];
    assert_eq!(action["steer"], "reopen-issue", "{reopened}");
    assert_eq!(action["issue"], issue);
    assert_eq!(action["state"], "open");
    assert_eq!(action["stateReason"], "reopened");
    assert!(
        action["url"].as_str().is_some_and(|u| u.ends_with(&n)),
        "{action}"
    );
    assert_eq!(gh.issue(REPO, issue).unwrap().state, "open");
    let helm = |event: &str| (event.to_string(), "helm-bot".to_string());
    assert_eq!(gh.events(REPO, issue), [helm("closed"), helm("reopened")]);
    assert_eq!(patches(&gh, issue), 2, "one close, one reopen");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 2);
    let story = env.run(&["voyage", "show"]);
    story.ok();
    assert!(
        story.stdout.contains(&format!("reopen issue #{n}")),
        "{}",
        story.stdout
    );
    no_violations(&gh);
}

/// GitHub answers a reopen of an open issue with the issue as it is and
/// records no event; helm records what it answered, as `--help` says.
#[test]
fn reopening_an_open_issue_changes_nothing_on_github_and_is_recorded_as_answered() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "Crash", "It crashes.");
    let n = issue.to_string();

    let entry = steer(&env, "s", &["reopen-issue", "--issue", &n]).json();
    assert_eq!(entry["action"]["state"], "open", "{entry}");
    assert_eq!(entry["action"]["stateReason"], serde_json::Value::Null);
    assert!(gh.events(REPO, issue).is_empty(), "no reopened event");
    assert_eq!(patches(&gh, issue), 1);
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
    no_violations(&gh);

    let help = env.run(&["steer", "reopen-issue", "--help"]);
    help.ok();
    assert!(help.stdout.contains("--issue <N>"), "{}", help.stdout);
    assert!(help.stdout.contains("already open"), "{}", help.stdout);
}
