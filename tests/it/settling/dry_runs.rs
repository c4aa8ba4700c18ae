//! Issue 40 item 11: a dry run of a retry says what settling its interrupted
//! attempt would decide (record the effect GitHub shows, act, or refuse as
//! `unknown-outcome`), read-only: no entry, the record and the slate kept,
//! nothing sent. The real retry then does what the dry run said.

use super::*;

/// `steer ... --request-id ID --dry-run`, in JSON unless `human`.
fn dry_run(env: &TestEnv, id: &str, action: &[&str], human: bool) -> Run {
    let mut args = steer_args(Some(id), action);
    args.push("--dry-run");
    if human {
        args.retain(|arg| *arg != "--json");
    }
    env.run(&args)
}

/// What a dry run must leave as it found it.
fn untouched(env: &TestEnv, gh: &FakeGitHub, voyage: &str, writes: usize, attempt: &str) {
    assert_eq!(gh.writes().len(), writes, "nothing sent: {:?}", gh.writes());
    assert_eq!(logbook(env, voyage), 0, "nothing recorded");
    assert_eq!(count(&env.sqlite(voyage), "slate"), 1, "the slate is kept");
    let left = interrupted(env);
    assert_eq!(left.len(), 1, "the record is kept");
    assert_eq!(left[0]["requestId"], attempt);
}

#[test]
fn a_dry_run_of_a_lost_comment_says_it_would_record_that_comment_and_the_retry_does() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "").to_string();
    let action = ["comment", "--issue", &issue, "--body", "plan"];
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    interrupted_steer(&env, Some("d-1"), &action);
    let comment = gh.comments(REPO, issue.parse().unwrap())[0].id;

    let json = dry_run(&env, "d-1", &action, false).json();
    let dry = &json["dryRun"];
    assert_eq!(dry["wouldAct"], false, "{json}");
    assert_eq!(dry["wouldSettle"]["decision"], "record", "{json}");
    assert_eq!(dry["wouldSettle"]["settled"], "found-on-github");
    assert_eq!(dry["wouldSettle"]["names"]["commentId"], comment, "{json}");
    assert_eq!(
        dry["wouldSettle"]["effect"],
        format!("comment on issue #{issue}")
    );
    assert!(dry.get("request").is_none(), "{json}");
    untouched(&env, &gh, &voyage, 1, "d-1");

    let human = dry_run(&env, "d-1", &action, true);
    human.ok();
    let said = format!(
        "the interrupted attempt 'd-1' did it, GitHub shows: would record comment on issue #{issue} (commentId {comment})"
    );
    assert!(human.stdout.contains(&said), "{}", human.stdout);
    assert!(
        human.stdout.contains("nothing would be sent"),
        "{}",
        human.stdout
    );
    untouched(&env, &gh, &voyage, 1, "d-1");

    let retry = steer(&env, Some("d-1"), &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-github", "{retry}");
    assert_eq!(retry["action"]["commentId"], comment);
    assert_eq!(gh.writes().len(), 1, "the retry sent nothing either");
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}

#[test]
fn a_dry_run_of_a_write_that_never_reached_github_says_it_would_act_and_the_retry_does() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    let number = issue.to_string();
    let action = ["comment", "--issue", &number, "--body", "plan"];
    lost_before_acting(&gh, "POST", "/comments");
    interrupted_steer(&env, Some("d-2"), &action);
    assert!(gh.comments(REPO, issue).is_empty(), "GitHub did not act");
    let writes = gh.writes().len();

    let json = dry_run(&env, "d-2", &action, false).json();
    let dry = &json["dryRun"];
    assert_eq!(dry["wouldAct"], true, "{json}");
    assert_eq!(dry["wouldSettle"]["decision"], "act", "{json}");
    assert!(dry["wouldSettle"].get("names").is_none(), "{json}");
    assert_eq!(dry["request"]["method"], "POST", "{json}");
    untouched(&env, &gh, &voyage, writes, "d-2");

    let human = dry_run(&env, "d-2", &action, true);
    human.ok();
    assert!(
        human
            .stdout
            .contains("the interrupted attempt 'd-2' did not act, so the steer would act"),
        "{}",
        human.stdout
    );
    untouched(&env, &gh, &voyage, writes, "d-2");

    let retry = steer(&env, Some("d-2"), &action).json();
    assert_eq!(retry["replayed"], false, "{retry}");
    assert!(
        retry["action"].get("settled").is_none(),
        "it acted: {retry}"
    );
    assert_eq!(gh.comments(REPO, issue).len(), 1);
    assert_eq!(gh.writes().len(), writes + 1);
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}

#[test]
fn a_dry_run_that_cannot_tell_refuses_as_the_retry_does() {
    let (gh, env, voyage) = sea(0);
    let issue = gh.add_issue(REPO, "Crash", "");
    gh.close_issue(REPO, issue);
    let n = issue.to_string();
    let reopen = ["reopen-issue", "--issue", &n];
    gh.inject(Fault::drop_after_acting("PATCH", &format!("/issues/{n}")));
    interrupted_steer(&env, Some("d-3"), &reopen);
    // The timeline no longer says who reopened: helm cannot tell.
    gh.strip_field("/timeline", "actor");

    let dry = dry_run(&env, "d-3", &reopen, false);
    assert_eq!(dry.code, 1, "{dry:?}");
    let refused = dry.error_json();
    assert_eq!(refused["error"]["kind"], "unknown-outcome", "{refused}");
    untouched(&env, &gh, &voyage, 1, "d-3");

    let retry = steer(&env, Some("d-3"), &reopen);
    assert_eq!(retry.code, 1, "{retry:?}");
    assert_eq!(retry.error_json(), refused, "the same words");
    untouched(&env, &gh, &voyage, 1, "d-3");
}
