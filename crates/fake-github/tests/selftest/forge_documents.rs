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

/// Every JSON answer of a Forgejo flow holds only fields its swagger names for the
/// operation: the fake's shapes are Forgejo's, not GitHub's under another prefix.
#[test]
fn forgejo_answers_hold_only_the_fields_of_its_swagger() {
    let fake = FakeGitHub::start();
    let fj = fake.forgejo();
    fj.add_repo(REPO);
    let issue = fj.add_issue(REPO, "Broken", "");
    let pull = fj.add_pull(REPO, "Add feature", "feature", "main");
    fj.add_collaborator(REPO, "alice", "write");
    let review = fj.review(REPO, pull, "alice", "COMMENT", Some("Why?"));
    let job = fj.set_status(REPO, pull, "ci/test", "success", "ok");
    let mut client = Client::with_auth(&fake, Some(format!("token {FORGEJO_TOKEN}")));
    let base = format!("/api/v1/repos/{REPO}");
    client.call(
        "POST",
        &format!("{base}/issues/{issue}/comments"),
        json!({ "body": "hi" }),
    );
    client.call(
        "POST",
        &format!("{base}/issues/{issue}/labels"),
        json!({ "labels": ["bug"] }),
    );
    client.call(
        "PATCH",
        &format!("{base}/issues/{issue}"),
        json!({ "state": "closed" }),
    );
    client.call(
        "POST",
        &format!("{base}/pulls/{pull}/requested_reviewers"),
        json!({ "reviewers": ["alice"] }),
    );
    let head = client.get(&format!("{base}/pulls/{pull}")).json()["head"]["sha"]
        .as_str()
        .unwrap()
        .to_owned();
    let run = client
        .get(&format!("{base}/actions/runs?head_sha={head}"))
        .json()["workflow_runs"][0]["id"]
        .clone();
    for path in [
        "/api/v1/user".to_owned(),
        base.clone(),
        format!("{base}/issues?state=all"),
        format!("{base}/issues/{issue}"),
        format!("{base}/issues/{issue}/comments"),
        format!("{base}/issues/{issue}/labels"),
        format!("{base}/issues/{issue}/timeline"),
        format!("{base}/labels"),
        format!("{base}/pulls"),
        format!("{base}/pulls/{pull}/files"),
        format!("{base}/pulls/{pull}/reviews"),
        format!("{base}/pulls/{pull}/reviews/{review}/comments"),
        format!("{base}/commits/{head}/status"),
        format!("{base}/commits/{head}/statuses"),
        format!("{base}/actions/runs/{run}/jobs"),
        format!("{base}/actions/jobs/{job}/logs"),
        format!("{base}/collaborators"),
        format!("{base}/collaborators/alice/permission"),
    ] {
        assert_eq!(client.get(&path).status, 200, "{path}");
    }
    let requests = fake.requests();
    assert!(requests.len() >= 24);
    let mut problems = Vec::new();
    for request in &requests {
        let Some(answer) = &request.response else {
            continue;
        };
        let extra = documented::forgejo().undocumented_answer_fields(
            &request.method,
            request.path(),
            answer,
        );
        if !extra.is_empty() {
            problems.push(format!("{} {}: {extra:?}", request.method, request.path()));
        }
    }
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(fake.violations(), Vec::<String>::new());
}
