//! `voyage end` never strands an interrupted steer: it refuses while this
//! machine holds one, and a voyage that ended all the same (elsewhere, then
//! pulled) still records what GitHub did, without ever acting again.

use super::*;

#[test]
fn voyage_end_refuses_while_a_steer_is_interrupted_and_says_how_to_settle() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let attempt = interrupted_steer(
        &env,
        None,
        &["comment", "--issue", &number, "--body", "plan"],
    );

    let refused = env.run(&["voyage", "end", &voyage, "--json"]);
    let error = refused.error_json();
    assert_eq!(refused.code, 1);
    assert_eq!(error["error"]["kind"], "conflict", "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(message.contains(&attempt), "{message}");
    let hint = error["error"]["hint"].as_str().unwrap();
    assert!(hint.contains("helm interrupted settle"), "{hint}");
    let listed = env.run(&["voyage", "list", "--json"]).json();
    assert_eq!(listed["voyages"][0]["status"], "active", "{listed}");

    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded");
    env.run(&["voyage", "end", &voyage]).ok();
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    consistent(&env, &voyage);
}

/// Ends the voyage as a pull from a machine that ended it would.
fn ended_elsewhere(env: &TestEnv, voyage: &str) {
    env.sqlite(voyage)
        .execute(
            "UPDATE voyage SET status = 'ended', ended_at = '2026-11-22T00:00:00.000000Z'",
            [],
        )
        .unwrap();
}

#[test]
fn on_an_ended_voyage_settling_still_records_and_a_retry_never_acts() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "t", "");
    let number = issue.to_string();
    let comment = ["comment", "--issue", &number, "--body", "plan"];
    // One attempt GitHub performed, one it never saw.
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let done = interrupted_steer(&env, None, &comment);
    lost_before_acting(&gh, "POST", "/comments");
    interrupted_steer(&env, Some("r-2"), &comment);
    ended_elsewhere(&env, &voyage);

    let settled = env.run(&["interrupted", "settle", &done, "--json"]).json();
    assert_eq!(settled["outcome"], "recorded", "{settled}");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-github");

    let writes = gh.writes().len();
    let refused = steer(&env, Some("r-2"), &comment);
    let error = refused.error_json();
    assert_eq!(error["error"]["kind"], "voyage-ended", "{error}");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("did not act"),
        "{error}"
    );
    assert_eq!(
        gh.writes().len(),
        writes,
        "nothing acted on an ended voyage"
    );
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    assert_eq!(logbook(&env, &voyage), 1);
    consistent(&env, &voyage);
}
