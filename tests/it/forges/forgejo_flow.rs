//! The seed's flow on Forgejo (issue 41, "Tests, with real parts"): observe
//! an issue and its pull request, comment, request review, label, merge
//! pinned to the head seen (refused while not approved and when the head
//! moved since it was observed), end with `log`; a reply to a review comment,
//! which Forgejo's API has not, is refused with nothing sent; a lost answer
//! is settled by the retry without a second comment. The real binary against
//! the fake Forgejo, every request within Forgejo's `swagger.v1.json`.

use serde_json::Value;

use crate::support::env::{TestEnv, log_args, steer_args};
use crate::support::fake_github::Fault;
use crate::support::github::{Other, forge_voyage};

const REPO: &str = "acme/widgets";
const URL: &str = "https://codeberg.org/acme/widgets";

fn steer(env: &TestEnv, action: &[&str]) -> crate::support::env::Run {
    let mut args = vec!["--repo", URL];
    args.extend_from_slice(action);
    args.push("--json");
    env.run(&steer_args(&args))
}

fn observe(env: &TestEnv, kind: &str, n: &str) -> Value {
    env.run(&["observe", kind, n, "--repo", URL, "--json"])
        .json()
}

#[test]
fn the_seeds_flow_runs_on_forgejo() {
    let (env, fake, voyage) = forge_voyage(Other::Forgejo, REPO, "fix the widget crash on Forgejo");
    let fj = fake.forgejo();
    fj.add_collaborator(REPO, "rev", "write");
    let issue = fj.add_issue(REPO, "Widget crashes", "It crashes on start.");
    let pr = fj.add_pull(REPO, "Fix widget crash", "fix-42", "main");
    fj.require_approvals(REPO, pr, 1);
    let (i, p) = (issue.to_string(), pr.to_string());

    observe(&env, "issue", &i);
    observe(&env, "pr", &p);
    let said = steer(&env, &["comment", "--issue", &i, "--body", "Taking this."]).json();
    assert!(said["action"]["commentId"].is_u64(), "{said}");
    let (_, _, comments) = fj.item(REPO, issue);
    assert_eq!(comments, ["Taking this."]);

    observe(&env, "pr", &p);
    let asked = steer(&env, &["request-review", "--pr", &p, "--reviewer", "rev"]).json();
    assert_eq!(asked["action"]["steer"], "request-review", "{asked}");

    // Forgejo has no reply to a review comment: refused, nothing sent.
    let before = fake.requests().len();
    let reply = steer(
        &env,
        &[
            "reply-inline",
            "--pr",
            &p,
            "--comment-id",
            "1",
            "--body",
            "Fixed.",
        ],
    )
    .error_json();
    assert_eq!(reply["error"]["kind"], "unsupported", "{reply}");
    assert_eq!(
        fake.requests().len(),
        before,
        "a refused steer sent requests"
    );

    observe(&env, "pr", &p);
    let labelled = steer(&env, &["label", "--pr", &p, "--add", "bug"]).json();
    assert_eq!(
        labelled["action"]["applied"]["labels"],
        serde_json::json!(["bug"])
    );
    let (_, labels, _) = fj.item(REPO, pr);
    assert_eq!(labels, ["bug"]);

    // Not approved yet: not ready, nothing merged.
    observe(&env, "pr", &p);
    let refused = steer(&env, &["merge-pr", &p]).error_json();
    assert_eq!(refused["error"]["kind"], "not-ready", "{refused}");
    fj.review(REPO, pr, "rev", "APPROVED", None);
    // The head moved since the observation: stale, nothing merged.
    observe(&env, "pr", &p);
    let moved = fj.push(REPO, pr);
    let stale = steer(&env, &["merge-pr", &p]).error_json();
    assert_eq!(stale["error"]["kind"], "stale", "{stale}");
    let (state, _, _) = fj.item(REPO, pr);
    assert_ne!(state, "merged");
    // Observed again: merged, pinned to the head seen.
    observe(&env, "pr", &p);
    let merged = steer(&env, &["merge-pr", &p]).json();
    assert_eq!(merged["action"]["pinnedSha"], moved.as_str(), "{merged}");
    let (state, _, _) = fj.item(REPO, pr);
    assert_eq!(state, "merged");

    env.run(&log_args("done")).ok();
    let story = env.run(&["voyage", "show", &voyage]).ok().stdout.clone();
    for line in [
        "── Steer 1 ── comment on issue #1",
        "── Steer 2 ── request review on PR #2 from rev",
        "── Steer 3 ── label PR #2 +bug",
        "── Steer 4 ── merge PR #2 (",
        "── Log 5 ── done",
    ] {
        assert!(story.contains(line), "{line}: {story}");
    }
    // The page names the forge, links nothing of it to GitHub's host, and
    // reads Forgejo's payloads as the threads they are.
    let page = env.run(&["voyage", "page", &voyage]).ok().stdout.clone();
    assert!(page.contains("On Forgejo at codeberg.org"), "{page}");
    assert!(
        !page.contains("github.com/acme"),
        "linked to GitHub: {page}"
    );
    assert!(page.contains("codeberg.org/acme/widgets#2"), "{page}");
    assert!(page.contains("“Fix widget crash”"), "not observed? {page}");
    assert!(!page.contains("\"number\": 2"), "raw JSON: {page}");
    // And a reviewer's browser finds it as it finds a GitHub voyage's.
    crate::page::browser::assert_forge_page_is_quiet(
        &env,
        &voyage,
        "https://codeberg.org",
        "On Forgejo at codeberg.org",
    );
    // So does the brief: where each thing is, and what was last seen of it.
    let brief = env.run(&["voyage", "brief", &voyage]).ok().stdout.clone();
    assert!(brief.contains("On the forges:"), "{brief}");
    assert!(
        brief.contains("pr codeberg.org/acme/widgets#2: request-review (entry 2)"),
        "{brief}"
    );
    assert!(!brief.contains("not observed"), "{brief}");
    let brief = env.run(&["voyage", "brief", &voyage, "--json"]).json();
    let pr = &brief["github"][1];
    assert_eq!(pr["forge"], "forgejo", "{brief}");
    assert_eq!(pr["host"], "codeberg.org", "{brief}");
    assert_eq!(pr["lastSeen"]["title"], "Fix widget crash", "{brief}");
    assert!(pr["pr"].is_object(), "the PR's CI and reviews: {brief}");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_lost_answer_on_forgejo_is_settled_by_the_retry_without_a_second_comment() {
    let (env, fake, _) = forge_voyage(Other::Forgejo, REPO, "lost answer on Forgejo");
    let fj = fake.forgejo();
    let issue = fj.add_issue(REPO, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    fake.inject(Fault::drop_after_acting("POST", "/comments"));
    let action = [
        "--request-id",
        "r-1",
        "comment",
        "--issue",
        &n,
        "--body",
        "plan",
    ];
    let error = steer(&env, &action).error_json();
    assert!(
        error["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("r-1")),
        "{error}"
    );
    let (_, _, comments) = fj.item(REPO, issue);
    assert_eq!(comments, ["plan"], "Forgejo acted");
    let retry = steer(&env, &action).json();
    assert_eq!(retry["action"]["settled"], "found-on-forgejo", "{retry}");
    assert_eq!(retry["action"]["forge"], "forgejo", "{retry}");
    assert!(retry["action"]["commentId"].is_u64(), "{retry}");
    let (_, _, comments) = fj.item(REPO, issue);
    assert_eq!(comments, ["plan"], "never a second comment");
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn interrupted_settle_records_a_lost_label_change_on_forgejo_from_what_it_shows() {
    let (env, fake, _) = forge_voyage(Other::Forgejo, REPO, "settle on Forgejo");
    let fj = fake.forgejo();
    let issue = fj.add_issue(REPO, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    fake.inject(Fault::drop_after_acting("POST", "/labels"));
    steer(&env, &["label", "--issue", &n, "--add", "bug"]).error_json();
    let (_, labels, _) = fj.item(REPO, issue);
    assert_eq!(labels, ["bug"], "Forgejo acted");
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    let attempt = listed["interrupted"][0]["requestId"]
        .as_str()
        .unwrap_or_else(|| panic!("nothing pending: {listed}"))
        .to_string();
    let settled = env
        .run(&["interrupted", "settle", &attempt, "--json"])
        .json();
    assert_eq!(settled["outcome"], "recorded", "{settled}");
    assert_eq!(settled["entry"]["action"]["steer"], "label");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-forgejo");
    assert_eq!(
        settled["entry"]["action"]["host"], "codeberg.org",
        "{settled}"
    );
    let listed = env.run(&["interrupted", "list", "--json"]).json();
    assert_eq!(listed["interrupted"], serde_json::json!([]));
    assert_eq!(fake.violations(), Vec::<String>::new());
}
