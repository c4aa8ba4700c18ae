//! Propose, then approve, on GitLab and Forgejo (issue 41's leftover of
//! issue 42): the real binary against the fake forges. A proposal there sends
//! nothing and records where it acts (`forge` and `host` beside `repo`); an
//! approval performs it once through the forge's seam, refused `stale` when
//! the target changed, found on the forge (never posted twice) when the same
//! proposal is approved again or on a second machine that pulled it, and
//! refused with the variables to set when this machine has no token.

use serde_json::Value;

use crate::proposals::{approve_args, entry_of};
use crate::support::env::{Run, TestEnv};
use crate::support::fake_github::{FakeGitHub, Fault};
use crate::support::github::{Other, forge_voyage};
use crate::sync::Remote;

/// A project of nested groups on a GitLab host of its own (`HELM_FORGE`).
const PROJECT: &str = "group/sub/project";
const HOST: &str = "gitlab.example.com";
/// A repository on Codeberg, Forgejo's home.
const FORGEJO_REPO: &str = "acme/widgets";
const FORGEJO_URL: &str = "https://codeberg.org/acme/widgets";

pub(super) fn url() -> String {
    format!("https://{HOST}/{PROJECT}")
}

/// `steer --propose` as the agent on `repo`, with `action`, in JSON.
pub(super) fn propose(env: &TestEnv, repo: &str, action: &[&str]) -> Run {
    let mut args = vec!["--repo", repo];
    args.extend_from_slice(action);
    crate::proposals::propose(env, &args)
}

/// `approve ENTRY` as `who`, in JSON.
pub(super) fn approve(env: &TestEnv, who: &str, entry: i64) -> Run {
    crate::proposals::approve(env, who, entry, &[])
}

fn writes(fake: &FakeGitHub) -> usize {
    fake.requests().iter().filter(|r| r.method != "GET").count()
}

/// A GitLab issue observed on a fresh voyage: (env, fake, voyage, issue).
pub(super) fn observed_gitlab_issue(intent: &str) -> (TestEnv, FakeGitHub, String, u64) {
    let (mut env, fake, voyage) = forge_voyage(Other::GitLab, PROJECT, intent);
    env.set("HELM_FORGE", "gitlab");
    let issue = fake
        .gitlab()
        .add_issue(PROJECT, "Widget crashes", "It crashes on start.");
    env.run(&["observe", "issue", &issue.to_string(), "--repo", &url()])
        .ok();
    (env, fake, voyage, issue)
}

#[test]
fn a_comment_proposed_on_gitlab_is_posted_once_at_approval() {
    let (env, fake, voyage, issue) = observed_gitlab_issue("propose on GitLab");
    let n = issue.to_string();
    let before = writes(&fake);
    let proposed = propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    );
    let number = entry_of(&proposed);
    let entry = proposed.json();
    assert_eq!(entry["kind"], "proposal", "{entry}");
    assert_eq!(entry["action"]["repo"], PROJECT, "{entry}");
    assert_eq!(entry["action"]["forge"], "gitlab", "{entry}");
    assert_eq!(entry["action"]["host"], HOST, "{entry}");
    assert_eq!(
        entry["action"]["request"]["path"],
        format!("/projects/group%2Fsub%2Fproject/issues/{n}/notes"),
        "{entry}"
    );
    assert_eq!(writes(&fake), before, "a proposal sent a write");
    let listed = env.run(&["proposals"]).ok().stdout.clone();
    assert!(
        listed.contains(&format!("in {PROJECT} on GitLab at {HOST}")),
        "{listed}"
    );

    let approved = approve(&env, "alice", number).json();
    assert_eq!(approved["kind"], "steer", "{approved}");
    assert_eq!(approved["action"]["approval"]["proposal"], number);
    assert!(approved["action"]["commentId"].is_u64(), "{approved}");
    // The steer names where it acted as any steer on GitLab does: the
    // observation it checked fresh is the project's on its host.
    assert_eq!(
        approved["action"]["freshness"]["observations"][0]["target"],
        format!("issue {HOST}/{PROJECT}#{n}"),
        "{approved}"
    );
    let (_, _, notes) = fake.gitlab().item(PROJECT, false, issue);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("Fixed.\n\n<!-- helm proposal "),
        "{notes:?}"
    );
    // The story names the forge the proposal acts on.
    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    assert!(story.contains(&format!("on GitLab at {HOST}")), "{story}");
    let page = env.work().join("page.html");
    let page_arg = page.to_string_lossy().into_owned();
    env.run(&["voyage", "page", &voyage, "--out", &page_arg])
        .ok();
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(&format!("on GitLab at {HOST}")), "the page");
    let listed = env.run(&["proposals", "--all", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "performed", "{listed}");
    assert_eq!(listed["proposals"][0]["forge"], "gitlab", "{listed}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_comment_proposed_on_forgejo_is_posted_once_at_approval() {
    let (env, fake, _voyage) = forge_voyage(Other::Forgejo, FORGEJO_REPO, "propose on Forgejo");
    let fj = fake.forgejo();
    let issue = fj.add_issue(FORGEJO_REPO, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    let url = FORGEJO_URL;
    env.run(&["observe", "issue", &n, "--repo", url]).ok();
    let before = writes(&fake);
    let proposed = propose(&env, url, &["comment", "--issue", &n, "--body", "Fixed."]);
    let number = entry_of(&proposed);
    let entry = proposed.json();
    assert_eq!(entry["action"]["forge"], "forgejo", "{entry}");
    assert_eq!(entry["action"]["host"], "codeberg.org", "{entry}");
    assert_eq!(writes(&fake), before, "a proposal sent a write");
    // A dry run of the approval checks it against Forgejo and sends nothing.
    let entry_number = number.to_string();
    let mut dry = approve_args("alice", &entry_number);
    dry.push("--dry-run");
    let dry = env.run(&dry).json();
    assert_eq!(dry["dryRun"]["wouldAct"], true, "{dry}");
    assert_eq!(
        dry["dryRun"]["request"], entry["action"]["request"],
        "{dry}"
    );
    assert_eq!(writes(&fake), before, "a dry run sent a write");

    let approved = approve(&env, "alice", number).json();
    assert_eq!(
        approved["action"]["approval"]["proposal"], number,
        "{approved}"
    );
    assert!(approved["action"]["commentId"].is_u64(), "{approved}");
    let (_, _, comments) = fj.item(FORGEJO_REPO, issue);
    assert_eq!(comments.len(), 1, "{comments:?}");
    assert!(comments[0].starts_with("Fixed."), "{comments:?}");
    // Approved again: the entry is replayed and nothing is sent.
    let before = writes(&fake);
    let again = approve(&env, "alice", number).json();
    assert_eq!(again["replayed"], true, "{again}");
    assert_eq!(writes(&fake), before, "a second approval sent a write");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn an_approval_on_gitlab_of_a_target_changed_since_is_refused_stale_and_can_be_rejected() {
    let (env, fake, _voyage, issue) = observed_gitlab_issue("stale proposal on GitLab");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    fake.gitlab()
        .comment_on_issue(PROJECT, issue, "bob", "it is not fixed");
    let before = writes(&fake);
    let refused = approve(&env, "alice", number).error_json();
    assert_eq!(refused["error"]["kind"], "stale", "{refused}");
    assert_eq!(writes(&fake), before, "a stale approval sent a write");
    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "pending", "{listed}");
    let pending = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(pending["interrupted"], serde_json::json!([]), "{pending}");
    // A person rejects it instead: recorded, nothing sent.
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
            "bob says not fixed",
            "--json",
        ])
        .json();
    assert_eq!(rejected["action"]["rejects"], number, "{rejected}");
    assert_eq!(writes(&fake), before, "a rejection sent a write");
    let refused = approve(&env, "carol", number).error_json();
    assert_eq!(refused["error"]["kind"], "conflict", "{refused}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_gitlab_proposal_approved_on_two_machines_is_posted_once() {
    let (a, fake, voyage, issue) = observed_gitlab_issue("approved on two machines");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &a,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    // A second home on the same GitLab, sharing the voyage through a remote.
    let mut b = TestEnv::new();
    b.set("HELM_GITLAB_API_URL", &fake.gitlab().url())
        .set("GITLAB_TOKEN", fake.gitlab().token())
        .set("HELM_GITHUB_TIMEOUT", "5")
        .set("HELM_FORGE", "gitlab")
        .set("HELM_VOYAGE", &voyage);
    let remote = Remote::new();
    let sync = |env: &TestEnv, verb: &str| {
        env.run(&["voyage", verb, &voyage, "--remote", &remote.arg()])
            .ok();
    };
    sync(&a, "push");
    sync(&b, "pull");

    let first = approve(&a, "alice", number).json();
    assert_eq!(first["replayed"], false, "{first}");
    let second = approve(&b, "bob", number).json();
    assert!(second["action"]["settled"].is_string(), "{second}");
    assert_eq!(second["action"]["commentId"], first["action"]["commentId"]);
    assert_eq!(second["action"]["approval"]["proposal"], number);
    let (_, _, notes) = fake.gitlab().item(PROJECT, false, issue);
    assert_eq!(notes.len(), 1, "one note: {notes:?}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_lost_answer_to_a_gitlab_approval_is_settled_never_repeated() {
    let (env, fake, _voyage, issue) = observed_gitlab_issue("lost approval on GitLab");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    fake.inject(Fault::drop_after_acting("POST", "/notes"));
    let lost = approve(&env, "alice", number);
    assert_ne!(lost.code, 0, "{lost:?}");
    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(
        listed["proposals"][0]["state"], "unknown-outcome",
        "{listed}"
    );
    // While GitLab cannot show who the token acts as, the retry cannot
    // tell whether the note is its own: refused, nothing sent, still
    // pending.
    fake.fail_always(
        "GET",
        "/api/v4/user",
        502,
        serde_json::json!({"message": "502 Bad Gateway"}),
    );
    let before = writes(&fake);
    let refused = approve(&env, "alice", number).error_json();
    assert_eq!(refused["error"]["kind"], "unknown-outcome", "{refused}");
    // It names the forge it could not ask, never GitHub.
    let said = refused["error"].to_string();
    assert!(said.contains("whether GitLab acted"), "{refused}");
    assert!(!said.contains("GitHub"), "{refused}");
    assert_eq!(
        writes(&fake),
        before,
        "a retry that cannot tell sent a write"
    );
    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(
        listed["proposals"][0]["state"], "unknown-outcome",
        "{listed}"
    );
    fake.clear_faults();

    let settled = approve(&env, "alice", number).json();
    assert!(settled["action"]["settled"].is_string(), "{settled}");
    assert_eq!(settled["action"]["approval"]["proposal"], number);
    let (_, _, notes) = fake.gitlab().item(PROJECT, false, issue);
    assert_eq!(notes.len(), 1, "settled, never repeated: {notes:?}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

/// A comment proposed on the observed GitLab issue, then approved with
/// `unset` taken out of the environment: the refusal's JSON, after checking
/// that nothing was sent, written or left pending.
fn approved_without(unset: &str) -> Value {
    let (env, fake, _voyage, issue) = observed_gitlab_issue("approved without a setting");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ))
    .to_string();
    let before = fake.requests().len();
    let output = env
        .command(&approve_args("alice", &number))
        .env_remove(unset)
        .output()
        .unwrap();
    assert_ne!(output.status.code(), Some(0), "{output:?}");
    let error: Value = serde_json::from_slice(&output.stderr).unwrap();
    assert_eq!(fake.requests().len(), before, "a request went out: {error}");
    let listed = env.run(&["proposals", "--json"]).json();
    assert_eq!(listed["proposals"][0]["state"], "pending", "{listed}");
    let pending = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(pending["interrupted"], serde_json::json!([]), "{pending}");
    error
}

#[test]
fn an_approval_without_a_gitlab_token_says_which_variables_to_set() {
    let error = approved_without("GITLAB_TOKEN");
    let said = format!("{} {}", error["error"]["message"], error["error"]["hint"]);
    assert!(
        said.contains("GITLAB_TOKEN") && said.contains("GL_TOKEN"),
        "{error}"
    );
}

#[test]
fn a_proposal_naming_a_host_this_machine_does_not_name_gets_no_token() {
    // A proposal's host is the voyage's word: pulled from a shared remote,
    // it could name any server. Without an API URL setting the token would
    // go to https://HOST/api/v4, so helm asks that this machine name the host.
    let error = approved_without("HELM_GITLAB_API_URL");
    assert_eq!(error["error"]["kind"], "config", "{error}");
    let said = format!("{} {}", error["error"]["message"], error["error"]["hint"]);
    assert!(said.contains(HOST), "{error}");
    assert!(
        said.contains(&format!("helm.forge.{HOST} gitlab")),
        "{error}"
    );
}

#[test]
fn mcp_proposes_on_gitlab_by_the_projects_url_and_sends_nothing() {
    let (env, fake, voyage, issue) = observed_gitlab_issue("MCP proposes on GitLab");
    let before = writes(&fake);
    let session = crate::mcp::Session::start(&env);
    let entry = session.ok(
        "steer",
        crate::mcp::with(
            "ready to go",
            serde_json::json!({
                "voyage": voyage,
                "repo": url(),
                "propose": true,
                "action": {"kind": "comment", "issue": issue, "body": "Fixed."},
            }),
        ),
    );
    assert_eq!(entry["kind"], "proposal", "{entry}");
    assert_eq!(entry["action"]["forge"], "gitlab", "{entry}");
    assert_eq!(writes(&fake), before, "a proposal sent a write");
    let listed = session.ok("proposals", serde_json::json!({"voyage": voyage}));
    assert_eq!(listed["proposals"][0]["host"], HOST, "{listed}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_gitlab_proposal_whose_stored_action_was_edited_sends_nothing() {
    let (env, fake, voyage, issue) = observed_gitlab_issue("edited proposal on GitLab");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    // The request and its digest untouched; the action GitLab would be
    // sent changed: the digest check on the write about to leave refuses.
    env.sqlite(&voyage)
        .execute(
            "UPDATE logbook SET action = json_set(action, '$.checked.body', 'Something else') WHERE id = ?1",
            [number],
        )
        .unwrap();
    let before = writes(&fake);
    let refused = approve(&env, "alice", number).error_json();
    assert_eq!(refused["error"]["kind"], "bad-proposal", "{refused}");
    assert_eq!(writes(&fake), before, "an edited proposal sent a write");
    let (_, _, notes) = fake.gitlab().item(PROJECT, false, issue);
    assert!(notes.is_empty(), "{notes:?}");
    let pending = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(pending["interrupted"], serde_json::json!([]), "{pending}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}
