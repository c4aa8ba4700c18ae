//! An agent working a voyage over MCP against the local GitHub: the whole
//! seed-000 flow from issue to merge in one session, a steer retried with
//! its request id, and the brief it resumes from.

use serde_json::{Value, json};

use super::{Session, with};
use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;

const REPO: &str = "acme/widgets";

fn steer(session: &Session, voyage: &str, summary: &str, action: Value) -> Value {
    session.ok(
        "steer",
        with(summary, json!({"voyage": voyage, "action": action})),
    )
}

#[test]
fn the_seed_flow_from_issue_to_merge_over_one_session() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    env.write(
        "Cargo.toml",
        "[package]\nname = \"widgets\"\nversion = \"0.1.0\"\n",
    );
    env.write("src/lib.rs", "//! Widgets.\n");
    let issue = gh.add_issue(REPO, "Widget crashes on empty input", "Steps: run it.");
    let session = Session::start(&env);

    let voyage = session.ok(
        "voyage_new",
        json!({"intent": "Advance #42: fix widget crash"}),
    );
    let voyage = voyage["id"].as_str().unwrap().to_string();
    let seen = session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue}}),
    );
    assert_eq!(
        seen["payload"]["summary"]["title"],
        "Widget crashes on empty input"
    );
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "rust-project", "root": "."}}),
    );
    let plan = steer(
        &session,
        &voyage,
        "plan: bounds check",
        json!({"kind": "comment", "issue": issue, "body": "Plan: guard the index."}),
    );
    assert_eq!(plan["action"]["steer"], "comment");
    assert_eq!(plan["bearing"].as_array().unwrap().len(), 2);
    session.ok(
        "log",
        with(
            "asked for feedback on the plan",
            json!({"voyage": voyage, "state": "waiting"}),
        ),
    );
    gh.add_issue_comment(REPO, issue, "maintainer", "Sounds good.");
    let comments = session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue, "focus": ["comments"]}}),
    );
    assert_eq!(comments["payload"]["comments"][1]["body"], "Sounds good.");
    let created = steer(
        &session,
        &voyage,
        "plan agreed",
        json!({"kind": "create-pr", "title": "Fix widget crash", "head": "fix-42", "base": "main", "body": "Fixes #42"}),
    );
    let pr = created["action"]["pr"].as_u64().unwrap();
    steer(
        &session,
        &voyage,
        "ready for review",
        json!({"kind": "request-review", "pr": pr, "reviewers": ["bob"]}),
    );
    let inline = gh.add_review_comment(REPO, pr, "src/lib.rs", 1, "Return early?");
    let reviews = session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": pr, "focus": ["reviews"]}}),
    );
    assert_eq!(reviews["payload"]["reviews"]["threads"][0]["id"], inline);
    let reply = steer(
        &session,
        &voyage,
        "bob is right",
        json!({"kind": "reply-inline", "pr": pr, "commentId": inline, "body": "Done."}),
    );
    assert_eq!(reply["action"]["inReplyTo"], inline);
    // Observe the PR's summary: the brief tells its last known state.
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-pr", "number": pr, "focus": ["summary", "checks", "reviews"]}}),
    );
    let merged = steer(
        &session,
        &voyage,
        "approved, checks green",
        json!({"kind": "merge-pr", "pr": pr, "strategy": "squash"}),
    );
    assert_eq!(merged["action"]["mergeMethod"], "squash");
    assert_eq!(
        merged["action"]["mergeSha"].as_str().map(str::len),
        Some(40)
    );

    let show = session.ok("voyage_show", json!({"voyage": voyage}));
    let kinds: Vec<&str> = show["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"]["steer"].as_str().unwrap_or("log"))
        .collect();
    assert_eq!(
        kinds,
        [
            "comment",
            "log",
            "create-pr",
            "request-review",
            "reply-inline",
            "merge-pr"
        ]
    );
    assert_eq!(show, env.run(&["voyage", "show", &voyage, "--json"]).json());

    let brief = session.ok("voyage_brief", json!({"voyage": voyage}));
    assert_eq!(brief["entries"], 6);
    assert_eq!(brief["recent"].as_array().unwrap().len(), 5);
    assert_eq!(brief["recent"][0]["action"]["status"], "waiting");
    assert_eq!(brief["lastLogged"]["state"], "waiting");
    assert_eq!(brief["current"]["source"], "steer");
    assert_eq!(brief["current"]["entry"], 6);
    let github = brief["github"].as_array().unwrap();
    assert_eq!(github.len(), 2, "{github:#?}");
    assert_eq!(github[0]["kind"], "issue");
    assert_eq!(github[0]["number"], issue);
    assert_eq!(github[0]["lastSeen"]["state"], "open");
    assert_eq!(
        github[0]["lastSeen"]["title"],
        "Widget crashes on empty input"
    );
    assert_eq!(github[1]["kind"], "pr");
    let steers: Vec<&str> = github[1]["steers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["steer"].as_str().unwrap())
        .collect();
    assert_eq!(
        steers,
        ["create-pr", "request-review", "reply-inline", "merge-pr"]
    );
    assert_eq!(github[1]["lastSeen"]["title"], "Fix widget crash");
    assert_eq!(brief["slate"], json!([]));

    let human = env.run(&["voyage", "brief", &voyage]);
    human.ok();
    assert!(human.stdout.len() <= 4096);
    // The present is the merge, the latest entry; the log is older news.
    assert!(
        human.stdout.contains(&format!("State: merge PR #{pr} (")),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("  last logged: waiting (entry 2,"),
        "{}",
        human.stdout
    );
    assert!(human.stdout.contains("said: Done."), "{}", human.stdout);
    // The PR was last seen open; the merge came after that observation.
    assert!(
        human.stdout.contains("since then: merge-pr (entry 6)"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains(&format!("pr {REPO}#{pr}")),
        "{}",
        human.stdout
    );

    let ended = session.ok("voyage_end", json!({"voyage": voyage, "status": "merged"}));
    assert_eq!(ended["endedStatus"], "merged");
}

#[test]
fn a_steer_retried_with_its_request_id_acts_once() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Retry a steer");
    let issue = gh.add_issue(REPO, "Bug", "body");
    let session = Session::start(&env);
    let args = with(
        "plan",
        json!({"voyage": voyage, "requestId": "plan-1",
               "action": {"kind": "comment", "issue": issue, "body": "Plan"}}),
    );
    let first = session.ok("steer", args.clone());
    let again = session.ok("steer", args);
    assert_eq!(first["replayed"], false);
    assert_eq!(again["replayed"], true);
    assert_eq!(again["id"], first["id"]);
    assert_eq!(gh.comments(REPO, issue).len(), 1);
}

#[test]
fn a_repository_can_be_given_apart_from_the_target() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("GH_REPO", "");
    let voyage = env.new_voyage("Repo argument");
    let issue = gh.add_issue(REPO, "Bug", "body");
    let session = Session::start(&env);
    let seen = session.ok(
        "observe",
        json!({"voyage": voyage, "repo": REPO, "target": {"kind": "github-issue", "number": issue}}),
    );
    assert_eq!(seen["target"]["repo"], REPO);
}

#[test]
fn a_stale_bearing_is_refused_unless_allow_stale_is_given() {
    let gh = FakeGitHub::start();
    let env = TestEnv::for_github(&gh, REPO);
    let voyage = env.new_voyage("Stale over MCP");
    let issue = gh.add_issue(REPO, "Bug", "body");
    let session = Session::start(&env);
    session.ok(
        "observe",
        json!({"voyage": voyage, "target": {"kind": "github-issue", "number": issue}}),
    );
    gh.add_issue_comment(REPO, issue, "bob", "wait, don't do that");
    let action = json!({"kind": "comment", "issue": issue, "body": "Plan"});
    let refused = session.err(
        "steer",
        with("plan", json!({"voyage": voyage, "action": action})),
    );
    assert_eq!(refused["kind"], "stale", "{refused}");
    // The way out, named as MCP names it: the observe tool, the allowStale argument.
    let hint = refused["hint"].as_str().expect("a hint");
    assert!(
        hint.contains(&format!(
            "`observe` with `voyage` {voyage}, github-issue {issue}"
        )) && hint.contains("`allowStale`"),
        "{hint}"
    );
    assert_eq!(gh.comments(REPO, issue).len(), 1, "nothing posted");
    let acted = session.ok(
        "steer",
        with(
            "plan anyway",
            json!({"voyage": voyage, "action": action, "allowStale": true}),
        ),
    );
    assert_eq!(acted["action"]["freshness"]["verdict"], "stale", "{acted}");
    assert_eq!(gh.comments(REPO, issue).len(), 2);
}
