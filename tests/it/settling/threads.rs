//! Issue 29 §1, §3 and §16 for `resolve-thread` and `unresolve-thread`: a
//! retry after a lost answer decides from what GitHub shows about this
//! attempt (who resolved the thread, against the state helm saw before
//! acting), never from the thread's state alone, and refuses as
//! `unknown-outcome` where GitHub cannot show it; a thread of another pull
//! request is refused before anything is acted on; the review-thread reads
//! name no field GitHub deprecated.

use super::*;
use crate::support::fake_github::VIEWER;

/// A PR with one review thread and an observation of its comments and
/// reviews; returns the PR, the thread's first comment and its node id.
fn thread_on_a_pr(gh: &FakeGitHub, env: &TestEnv) -> (u64, u64, String) {
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    observe_pr(env, pr);
    (pr, root, format!("PRRT_{root}"))
}

fn observe_pr(env: &TestEnv, pr: u64) {
    let n = pr.to_string();
    env.run(&["observe", "github-pr", &n, "--focus", "comments,reviews"])
        .ok();
}

/// The GraphQL mutations GitHub received (resolve and unresolve alike).
fn mutations(gh: &FakeGitHub) -> usize {
    gh.writes()
        .iter()
        .filter(|w| w.path() == "/graphql")
        .count()
}

/// The mutation's answer is lost after GitHub acted.
fn lost_after_acting(gh: &FakeGitHub, mutation: &str) {
    gh.inject(Fault::drop_after_acting("POST", "/graphql").when_body_contains(mutation));
}

/// `run` is refused as `unknown-outcome`, naming the thread and what to
/// check, and attempt `id`'s record is kept for a later settle.
fn refused_unknown(env: &TestEnv, run: &Run, thread: &str, id: &str) {
    assert_eq!(run.code, 1, "{}", run.stderr);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "unknown-outcome", "{error}");
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(thread), "{message}");
    assert!(message.contains("check thread"), "{message}");
    let hint = error["error"]["hint"].as_str().unwrap_or_default();
    assert!(hint.contains("helm interrupted"), "{hint}");
    assert!(
        interrupted(env).iter().any(|r| r["requestId"] == id),
        "the record of {id} is kept: {:?}",
        interrupted(env)
    );
}

#[test]
fn a_resolve_a_teammate_undid_is_never_resolved_again_even_after_a_fresh_look() {
    let (gh, env, voyage) = sea(0);
    let (pr, root, thread) = thread_on_a_pr(&gh, &env);
    let n = pr.to_string();
    let resolve = ["resolve-thread", "--pr", &n, "--thread", &thread];
    lost_after_acting(&gh, "resolveReviewThread");
    interrupted_steer(&env, Some("r-1"), &resolve);
    assert_eq!(gh.thread_resolved_by(REPO, root).as_deref(), Some(VIEWER));
    let entries = logbook(&env, &voyage);

    // A teammate answers on the PR and unresolves the thread.
    gh.add_issue_comment(REPO, pr, "bob", "Not fixed yet, reopening the thread.");
    gh.unresolve_thread(REPO, root);

    let retry = steer(&env, Some("r-1"), &resolve);
    refused_unknown(&env, &retry, &thread, "r-1");
    // The hint of a stale refusal would be to observe again: helm still
    // refuses, since what GitHub shows did not change.
    observe_pr(&env, pr);
    let retry = steer(&env, Some("r-1"), &resolve);
    refused_unknown(&env, &retry, &thread, "r-1");
    let settle = env.run(&["interrupted", "settle", "r-1", "--json"]);
    refused_unknown(&env, &settle, &thread, "r-1");

    assert!(
        !gh.thread_resolved(REPO, root),
        "the teammate's undo stands"
    );
    assert_eq!(mutations(&gh), 1, "helm resolved the thread once");
    assert_eq!(logbook(&env, &voyage), entries, "nothing recorded");
    consistent(&env, &voyage);
}

#[test]
fn a_thread_resolved_by_someone_else_is_not_claimed_as_the_attempts() {
    let (gh, env, voyage) = sea(0);
    let (pr, root, thread) = thread_on_a_pr(&gh, &env);
    let n = pr.to_string();
    let resolve = ["resolve-thread", "--pr", &n, "--thread", &thread];
    // GitHub never acted on the mutation; then a reviewer resolves the thread.
    gh.inject(
        Fault::new(
            "POST",
            "/graphql",
            502,
            serde_json::json!({"message": "Server Error"}),
        )
        .when_body_contains("resolveReviewThread"),
    );
    interrupted_steer(&env, Some("r-1"), &resolve);
    gh.resolve_thread(REPO, root);
    let entries = logbook(&env, &voyage);

    let retry = steer(&env, Some("r-1"), &resolve);
    refused_unknown(&env, &retry, &thread, "r-1");
    let message = retry.error_json()["error"]["message"].to_string();
    assert!(
        message.contains("octocat"),
        "names who resolved it: {message}"
    );
    assert_eq!(logbook(&env, &voyage), entries, "nothing claimed");
    assert_eq!(mutations(&gh), 1, "only the mutation GitHub answered 502");
    assert_eq!(
        gh.thread_resolved_by(REPO, root).as_deref(),
        Some("octocat")
    );
    consistent(&env, &voyage);
}

#[test]
fn a_resolve_helm_made_is_found_and_recorded_once() {
    let (gh, env, voyage) = sea(0);
    let (pr, _root, thread) = thread_on_a_pr(&gh, &env);
    let n = pr.to_string();
    let resolve = ["resolve-thread", "--pr", &n, "--thread", &thread];
    lost_after_acting(&gh, "resolveReviewThread");
    interrupted_steer(&env, Some("r-1"), &resolve);

    let entry = steer(&env, Some("r-1"), &resolve).json();
    assert_eq!(entry["action"]["settled"], "found-on-github", "{entry}");
    assert_eq!(entry["action"]["resolved"], true, "{entry}");
    assert_eq!(mutations(&gh), 1);
    assert!(interrupted(&env).is_empty());
    consistent(&env, &voyage);
}

#[test]
fn an_unresolve_whose_answer_was_lost_is_never_guessed_nor_sent_again() {
    let (gh, env, voyage) = sea(0);
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    gh.resolve_thread(REPO, root);
    observe_pr(&env, pr);
    let (n, thread) = (pr.to_string(), format!("PRRT_{root}"));
    let unresolve = ["unresolve-thread", "--pr", &n, "--thread", &thread];
    lost_after_acting(&gh, "unresolveReviewThread");
    interrupted_steer(&env, Some("u-1"), &unresolve);
    assert!(!gh.thread_resolved(REPO, root));
    let entries = logbook(&env, &voyage);

    // GitHub shows no one as having unresolved it: helm cannot tell.
    let retry = steer(&env, Some("u-1"), &unresolve);
    refused_unknown(&env, &retry, &thread, "u-1");
    // A reviewer resolves it again: acting now would undo their change.
    gh.resolve_thread(REPO, root);
    observe_pr(&env, pr);
    let retry = steer(&env, Some("u-1"), &unresolve);
    refused_unknown(&env, &retry, &thread, "u-1");

    assert!(
        gh.thread_resolved(REPO, root),
        "the reviewer's resolve stands"
    );
    assert_eq!(mutations(&gh), 1, "helm unresolved the thread once");
    assert_eq!(logbook(&env, &voyage), entries, "nothing recorded");
    consistent(&env, &voyage);
}

/// A thread of PR `other` named with `--pr asked` is refused before
/// anything is acted on, recorded or cleared.
fn refused_for_another_pr(action: &str) {
    let (gh, env, voyage) = sea(0);
    let asked = gh.add_pr(REPO, "Fix", "fix", "main");
    gh.add_review_comment(REPO, asked, "src/lib.rs", 1, "Mine?");
    let other = gh.add_pr(REPO, "Other", "other", "main");
    let root = gh.add_review_comment(REPO, other, "src/lib.rs", 3, "Why?");
    if action == "unresolve-thread" {
        gh.resolve_thread(REPO, root);
    }
    observe_pr(&env, asked);
    let slate = env.run(&["slate", "list", "--json"]).json();
    let entries = logbook(&env, &voyage);
    let (n, thread) = (asked.to_string(), format!("PRRT_{root}"));

    let run = steer(
        &env,
        Some("x-1"),
        &[action, "--pr", &n, "--thread", &thread],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let error = run.error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains(&format!("is on PR #{other}")) && message.contains(&format!("#{asked}")),
        "{message}"
    );
    assert_eq!(error["error"]["kind"], "not-found", "{error}");
    assert_eq!(
        gh.thread_resolved(REPO, root),
        action == "unresolve-thread",
        "the other PR's thread is untouched"
    );
    assert_eq!(mutations(&gh), 0, "nothing acted");
    assert_eq!(logbook(&env, &voyage), entries, "nothing recorded");
    assert!(interrupted(&env).is_empty(), "no interrupted attempt");
    let after = env.run(&["slate", "list", "--json"]).json();
    assert_eq!(after, slate, "the slate is untouched");
    consistent(&env, &voyage);
}

#[test]
fn resolve_thread_refuses_a_thread_of_another_pull_request() {
    refused_for_another_pr("resolve-thread");
}

#[test]
fn unresolve_thread_refuses_a_thread_of_another_pull_request() {
    refused_for_another_pr("unresolve-thread");
}

#[test]
fn githubs_schema_check_refuses_a_deprecated_field() {
    let query = |field: &str| {
        format!(
            "query($owner: String!, $name: String!, $number: Int!) {{ \
             repository(owner: $owner, name: $name) {{ pullRequest(number: $number) {{ \
             reviewThreads(first: 100) {{ nodes {{ id comments(first: 1) {{ nodes {{ {field} }} }} }} }} }} }} }}"
        )
    };
    let problems = fake_github::graphql_schema::check(&query("databaseId"));
    assert!(
        problems
            .iter()
            .any(|p| p.contains("PullRequestReviewComment.databaseId is deprecated")),
        "{problems:?}"
    );
    assert_eq!(
        fake_github::graphql_schema::check(&query("fullDatabaseId")),
        Vec::<String>::new()
    );
}

#[test]
fn review_threads_are_read_without_deprecated_fields_and_keep_their_ids() {
    let (gh, env, _voyage) = sea(0);
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    let n = pr.to_string();
    let look = env.run(&["observe", "github-pr", &n, "--focus", "reviews", "--json"]);
    let threads = look.json()["payload"]["reviews"]["threads"].clone();
    assert_eq!(threads[0]["id"], root, "{threads}");
    assert_eq!(threads[0]["threadId"], format!("PRRT_{root}"), "{threads}");
    let violations = gh.violations();
    assert!(violations.is_empty(), "{violations:#?}");
}
