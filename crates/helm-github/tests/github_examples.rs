//! helm's GitHub response types (`wire`) read GitHub's own documented examples
//! (from @octokit/openapi): an answer shaped as documented always parses.

use helm_github::wire::{
    GitHubCheckRun as CheckRun, GitHubCombinedStatus as CombinedStatus, GitHubIssue as Issue,
    GitHubIssueComment as IssueComment, GitHubPull as Pull, GitHubPullFile as PullFile,
    GitHubReview as Review, GitHubReviewComment as ReviewComment, MergeResult,
};
use serde::de::DeserializeOwned;

use fake_github::openapi::example;

fn parses<T: DeserializeOwned>(method: &str, template: &str) -> T {
    let value = example(method, template);
    serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("{method} {template}: {e}\n{value:#}"))
}

fn parses_list<T: DeserializeOwned>(method: &str, template: &str) -> Vec<T> {
    parses::<Vec<T>>(method, template)
}

#[test]
fn every_answer_helm_reads_parses_from_the_documented_example() {
    let issue: Issue = parses("GET", "/repos/{owner}/{repo}/issues/{issue_number}");
    assert!(issue.number > 0 && !issue.title.is_empty());
    assert!(
        !parses_list::<IssueComment>(
            "GET",
            "/repos/{owner}/{repo}/issues/{issue_number}/comments"
        )
        .is_empty()
    );
    let pull: Pull = parses("GET", "/repos/{owner}/{repo}/pulls/{pull_number}");
    assert!(!pull.head.sha.is_empty());
    assert!(
        !parses_list::<PullFile>("GET", "/repos/{owner}/{repo}/pulls/{pull_number}/files")
            .is_empty()
    );
    let runs = example("GET", "/repos/{owner}/{repo}/commits/{ref}/check-runs");
    let runs: Vec<CheckRun> = serde_json::from_value(runs["check_runs"].clone()).unwrap();
    assert!(!runs.is_empty());
    let status: CombinedStatus = parses("GET", "/repos/{owner}/{repo}/commits/{ref}/status");
    assert!(!status.state.is_empty());
    assert!(
        !parses_list::<Review>("GET", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews")
            .is_empty()
    );
    assert!(
        !parses_list::<ReviewComment>("GET", "/repos/{owner}/{repo}/pulls/{pull_number}/comments")
            .is_empty()
    );
    assert!(!parses_list::<Issue>("GET", "/repos/{owner}/{repo}/issues").is_empty());
    assert!(!parses_list::<Pull>("GET", "/repos/{owner}/{repo}/pulls").is_empty());
}

#[test]
fn every_answer_to_a_write_parses_from_the_documented_example() {
    let _: IssueComment = parses(
        "POST",
        "/repos/{owner}/{repo}/issues/{issue_number}/comments",
    );
    let _: Issue = parses("POST", "/repos/{owner}/{repo}/issues");
    let _: Issue = parses("PATCH", "/repos/{owner}/{repo}/issues/{issue_number}");
    let _: Pull = parses("POST", "/repos/{owner}/{repo}/pulls");
    let _: Pull = parses("PATCH", "/repos/{owner}/{repo}/pulls/{pull_number}");
    let _: Pull = parses(
        "POST",
        "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
    );
    let reply: ReviewComment = parses(
        "POST",
        "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
    );
    assert!(reply.id > 0);
    let merge: MergeResult = parses("PUT", "/repos/{owner}/{repo}/pulls/{pull_number}/merge");
    assert!(merge.merged && merge.sha.is_some());
}
