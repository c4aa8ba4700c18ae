//! GitHub refusing, failing or out of reach: nothing is recorded; reads retry.

use serde_json::json;

use super::{REPO, no_violations, setup, steer};
use crate::support::env::{TestEnv, count};

/// Puts one observation on the slate so a refusal can be shown to leave it.
fn with_slate(env: &TestEnv, voyage: &str) {
    env.write("notes.txt", "context");
    env.run(&["observe", "-V", voyage, "file-contents", "notes.txt"])
        .ok();
}

fn assert_nothing_recorded(env: &TestEnv, voyage: &str) {
    let conn = env.sqlite(voyage);
    assert_eq!(count(&conn, "logbook"), 0);
    assert_eq!(count(&conn, "bearing_observations"), 0);
    assert_eq!(count(&conn, "slate"), 1);
}

#[test]
fn refusals_record_nothing_and_say_what_github_answered() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    let pr = gh.add_pr(REPO, "p", "feature", "main");
    with_slate(&env, &voyage);
    let issue_s = issue.to_string();
    let pr_s = pr.to_string();

    // 404: no such issue.
    let missing = steer(&env, "s", &["comment", "--issue", "999", "--body", "x"]);
    let err = missing.error_json();
    assert_eq!(missing.code, 1);
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("404 Not Found"),
        "{err}"
    );

    // 422 with GitHub's validation messages.
    gh.fail_next("POST", "/issues", 422, json!({"message": "Validation Failed", "errors": [{"resource": "Issue", "field": "title", "code": "missing_field"}], "documentation_url": "https://docs.github.com/rest"}));
    let invalid = steer(&env, "s", &["create-issue", "--title", "x"]);
    let message = invalid.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("422 Validation Failed") && message.contains("Issue.title: missing_field"),
        "{message}"
    );

    // 409: the head moved.
    let moved = steer(
        &env,
        "s",
        &[
            "merge-pr",
            "--pr",
            &pr_s,
            "--sha",
            &"0".repeat(40),
            "--override",
            "faults",
        ],
    );
    assert!(
        moved.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("409")
    );

    // 405: not mergeable.
    gh.set_mergeable(REPO, pr, false);
    let blocked = steer(
        &env,
        "s",
        &["merge-pr", "--pr", &pr_s, "--override", "faults"],
    );
    assert!(
        blocked.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("405")
    );

    // 500 on a write: never retried, nothing recorded.
    let before = gh.writes().len();
    gh.fail_next("POST", "/comments", 500, json!({"message": "Server Error"}));
    let broken = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    assert!(
        broken.error_json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("500")
    );
    assert_eq!(
        gh.writes().len(),
        before + 1,
        "a failed write must not be sent again"
    );

    // 403 naming the missing permission.
    gh.inject(
        crate::support::fake_github::Fault::new(
            "POST",
            "/comments",
            403,
            json!({"message": "Resource not accessible by personal access token"}),
        )
        .header("x-accepted-github-permissions", "issues=write"),
    );
    let forbidden = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    let err = forbidden.error_json();
    assert!(
        err["error"]["hint"]
            .as_str()
            .unwrap()
            .contains("issues=write"),
        "{err}"
    );

    // 401: a bad token. The bad token is not echoed anywhere.
    let mut env = env;
    env.set("GH_TOKEN", "ghp_wrongwrongwrong");
    let unauthorized = steer(&env, "s", &["comment", "--issue", &issue_s, "--body", "x"]);
    let stderr = unauthorized.fails(1).to_string();
    assert!(stderr.contains("401 Bad credentials"), "{stderr}");
    assert!(!stderr.contains("ghp_wrongwrongwrong"));

    assert_nothing_recorded(&env, &voyage);
    assert_eq!(gh.comments(REPO, issue).len(), 0);
    no_violations(&gh);
}

#[test]
fn an_unreachable_github_records_nothing() {
    let (mut env, _gh, voyage) = setup();
    with_slate(&env, &voyage);
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    env.set("HELM_GITHUB_API_URL", &format!("http://127.0.0.1:{port}"));
    let run = steer(&env, "s", &["comment", "--issue", "1", "--body", "x"]);
    let message = run.error_json()["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.contains("could not reach GitHub"), "{message}");
    assert_nothing_recorded(&env, &voyage);
}

#[test]
fn reads_retry_transient_failures_and_rate_limits() {
    let (env, gh, _) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    gh.fail_next(
        "GET",
        &format!("/issues/{issue}/comments"),
        502,
        json!({"message": "Bad Gateway"}),
    );
    gh.inject(crate::support::fake_github::Fault::secondary_rate_limited(
        "GET",
        &format!("/issues/{issue}"),
        1,
    ));
    let seen = env
        .run(&["observe", "github-issue", &issue.to_string(), "--json"])
        .json();
    assert_eq!(seen["payload"]["summary"]["title"], "t");
    // A failure that persists fails the observation, leaving the slate alone.
    gh.fail_always("GET", "/issues/", 500, json!({"message": "down"}));
    let run = env.run(&["observe", "github-issue", &issue.to_string()]);
    assert!(run.fails(1).contains("500"));
    assert_eq!(
        env.run(&["slate", "list", "--json"]).json()["slate"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn request_ids_make_steer_retries_safe() {
    let (env, gh, voyage) = setup();
    let issue = gh.add_issue(REPO, "t", "b");
    let action = [
        "--request-id",
        "retry-1",
        "comment",
        "--issue",
        &issue.to_string(),
        "--body",
        "once",
    ];
    let first = steer(&env, "s", &action).json();
    let second = steer(&env, "s", &action).json();
    assert_eq!(first["id"], second["id"]);
    assert_eq!(second["replayed"], true);
    assert_eq!(first["action"]["requestId"], "retry-1");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "GitHub got one comment");
    assert_eq!(count(&env.sqlite(&voyage), "logbook"), 1);
}
