//! Self-tests of GitLab's and Forgejo's documents (the fixtures) and of the fakes refusing,
//! and `violations()` listing, any request outside them.

use super::*;
use fake_github::documented;
use fake_github::{FORGEJO_TOKEN, GITLAB_TOKEN};

#[test]
fn the_fixtures_name_their_sources_and_the_operations_the_fakes_serve() {
    let gitlab = documented::gitlab();
    assert_eq!(gitlab.source, "gitlab 0.1905.0");
    assert_eq!(gitlab.operations.len(), 30);
    let forgejo = documented::forgejo();
    assert!(
        forgejo.source.starts_with("forgejo-api-0.12.0"),
        "{}",
        forgejo.source
    );
    assert_eq!(forgejo.operations.len(), 31);
    // `{index}.{diffType}` is told apart from `{index}` by the index's type.
    let diff = forgejo
        .route("GET", "/api/v1/repos/a/b/pulls/5.diff")
        .unwrap();
    assert_eq!(diff.0.source, "repoDownloadPullDiffOrPatch");
    assert_eq!(
        diff.1[2..],
        [
            ("index".to_owned(), "5".to_owned()),
            ("diffType".to_owned(), "diff".to_owned())
        ]
    );
    let pull = forgejo.route("GET", "/api/v1/repos/a/b/pulls/5").unwrap();
    assert_eq!(pull.0.source, "repoGetPullRequest");
    // A project's path arrives encoded as one segment and is decoded.
    let (op, params) = gitlab
        .route("GET", "/api/v4/projects/acme%2Fwidgets/issues/3")
        .unwrap();
    assert!(op.source.starts_with("Issue "), "{}", op.source);
    assert_eq!(params[0], ("project".to_owned(), "acme/widgets".to_owned()));
}

#[test]
fn the_validators_accept_documented_requests_and_name_what_is_not() {
    let gitlab = documented::gitlab();
    let fields = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
    let edit = "/api/v4/projects/1/issues/2";
    assert!(
        gitlab
            .validate(
                "PUT",
                edit,
                Some(&fields(&["add_labels", "remove_labels", "state_event"]))
            )
            .is_ok()
    );
    assert_eq!(
        gitlab
            .validate("PUT", edit, Some(&fields(&["close_reason"])))
            .err(),
        Some(vec!["undeclared body field `close_reason`".to_owned()])
    );
    assert_eq!(
        gitlab
            .validate(
                "GET",
                "/api/v4/projects/1/issues?labels=bug&colour=red",
                None
            )
            .err(),
        Some(vec!["undeclared query parameter `colour`".to_owned()])
    );
    assert_eq!(
        gitlab.validate("DELETE", edit, None).err(),
        Some(vec![
            "GitLab documents no DELETE /api/v4/projects/1/issues/2".to_owned()
        ])
    );
    let forgejo = documented::forgejo();
    let merge = "/api/v1/repos/a/b/pulls/1/merge";
    assert!(
        forgejo
            .validate("POST", merge, Some(&fields(&["Do", "head_commit_id"])))
            .is_ok()
    );
    assert_eq!(
        forgejo
            .validate("POST", merge, Some(&fields(&["head_commit_id"])))
            .err(),
        Some(vec!["missing required body field `Do`".to_owned()])
    );
    // Forgejo has no reply to a review comment.
    assert!(
        forgejo
            .validate("POST", "/api/v1/repos/a/b/pulls/1/comments/9/replies", None)
            .is_err()
    );
    assert_eq!(
        forgejo
            .validate("GET", "/api/v1/repos/a/b/issues/1", Some(&[]))
            .err(),
        Some(vec![
            "a body sent to an operation that takes none".to_owned()
        ])
    );
}

#[test]
fn gitlab_refuses_undocumented_requests_and_violations_list_them() {
    let fake = FakeGitHub::start();
    fake.gitlab().add_project("acme/widgets");
    let iid = fake.gitlab().add_issue("acme/widgets", "Broken", "");
    let mut client = Client::with_auth(&fake, Some(format!("Bearer {GITLAB_TOKEN}")));
    let issue = format!("/api/v4/projects/acme%2Fwidgets/issues/{iid}");
    let odd = client.call(
        "PUT",
        &issue,
        json!({ "state_event": "close", "close_reason": "completed" }),
    );
    assert_eq!(odd.status, 400, "{}", odd.body);
    assert_eq!(
        fake.gitlab().item("acme/widgets", false, iid).0,
        "opened",
        "a refused request changes nothing"
    );
    assert_eq!(client.send("DELETE", &issue, &[], None).status, 404);
    assert_eq!(
        client
            .call("PUT", &issue, json!({ "state_event": "close" }))
            .status,
        200
    );
    assert_eq!(
        fake.violations(),
        [
            format!("PUT {issue}: undeclared body field `close_reason`"),
            format!("DELETE {issue}: GitLab documents no DELETE {issue}"),
        ]
    );
}

#[test]
fn forgejo_refuses_undocumented_requests_and_violations_list_them() {
    let fake = FakeGitHub::start();
    fake.forgejo().add_repo(REPO);
    let number = fake
        .forgejo()
        .add_pull(REPO, "Add feature", "feature", "main");
    let mut client = Client::with_auth(&fake, Some(format!("token {FORGEJO_TOKEN}")));
    let merge = format!("/api/v1/repos/{REPO}/pulls/{number}/merge");
    let github_style = client.call(
        "POST",
        &merge,
        json!({ "merge_method": "squash", "sha": "abc" }),
    );
    assert_eq!(github_style.status, 400, "{}", github_style.body);
    let resolve = format!("/api/v1/repos/{REPO}/pulls/{number}/threads/1/resolve");
    assert_eq!(client.call("PUT", &resolve, json!({})).status, 404);
    let problems = fake.violations();
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].contains("undeclared body field `merge_method`"));
    assert!(problems[2].contains("missing required body field `Do`"));
    assert!(problems[3].starts_with(&format!("PUT {resolve}: Forgejo documents no PUT")));
    // The GitHub side of the same server is unaffected by the other forges' documents.
    assert!(fake.violations().iter().all(|p| p.contains("/api/v1/")));
}
