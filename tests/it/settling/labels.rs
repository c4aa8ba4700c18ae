//! Issue 29 §1, §2 and §4 for `label`: a retry after a lost answer decides
//! from the timeline events this attempt left (by the acting account, since
//! it began on GitHub's clock), never from the labels the issue has now, so
//! a teammate's undo is never redone; a steer that fails part way never says
//! "nothing was recorded" after GitHub changed; a request id reused with
//! other labels to add or remove is refused naming the field.

use std::process::Stdio;

use super::*;
use crate::support::fake_github::Gate;

/// `helm observe github-issue N`, so the freshness guard checks the issue.
fn observe_issue(env: &TestEnv, number: u64) {
    env.run(&["observe", "github-issue", &number.to_string(), "--json"])
        .json();
}

fn labels(gh: &FakeGitHub, number: u64) -> Vec<String> {
    gh.issue(REPO, number).expect("the issue").labels
}

/// How many `method` requests went to the issue's labels.
fn sent(gh: &FakeGitHub, method: &str, number: u64) -> usize {
    let path = format!("/issues/{number}/labels");
    (gh.writes().iter())
        .filter(|w| w.method == method && w.path_and_query.contains(&path))
        .count()
}

/// A teammate removes `label` on GitHub (an `unlabeled` event by them).
fn teammate_removes(gh: &FakeGitHub, number: u64, label: &str) {
    gh.edit_issue(REPO, number, |issue| issue.labels.retain(|l| l != label));
}

fn teammate_adds(gh: &FakeGitHub, number: u64, label: &str) {
    gh.edit_issue(REPO, number, |issue| issue.labels.push(label.into()));
}

#[test]
fn a_retry_never_adds_again_a_label_a_teammate_removed_after_the_lost_answer() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    observe_issue(&env, issue);
    let n = issue.to_string();
    let action = ["label", "--issue", &n, "--add", "triage"];
    gh.inject(Fault::bad_gateway_after_acting(
        "POST",
        &format!("/issues/{n}/labels"),
    ));
    interrupted_steer(&env, Some("lab-1"), &action);
    assert_eq!(labels(&gh, issue), ["triage"], "GitHub acted");
    teammate_removes(&gh, issue, "triage");

    let retry = steer(&env, Some("lab-1"), &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-github", "{retry}");
    assert_eq!(retry["action"]["labels"], serde_json::json!(["triage"]));
    assert!(
        labels(&gh, issue).is_empty(),
        "the teammate's removal holds"
    );
    assert_eq!(sent(&gh, "POST", issue), 1, "added once");
    assert!(interrupted(&env).is_empty());
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
    assert!(gh.violations().is_empty(), "{:?}", gh.violations());
}

/// The look reads GitHub's own clock: here two hours behind this machine's.
/// The teammate undoes both changes and the bearing is observed again
/// (as a "stale" refusal's hint asks): still nothing is done twice.
#[test]
fn after_the_bearing_is_observed_again_the_retry_still_does_not_redo_an_undone_change() {
    let (gh, env, voyage) = sea(-7200);
    let issue = gh.add_issue(REPO, "Crash", "");
    teammate_adds(&gh, issue, "old");
    observe_issue(&env, issue);
    let n = issue.to_string();
    let action = ["label", "--issue", &n, "--add", "triage", "--remove", "old"];
    gh.inject(Fault::bad_gateway_after_acting(
        "DELETE",
        &format!("/issues/{n}/labels/old"),
    ));
    // The add went through, the removal's answer was lost.
    steer(&env, Some("lab-2"), &action).error_json();
    assert_eq!(interrupted(&env).len(), 1, "the attempt is pending");
    assert_eq!(labels(&gh, issue), ["triage"], "GitHub acted");
    teammate_removes(&gh, issue, "triage");
    teammate_adds(&gh, issue, "old");
    observe_issue(&env, issue);

    let retry = steer(&env, Some("lab-2"), &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-github", "{retry}");
    // Right after the attempt: its own changes over today's labels.
    assert_eq!(
        retry["action"]["applied"]["labels"],
        serde_json::json!(["triage"])
    );
    assert_eq!(labels(&gh, issue), ["old"], "the teammate's state holds");
    assert_eq!(
        (sent(&gh, "POST", issue), sent(&gh, "DELETE", issue)),
        (1, 1)
    );
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}

#[test]
fn when_the_timeline_cannot_show_the_attempt_the_retry_refuses_and_keeps_the_record() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    let n = issue.to_string();
    let action = ["label", "--issue", &n, "--add", "triage"];
    gh.inject(Fault::bad_gateway_after_acting(
        "POST",
        &format!("/issues/{n}/labels"),
    ));
    let attempt = interrupted_steer(&env, Some("lab-3"), &action);
    // An event by the acting account that does not say which label.
    gh.strip_field("/timeline", "label");

    let refused = steer(&env, Some("lab-3"), &action);
    assert_eq!(refused.code, 1, "{refused:?}");
    let error = refused.error_json();
    assert_eq!(error["error"]["kind"], "unknown-outcome", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("cannot tell"), "{message}");
    assert!(
        message.contains(&format!("check the labels of #{n}")),
        "{message}"
    );
    assert_eq!(interrupted(&env).len(), 1, "the record is kept");
    assert_eq!(interrupted(&env)[0]["requestId"], attempt.as_str());
    assert_eq!(sent(&gh, "POST", issue), 1, "never acted again");
    assert_eq!(logbook(&env, &voyage), 0);
    consistent(&env, &voyage);
}

/// A label someone removed between helm's add and its removal answers 404:
/// it is not present, as asked, and the entry says so.
#[test]
fn a_label_removed_by_someone_first_is_recorded_as_not_present() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    teammate_adds(&gh, issue, "old");
    let n = issue.to_string();
    let gate = Gate::default();
    gh.inject(Fault::hold_after_acting(
        "POST",
        &format!("/issues/{n}/labels"),
        &gate,
    ));
    let args = steer_args(
        Some("lab-4"),
        &["label", "--issue", &n, "--add", "bug", "--remove", "old"],
    );
    let mut command = env.command(&args);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = command.spawn().expect("helm runs");
    // Not a timing assertion: only a bound on waiting for a helm that died.
    let waiting = std::time::Instant::now();
    while sent(&gh, "POST", issue) == 0 {
        assert!(waiting.elapsed().as_secs() < 120, "helm never added");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The add went through; its answer (which lists `old`) is held back.
    teammate_removes(&gh, issue, "old");
    gate.open();
    let out = child.wait_with_output().expect("helm ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entry: Value = serde_json::from_str(&stdout).expect("JSON");
    let applied = &entry["action"]["applied"];
    assert_eq!(applied["labels"], serde_json::json!(["bug"]), "{entry}");
    assert_eq!(applied["notPresent"], serde_json::json!(["old"]), "{entry}");
    // Nothing GitHub dropped (the only warning: the issue was not observed).
    assert!(
        !entry["warnings"].to_string().contains("did not apply"),
        "{entry}"
    );
    assert_eq!(labels(&gh, issue), ["bug"]);
    assert!(interrupted(&env).is_empty());
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
}

/// The add went through, then the removal met a secondary limit longer
/// than helm waits: GitHub changed, so the attempt stays pending, and its
/// retry records what the timeline shows, acting on nothing again.
#[test]
fn a_failure_after_the_add_went_through_keeps_the_attempt_pending_for_settling() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    teammate_adds(&gh, issue, "old");
    let n = issue.to_string();
    let action = ["label", "--issue", &n, "--add", "bug", "--remove", "old"];
    gh.inject(Fault::secondary_limit(
        "DELETE",
        &format!("/issues/{n}/labels/old"),
        600,
    ));
    let failed = steer(&env, Some("lab-5"), &action);
    assert_eq!(failed.code, 1, "{failed:?}");
    let error = failed.error_json();
    assert_eq!(error["error"]["kind"], "unknown-outcome", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains("acted in part"), "{message}");
    assert!(!message.contains("nothing was recorded"), "{message}");
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("--request-id lab-5"), "{hint}");
    assert_eq!(interrupted(&env).len(), 1, "the attempt is pending");
    assert_eq!(labels(&gh, issue), ["old", "bug"]);

    let retry = steer(&env, Some("lab-5"), &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-github", "{retry}");
    assert_eq!(
        retry["action"]["applied"]["labels"],
        serde_json::json!(["old", "bug"])
    );
    let warnings = retry["warnings"].to_string();
    assert!(warnings.contains("the removal of label 'old'"), "{retry}");
    assert_eq!(
        (sent(&gh, "POST", issue), sent(&gh, "DELETE", issue)),
        (1, 1),
        "nothing sent again"
    );
    assert!(interrupted(&env).is_empty());
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
}

#[test]
fn a_request_id_reused_with_other_labels_to_add_or_remove_is_refused_naming_the_field() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    teammate_adds(&gh, issue, "old");
    let n = issue.to_string();
    let first = ["label", "--issue", &n, "--add", "bug", "--remove", "old"];
    steer(&env, Some("lab-6"), &first).json();
    let writes = gh.writes().len();
    let others = [
        (
            [
                "label", "--issue", &n, "--add", "bug", "--remove", "wontfix",
            ],
            "remove",
        ),
        (
            ["label", "--issue", &n, "--add", "docs", "--remove", "old"],
            "labels",
        ),
    ];
    for (other, field) in &others {
        let refused = steer(&env, Some("lab-6"), other);
        assert_eq!(refused.code, 1, "{other:?}: {refused:?}");
        let error = refused.error_json();
        assert_eq!(error["error"]["kind"], "conflict", "{other:?}: {error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("the {field} differs")),
            "{message}"
        );
    }
    // The same for an interrupted attempt's record.
    gh.inject(Fault::bad_gateway_after_acting(
        "POST",
        &format!("/issues/{n}/labels"),
    ));
    let pending = ["label", "--issue", &n, "--add", "p1", "--remove", "bug"];
    interrupted_steer(&env, Some("lab-7"), &pending);
    let writes = writes + 1;
    let other = ["label", "--issue", &n, "--add", "p1", "--remove", "old"];
    let refused = steer(&env, Some("lab-7"), &other).error_json();
    assert_eq!(refused["error"]["kind"], "conflict", "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains("the remove differs"), "{message}");
    assert_eq!(gh.writes().len(), writes, "nothing performed");
    let again = steer(&env, Some("lab-6"), &first).json();
    assert_eq!(again["replayed"], true);
    assert_eq!(labels(&gh, issue), ["bug", "p1"]);
    consistent(&env, &voyage);
}

/// The labels are read before anything leaves (the plan's read): when that
/// read fails, no label is added or removed and nothing is left pending,
/// where a read made after the add (as before plans) left GitHub changed
/// and the attempt's outcome unknown.
#[test]
fn a_failed_read_of_the_labels_sends_nothing_and_leaves_nothing_pending() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    teammate_adds(&gh, issue, "old");
    let n = issue.to_string();
    let refusal = serde_json::json!({"message": "Server Error"});
    gh.fail_always("GET", &format!("/issues/{n}/labels"), 500, refusal);
    let action = ["label", "--issue", &n, "--add", "bug", "--remove", "old"];
    let failed = steer(&env, Some("lab-6"), &action);
    assert_eq!(failed.code, 1, "{failed:?}");
    let error = failed.error_json();
    assert_eq!(error["error"]["kind"], "github", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert_eq!(
        message,
        format!("GitHub refused to change the labels of issue #{n}: 500 Server Error")
    );
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(
        hint.ends_with("nothing was recorded and the slate is unchanged"),
        "{hint}"
    );
    assert_eq!(
        (sent(&gh, "POST", issue), sent(&gh, "DELETE", issue)),
        (0, 0),
        "nothing left for GitHub"
    );
    assert_eq!(labels(&gh, issue), ["old"]);
    assert!(interrupted(&env).is_empty(), "nothing pending");
    assert_eq!(logbook(&env, &voyage), 0);
}

/// A label change with nothing to do (every label asked off is absent)
/// plans no write: its dry run shows no request and succeeds, sending
/// nothing, as it did when a rehearsing client kept the first write.
#[test]
fn a_dry_run_of_a_label_change_with_nothing_to_do_shows_no_request() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    let n = issue.to_string();
    let mut args = steer_args(None, &["label", "--issue", &n, "--remove", "absent"]);
    args.push("--dry-run");
    let json = env.run(&args).json();
    let dry = &json["dryRun"];
    assert_eq!(dry["wouldAct"], true, "{json}");
    assert!(dry.get("request").is_none(), "{json}");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
    assert!(interrupted(&env).is_empty());
    assert_eq!(logbook(&env, &voyage), 0);
}
