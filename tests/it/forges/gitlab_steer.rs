//! helm steers on GitLab through the seam (ADR 0023): the real binary against
//! the fake GitLab, a project of nested groups on a host of its own, the
//! bearing checked without ETags (a new note refuses as `stale`), what GitLab
//! cannot do refused before anything is sent, a lost answer settled by the
//! retry without a second note, and every request within GitLab's documents.

use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::{FakeGitHub, Fault};

const PROJECT: &str = "group/sub/project";
const HOST: &str = "gitlab.example.com";

/// A fresh fake and an environment aimed at its GitLab, with a voyage;
/// `HELM_FORGE` names GitLab for the unknown host.
fn gitlab_voyage(intent: &str) -> (TestEnv, FakeGitHub, String) {
    let fake = FakeGitHub::start();
    let mut env = TestEnv::new();
    env.set("HELM_GITLAB_API_URL", &fake.gitlab().url())
        .set("GITLAB_TOKEN", fake.gitlab().token())
        .set("HELM_GITHUB_TIMEOUT", "5")
        .set("HELM_FORGE", "gitlab");
    let voyage = env.new_voyage(intent);
    env.set("HELM_VOYAGE", &voyage);
    fake.gitlab().add_project(PROJECT);
    (env, fake, voyage)
}

fn url() -> String {
    format!("https://{HOST}/{PROJECT}")
}

/// `observe issue N` on the project, so a steer has its bearing.
fn observe_issue(env: &TestEnv, n: &str) {
    env.run(&["observe", "issue", n, "--repo", &url()]).ok();
}

fn steer(env: &TestEnv, action: &[&str]) -> crate::support::env::Run {
    let repo = url();
    let mut args = vec!["--repo", repo.as_str()];
    args.extend_from_slice(action);
    args.push("--json");
    env.run(&steer_args(&args))
}

#[test]
fn a_comment_on_an_observed_gitlab_issue_is_recorded_once() {
    let (env, fake, voyage) = gitlab_voyage("comment on GitLab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes on start.");
    let n = issue.to_string();
    observe_issue(&env, &n);
    let entry = steer(&env, &["comment", "--issue", &n, "--body", "On it."]).json();
    assert_eq!(entry["action"]["steer"], "comment", "{entry}");
    assert_eq!(entry["action"]["repo"], PROJECT);
    assert_eq!(entry["action"]["issue"], issue);
    assert!(entry["action"]["commentId"].is_u64(), "{entry}");
    assert!(entry["action"]["actor"].is_string(), "{entry}");
    assert_eq!(entry["action"]["freshness"]["verdict"], "fresh", "{entry}");
    assert_eq!(entry["bearing"].as_array().map(Vec::len), Some(1));
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["On it."]);
    // The slate was sealed into the entry; the story tells it.
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(0), "{slate}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_new_note_since_the_observation_refuses_the_steer_as_stale() {
    let (env, fake, _) = gitlab_voyage("stale on GitLab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    observe_issue(&env, &n);
    gl.comment_on_issue(PROJECT, issue, "bob", "actually it is fine");
    let error = steer(&env, &["comment", "--issue", &n, "--body", "On it."]).error_json();
    assert_eq!(error["error"]["kind"], "stale", "{error}");
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["actually it is fine"], "nothing was posted");
    // --allow-stale acts and records what changed.
    let entry = steer(
        &env,
        &[
            "comment",
            "--issue",
            &n,
            "--body",
            "On it.",
            "--allow-stale",
        ],
    )
    .json();
    assert_eq!(entry["action"]["freshness"]["verdict"], "stale", "{entry}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn what_gitlab_cannot_do_is_refused_before_anything_is_sent() {
    let (env, fake, _) = gitlab_voyage("no close reason on GitLab");
    let issue = fake
        .gitlab()
        .add_issue(PROJECT, "Widget crashes", "It crashes.");
    let before = fake.requests().len();
    let n = issue.to_string();
    let run = steer(&env, &["close-issue", &n, "--reason", "not-planned"]);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "unsupported", "{error}");
    assert_eq!(
        fake.requests().len(),
        before,
        "a refused steer sent requests"
    );
}

#[test]
fn a_lost_answer_on_gitlab_is_settled_by_the_retry_without_a_second_note() {
    let (env, fake, _) = gitlab_voyage("lost answer on GitLab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    fake.inject(Fault::drop_after_acting("POST", "/notes"));
    let first = steer(
        &env,
        &[
            "--request-id",
            "r-1",
            "comment",
            "--issue",
            &n,
            "--body",
            "plan",
        ],
    );
    let error = first.error_json();
    assert!(
        error["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("r-1")),
        "{error}"
    );
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["plan"], "GitLab acted");
    let retry = steer(
        &env,
        &[
            "--request-id",
            "r-1",
            "comment",
            "--issue",
            &n,
            "--body",
            "plan",
        ],
    )
    .json();
    assert!(retry["action"]["settled"].is_string(), "{retry}");
    assert!(retry["action"]["commentId"].is_u64(), "{retry}");
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["plan"], "never a second note");
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], serde_json::json!([]));
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_dry_run_on_gitlab_shows_the_write_and_sends_nothing() {
    let (env, fake, voyage) = gitlab_voyage("dry run on GitLab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    observe_issue(&env, &n);
    let writes = |fake: &FakeGitHub| fake.requests().iter().filter(|r| r.method != "GET").count();
    let before = writes(&fake);
    let json = steer(
        &env,
        &["comment", "--issue", &n, "--body", "On it.", "--dry-run"],
    )
    .json();
    let dry = &json["dryRun"];
    assert_eq!(dry["wouldAct"], true, "{json}");
    assert_eq!(dry["freshness"]["verdict"], "fresh", "{json}");
    assert_eq!(dry["request"]["method"], "POST", "{json}");
    assert_eq!(
        dry["request"]["path"],
        format!("/projects/group%2Fsub%2Fproject/issues/{n}/notes"),
        "{json}"
    );
    assert_eq!(dry["request"]["body"]["body"], "On it.", "{json}");
    assert_eq!(writes(&fake), before, "a dry run sent a write");
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert!(notes.is_empty());
    // Nothing recorded, nothing left pending; the observation stays.
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(1), "{slate}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn mcp_steers_on_gitlab_by_the_projects_url() {
    let (env, fake, voyage) = gitlab_voyage("MCP steers on GitLab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let session = crate::mcp::Session::start(&env);
    session.ok(
        "observe",
        serde_json::json!({
            "voyage": voyage,
            "target": {"kind": "issue", "number": issue},
            "repo": url(),
        }),
    );
    let entry = session.ok(
        "steer",
        crate::mcp::with(
            "answer on GitLab",
            serde_json::json!({
                "voyage": voyage,
                "repo": url(),
                "action": {"kind": "comment", "issue": issue, "body": "On it."},
            }),
        ),
    );
    assert_eq!(entry["action"]["repo"], PROJECT, "{entry}");
    assert_eq!(entry["action"]["freshness"]["verdict"], "fresh", "{entry}");
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["On it."]);
    assert_eq!(fake.violations(), Vec::<String>::new());
}
