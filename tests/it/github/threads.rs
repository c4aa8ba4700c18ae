//! The `reviews` focus's review threads from GitHub's GraphQL API: node ids
//! and state, read page by page, never kept from a prior look, and read
//! strictly.

use serde_json::Value;

use super::{REPO, no_violations, setup};

fn observe_reviews(env: &crate::support::env::TestEnv, pr: u64) -> Value {
    let pr = pr.to_string();
    let run = env.run(&["observe", "github-pr", &pr, "--focus", "reviews", "--json"]);
    run.json()["payload"]["reviews"]["threads"].clone()
}

fn graphql_reads(gh: &crate::support::fake_github::FakeGitHub) -> usize {
    let requests = gh.requests();
    requests.iter().filter(|r| r.path() == "/graphql").count()
}

#[test]
fn threads_carry_their_node_id_and_state_across_pages() {
    let (env, gh, _) = setup();
    gh.graphql_page_size(2);
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let roots: Vec<u64> = (1..=3)
        .map(|line| gh.add_review_comment(REPO, pr, "src/lib.rs", line, "Why?"))
        .collect();
    gh.resolve_thread(REPO, roots[1]);

    let threads = observe_reviews(&env, pr);
    assert_eq!(graphql_reads(&gh), 2, "two pages of two threads");
    let seen: Vec<(u64, &str, bool, bool)> = threads
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["id"].as_u64().unwrap(),
                t["threadId"].as_str().unwrap(),
                t["isResolved"].as_bool().unwrap(),
                t["isOutdated"].as_bool().unwrap(),
            )
        })
        .collect();
    let ids: Vec<String> = roots.iter().map(|r| format!("PRRT_{r}")).collect();
    assert_eq!(
        seen,
        [
            (roots[0], ids[0].as_str(), false, false),
            (roots[1], ids[1].as_str(), true, false),
            (roots[2], ids[2].as_str(), false, false),
        ]
    );
    no_violations(&gh);
}

/// Resolving a thread changes no REST answer, so the part is read again
/// rather than kept on 304s.
#[test]
fn a_thread_resolved_since_the_last_look_reads_as_resolved() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    let root = gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    assert_eq!(observe_reviews(&env, pr)[0]["isResolved"], false);
    gh.resolve_thread(REPO, root);
    assert_eq!(observe_reviews(&env, pr)[0]["isResolved"], true);
    no_violations(&gh);
}

#[test]
fn a_graphql_answer_missing_a_field_is_an_error() {
    let (env, gh, voyage) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    gh.add_review_comment(REPO, pr, "src/lib.rs", 3, "Why?");
    gh.strip_field(
        "/graphql",
        "data.repository.pullRequest.reviewThreads.nodes.isResolved",
    );
    let pr = pr.to_string();
    let run = env.run(&["observe", "github-pr", &pr, "--focus", "reviews", "--json"]);
    let error = run.error_json();
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("isResolved"), "{error}");
    let listed = env
        .run(&["slate", "list", "--voyage", &voyage, "--json"])
        .json();
    assert_eq!(
        listed["slate"].as_array().map(Vec::len),
        Some(0),
        "{listed}"
    );
}
