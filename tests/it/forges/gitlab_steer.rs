//! helm steers on GitLab through the seam (ADR 0023): the real binary against
//! the fake GitLab, a project of nested groups on a host of its own, the
//! bearing checked without ETags (a new note refuses as `stale`), what GitLab
//! cannot do refused before anything is sent, a lost answer settled by the
//! retry without a second note, and every request within GitLab's documents.

use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::{Other, forge_voyage};

const PROJECT: &str = "group/sub/project";
const HOST: &str = "gitlab.example.com";

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
    let (mut env, fake, voyage) = forge_voyage(Other::GitLab, PROJECT, "comment on GitLab");
    env.set("HELM_FORGE", "gitlab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes on start.");
    let n = issue.to_string();
    observe_issue(&env, &n);
    env.run(&["observe", "repo", "--repo", &url()]).ok();
    let entry = steer(&env, &["comment", "--issue", &n, "--body", "On it."]).json();
    assert_eq!(entry["action"]["steer"], "comment", "{entry}");
    assert_eq!(entry["action"]["repo"], PROJECT);
    // The entry names where `repo` is, as GitHub's never need to.
    assert_eq!(entry["action"]["forge"], "gitlab", "{entry}");
    assert_eq!(entry["action"]["host"], HOST, "{entry}");
    assert_eq!(entry["action"]["issue"], issue);
    assert!(entry["action"]["commentId"].is_u64(), "{entry}");
    assert!(entry["action"]["actor"].is_string(), "{entry}");
    // The freshness record says what it read again, whole, and what not.
    let freshness = &entry["action"]["freshness"];
    assert_eq!(freshness["verdict"], "fresh", "{entry}");
    assert_eq!(freshness["checked"], 1, "{entry}");
    assert_eq!(
        freshness["observations"][0]["parts"],
        serde_json::json!(["comments", "summary"]),
        "{entry}"
    );
    let why = freshness["notChecked"][0]["why"]
        .as_str()
        .unwrap_or_default();
    assert!(why.contains("not an observation of issue #"), "{entry}");
    assert_eq!(entry["bearing"].as_array().map(Vec::len), Some(2));
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["On it."]);
    // The slate was sealed into the entry; the story tells it, and where.
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(0), "{slate}");
    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    assert!(
        story.contains(&format!("on GitLab at {HOST}")),
        "the story does not say where it acted:\n{story}"
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_new_note_since_the_observation_refuses_the_steer_as_stale() {
    let (mut env, fake, _) = forge_voyage(Other::GitLab, PROJECT, "stale on GitLab");
    env.set("HELM_FORGE", "gitlab");
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
    let (mut env, fake, _) = forge_voyage(Other::GitLab, PROJECT, "no close reason on GitLab");
    env.set("HELM_FORGE", "gitlab");
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
    let (mut env, fake, _) = forge_voyage(Other::GitLab, PROJECT, "lost answer on GitLab");
    env.set("HELM_FORGE", "gitlab");
    let gl = fake.gitlab();
    let issue = gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    fake.inject(Fault::drop_after_acting("POST", "/notes"));
    let action = [
        "--request-id",
        "r-1",
        "comment",
        "--issue",
        &n,
        "--body",
        "plan",
    ];
    let first = steer(&env, &action);
    let error = first.error_json();
    assert!(
        error["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("r-1")),
        "{error}"
    );
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["plan"], "GitLab acted");
    // A dry run of the retry says which forge showed the attempt's note.
    let repo = url();
    let mut dry = vec!["--repo", repo.as_str()];
    dry.extend_from_slice(&action);
    dry.push("--dry-run");
    let rehearsed = env.run(&steer_args(&dry)).ok().stdout.clone();
    assert!(rehearsed.contains("did it, GitLab shows"), "{rehearsed}");
    let retry = steer(&env, &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-gitlab", "{retry}");
    assert_eq!(retry["action"]["forge"], "gitlab", "{retry}");
    assert!(retry["action"]["commentId"].is_u64(), "{retry}");
    let (_, _, notes) = gl.item(PROJECT, false, issue);
    assert_eq!(notes, ["plan"], "never a second note");
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], serde_json::json!([]));
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_dry_run_on_gitlab_shows_the_write_and_sends_nothing() {
    let (mut env, fake, voyage) = forge_voyage(Other::GitLab, PROJECT, "dry run on GitLab");
    env.set("HELM_FORGE", "gitlab");
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
    let (mut env, fake, voyage) = forge_voyage(Other::GitLab, PROJECT, "MCP steers on GitLab");
    env.set("HELM_FORGE", "gitlab");
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

#[test]
fn who_acts_on_gitlab_is_asked_once_per_token_not_once_per_steer() {
    let (mut env, fake, _voyage) = forge_voyage(Other::GitLab, PROJECT, "label on GitLab");
    env.set("HELM_FORGE", "gitlab");
    let issue = fake
        .gitlab()
        .add_issue(PROJECT, "Widget crashes", "It crashes on start.");
    let n = issue.to_string();
    let users = || {
        fake.requests()
            .iter()
            .filter(|r| r.method == "GET" && r.path() == "/api/v4/user")
            .count()
    };
    // A label's answer names no author: the entry's actor is the account
    // the token acts as, asked of GitLab the first time only.
    let mut actors = Vec::new();
    for label in ["bug", "ui"] {
        observe_issue(&env, &n);
        let entry = steer(&env, &["label", "--issue", &n, "--add", label]).json();
        actors.push(entry["action"]["actor"].clone());
    }
    assert!(actors[0].is_string(), "{actors:?}");
    assert_eq!(actors[0], actors[1]);
    assert_eq!(users(), 1, "{:#?}", fake.requests());
    assert_eq!(fake.violations(), Vec::<String>::new());
}
