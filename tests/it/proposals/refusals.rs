//! Each refusal of an approval records nothing and sends nothing:
//! `same-identity` (and `--allow-self`, recorded), `expired`, `conflict`
//! for a rejected proposal, `bad-proposal` for a tampered voyage file,
//! `stale` for a target changed since, `not-ready` (and the approver's
//! `--override`, recorded).

use super::{REPO, approve, entry_of, propose, setup};
use crate::support::env::{Run, TestEnv, count};
use crate::support::fake_github::FakeGitHub;

/// A proposed comment on a new, observed issue: the environment, the fake,
/// the voyage and the proposal's entry number.
fn proposed_comment(extra: &[&str]) -> (TestEnv, FakeGitHub, String, i64) {
    let (env, gh, voyage) = setup();
    let issue = gh
        .add_issue(REPO, "Widget crash", "It crashes.")
        .to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let mut action = vec![
        "comment",
        "--issue",
        issue.as_str(),
        "--body",
        "Fixed in #45.",
    ];
    action.extend_from_slice(extra);
    let number = entry_of(&propose(&env, &action));
    (env, gh, voyage, number)
}

/// Refused with `kind`: nothing sent, nothing recorded after the proposal.
fn assert_refused(run: &Run, kind: &str, gh: &FakeGitHub, env: &TestEnv, voyage: &str) -> String {
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], kind, "{error}");
    assert!(gh.writes().is_empty(), "nothing sent: {:?}", gh.writes());
    assert_eq!(count(&env.sqlite(voyage), "logbook"), 1, "nothing recorded");
    let listed = env.run(&["proposals", "--all", "--json"]).json();
    assert_ne!(listed["proposals"][0]["state"], "performed");
    assert!(
        env.run(&["interrupted", "list", "--json"]).json()["interrupted"]
            .as_array()
            .unwrap()
            .is_empty(),
        "no interrupted attempt left behind"
    );
    error["error"]["message"].as_str().unwrap().to_string()
}

#[test]
fn the_proposer_cannot_approve_their_own_unless_allow_self_says_so() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    let run = approve(&env, "Agent-1", number, &[]);
    let message = assert_refused(&run, "same-identity", &gh, &env, &voyage);
    assert!(
        message.contains("agent-1") || message.contains("Agent-1"),
        "{message}"
    );
    assert!(
        run.error_json()["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("--allow-self")
    );

    let json = approve(&env, "agent-1", number, &["--allow-self"]).json();
    assert_eq!(json["action"]["approval"]["allowedSelf"], true, "{json}");
    assert_eq!(gh.writes().len(), 1);
}

#[test]
fn an_expired_proposal_is_refused() {
    let (env, gh, voyage, number) = proposed_comment(&["--expires", "1s"]);
    std::thread::sleep(std::time::Duration::from_millis(1200));
    let run = approve(&env, "alice", number, &[]);
    assert_refused(&run, "expired", &gh, &env, &voyage);
    let listed = env.run(&["proposals", "--all", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "expired", "{listed}");
}

#[test]
fn a_rejected_proposal_is_refused_as_a_conflict_and_the_rejection_is_an_entry() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    let rejected = env
        .run(&[
            "reject",
            &number.to_string(),
            "--as",
            "alice",
            "--role",
            "maintainer",
            "--method",
            "human",
            "--summary",
            "not this way",
            "--json",
        ])
        .json();
    assert_eq!(rejected["kind"], "rejection", "{rejected}");
    assert_eq!(rejected["action"]["rejects"], number);
    let run = approve(&env, "bob", number, &[]);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "conflict", "{error}");
    assert!(gh.writes().is_empty());
    assert_eq!(
        count(&env.sqlite(&voyage), "logbook"),
        2,
        "the proposal and its rejection"
    );
    let listed = env.run(&["proposals", "--all", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "rejected", "{listed}");
    assert_eq!(listed["proposals"][0]["decidedBy"]["identity"], "alice");
}

#[test]
fn a_stored_request_edited_in_the_voyage_file_is_a_bad_proposal() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    env.sqlite(&voyage)
        .execute(
            "UPDATE logbook SET action = json_set(action, '$.request.body.body', 'Merged, all good.') WHERE id = ?1",
            [number],
        )
        .unwrap();
    let run = approve(&env, "alice", number, &[]);
    let message = assert_refused(&run, "bad-proposal", &gh, &env, &voyage);
    assert!(message.contains("digest"), "{message}");
}

#[test]
fn a_stored_action_edited_to_send_another_body_is_a_bad_proposal() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    // The request and its digest untouched; the action performed changed.
    env.sqlite(&voyage)
        .execute(
            "UPDATE logbook SET action = json_set(action, '$.checked.body', 'Something else') WHERE id = ?1",
            [number],
        )
        .unwrap();
    let run = approve(&env, "alice", number, &[]);
    let message = assert_refused(&run, "bad-proposal", &gh, &env, &voyage);
    assert!(message.contains("not the one proposed"), "{message}");
}

#[test]
fn a_target_changed_since_the_proposal_is_stale() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    gh.add_issue_comment(REPO, 1, "carol", "Wait, it still crashes.");
    let run = approve(&env, "alice", number, &[]);
    let message = assert_refused(&run, "stale", &gh, &env, &voyage);
    assert!(message.contains("comment"), "says what changed: {message}");
}

#[test]
fn a_merge_not_ready_waits_for_the_approvers_override() {
    let (env, gh, voyage) = setup();
    let pr = gh
        .add_pr(REPO, "Fix widget crash", "fix-42", "main")
        .to_string();
    gh.add_check_run(REPO, "fix-42", "lint", "completed", Some("failure"));
    env.run(&["observe", "github-pr", &pr, "--focus", "checks,reviews"])
        .ok();
    // The proposer's own override lets it propose, and does not carry over.
    let proposed = propose(
        &env,
        &["merge-pr", "--pr", &pr, "--override", "lint is flaky"],
    );
    let number = entry_of(&proposed);
    let json = proposed.json();
    assert_eq!(json["action"]["request"]["method"], "PUT", "{json}");
    assert!(json["action"]["pins"]["headSha"].is_string(), "{json}");
    assert!(gh.writes().is_empty());

    let run = approve(&env, "alice", number, &[]);
    assert_refused(&run, "not-ready", &gh, &env, &voyage);

    let json = approve(
        &env,
        "alice",
        number,
        &["--override", "checked lint by hand"],
    )
    .json();
    assert_eq!(
        json["action"]["override"]["reason"], "checked lint by hand",
        "{json}"
    );
    assert_eq!(json["action"]["approval"]["proposal"], number);
    let writes = gh.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert!(writes[0].path().ends_with("/merge"), "{writes:?}");
}

#[test]
fn a_dry_run_of_an_approval_checks_everything_and_sends_nothing() {
    let (env, gh, voyage, number) = proposed_comment(&[]);
    let run = approve(&env, "alice", number, &["--dry-run"]);
    let json = run.json();
    assert_eq!(json["dryRun"]["request"]["method"], "POST", "{json}");
    assert!(gh.writes().is_empty());
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
    let run = approve(&env, "agent-1", number, &["--dry-run"]);
    assert_eq!(run.error_json()["error"]["kind"], "same-identity");
}
