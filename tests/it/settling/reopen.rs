//! `reopen-issue` after a lost answer: the retry decides from the timeline's
//! `reopened` event by the acting account since the attempt began on
//! GitHub's clock, never from the state the issue has now; when the timeline
//! cannot say who reopened, it refuses and keeps the attempt.

use super::*;

const HELM: &str = "helm-bot";
const TEAMMATE: &str = "octocat";

fn event(kind: &str, actor: &str) -> (String, String) {
    (kind.to_string(), actor.to_string())
}

/// GitHub's clock runs two hours behind this machine's: only its own
/// clock places the `reopened` event inside the attempt.
#[test]
fn a_reopen_whose_answer_was_lost_is_found_on_the_timeline_and_not_sent_again() {
    let (gh, env, voyage) = sea(-7200);
    let issue = gh.add_issue(REPO, "Crash", "");
    gh.close_issue(REPO, issue);
    let n = issue.to_string();
    let reopen = ["reopen-issue", "--issue", &n];
    gh.inject(Fault::drop_after_acting("PATCH", &format!("/issues/{n}")));
    interrupted_steer(&env, Some("ro-1"), &reopen);
    assert_eq!(gh.issue(REPO, issue).unwrap().state, "open", "GitHub acted");

    let entry = steer(&env, Some("ro-1"), &reopen).json();
    assert_eq!(entry["action"]["settled"], "found-on-github", "{entry}");
    assert_eq!(entry["action"]["state"], "open");
    assert_eq!(entry["action"]["stateReason"], "reopened");
    assert_eq!(gh.writes().len(), 1, "not sent again");
    assert_eq!(
        gh.events(REPO, issue),
        [event("closed", TEAMMATE), event("reopened", HELM)]
    );
    assert!(interrupted(&env).is_empty());
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
    assert!(gh.violations().is_empty(), "{:?}", gh.violations());
}

/// A teammate's reopen is not the attempt's: the attempt that never
/// reached GitHub settles as nothing happened.
#[test]
fn a_reopen_by_someone_else_is_not_the_attempts_effect() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    gh.close_issue(REPO, issue);
    let n = issue.to_string();
    lost_before_acting(&gh, "PATCH", &format!("/issues/{n}"));
    let attempt = interrupted_steer(&env, None, &["reopen-issue", "--issue", &n]);
    gh.reopen_issue(REPO, issue);
    assert_eq!(
        gh.events(REPO, issue),
        [event("closed", TEAMMATE), event("reopened", TEAMMATE)]
    );

    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "nothing-happened", "{settled}");
    assert_eq!(logbook(&env, &voyage), 0);
}

/// A `reopened` event that does not say who reopened cannot be told apart
/// from a teammate's: the retry refuses, acts on nothing and keeps the
/// attempt for `helm interrupted settle`.
#[test]
fn when_the_timeline_cannot_say_who_reopened_the_retry_refuses_and_keeps_the_attempt() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    gh.close_issue(REPO, issue);
    let n = issue.to_string();
    let reopen = ["reopen-issue", "--issue", &n];
    gh.inject(Fault::drop_after_acting("PATCH", &format!("/issues/{n}")));
    let attempt = interrupted_steer(&env, Some("ro-2"), &reopen);
    gh.strip_field("/timeline", "actor");

    let refused = steer(&env, Some("ro-2"), &reopen);
    let error = refused.error_json();
    assert_eq!(error["error"]["kind"], "unknown-outcome", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("cannot tell"), "{message}");
    assert!(message.contains(&format!("who reopened #{n}")), "{message}");
    assert_eq!(interrupted(&env).len(), 1, "the record is kept");
    assert_eq!(interrupted(&env)[0]["requestId"], attempt.as_str());
    assert_eq!(gh.writes().len(), 1, "never acted again");
    assert_eq!(logbook(&env, &voyage), 0);
    consistent(&env, &voyage);
}
