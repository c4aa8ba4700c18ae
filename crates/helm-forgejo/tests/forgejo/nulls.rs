//! Answers as Forgejo's swagger allows them, not only as the fake writes
//! them: it marks almost no field required, so any of them may come `null`
//! or not at all (a deleted fork's `head.repo`, a ghost's `user`, a closed
//! pull request's `mergeable`), and each reads as absent rather than
//! failing the whole look; a field of the wrong type is an error naming it.

use fake_github::Fault;
use helm_forge::{ThreadPart, ThreadRef};
use helm_model::error::Kind;
use serde_json::{Value, json};

use super::support::{REPO, World};

fn look(w: &World, number: u64, is_pr: bool, parts: &[ThreadPart]) -> Vec<Value> {
    let at = ThreadRef { number, is_pr };
    let looked = w.run(w.forgejo.thread(at, parts));
    let looked = looked.unwrap_or_else(|e| panic!("the look failed: {}", e.error));
    looked.into_iter().map(|(_, part)| part.value).collect()
}

fn branch(name: &str, sha: &str) -> Value {
    json!({ "label": name, "ref": name, "sha": sha, "repo_id": null, "repo": null })
}

#[test]
fn a_pull_request_whose_optional_fields_are_null_reads_them_as_absent() {
    let w = World::new();
    let n = w.fake.forgejo().add_pull(REPO, "Feature", "topic", "main");
    let pull = json!({
        "number": n, "title": null, "state": null, "body": null, "html_url": null,
        "user": null, "labels": null, "assignees": null, "milestone": null,
        "requested_reviewers": null, "requested_reviewers_teams": null,
        "draft": null, "merged": null, "mergeable": null, "merged_by": null,
        "merged_at": null, "merge_commit_sha": null, "additions": null,
        "deletions": null, "changed_files": null, "comments": null, "is_locked": null,
        "created_at": null, "updated_at": null, "closed_at": null,
        "head": branch("topic", "1111111111111111111111111111111111111111"),
        "base": branch("main", "2222222222222222222222222222222222222222"),
    });
    w.fake
        .inject(Fault::new("GET", &format!("/pulls/{n}"), 200, pull));
    let summary = &look(&w, n, true, &[ThreadPart::Summary])[0];
    assert_eq!(summary["number"], n);
    assert_eq!(
        summary["head"]["sha"],
        "1111111111111111111111111111111111111111"
    );
    assert_eq!(summary["author"], Value::Null);
    assert_eq!(summary["mergeable"], Value::Null);
    assert_eq!(summary["labels"], json!([]));
    w.no_violations();
}

#[test]
fn an_issue_by_a_ghost_with_null_counts_reads_as_absent() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "It fails");
    let issue = json!({
        "number": n, "title": "Broken", "state": "open", "body": null,
        "user": { "id": -1, "login": null }, "labels": [{ "id": 3, "name": null }],
        "assignees": null, "comments": null, "is_locked": null, "pull_request": null,
    });
    w.fake
        .inject(Fault::new("GET", &format!("/issues/{n}"), 200, issue));
    let comments = json!([{ "id": 9, "user": null, "body": null, "created_at": null }]);
    w.fake.inject(Fault::new(
        "GET",
        &format!("/issues/{n}/comments"),
        200,
        comments,
    ));
    let parts = look(&w, n, false, &[ThreadPart::Summary, ThreadPart::Comments]);
    assert_eq!(parts[0]["author"], Value::Null, "a ghost is no author");
    assert_eq!(parts[0]["comments"], 0);
    assert_eq!(parts[1][0]["author"], Value::Null);
    w.no_violations();
}

#[test]
fn reviews_and_files_with_null_counts_read_as_absent() {
    let w = World::new();
    let f = w.fake.forgejo();
    let n = f.add_pull(REPO, "Feature", "topic", "main");
    let review = f.review(REPO, n, "ana", "APPROVED", Some("nice line"));
    let reviews = json!([{
        "id": review, "user": null, "state": "APPROVED", "body": null,
        "commit_id": null, "dismissed": null, "comments_count": null, "submitted_at": null,
    }]);
    w.fake.inject(Fault::new(
        "GET",
        &format!("/pulls/{n}/reviews?"),
        200,
        reviews,
    ));
    let files = json!([{
        "filename": "src/lib.rs", "status": "modified", "additions": null,
        "deletions": null, "changes": null, "previous_filename": null,
    }]);
    w.fake
        .inject(Fault::new("GET", &format!("/pulls/{n}/files"), 200, files));
    let parts = look(&w, n, true, &[ThreadPart::Reviews, ThreadPart::Files]);
    let reviews = parts[0].to_string();
    assert!(reviews.contains("APPROVED"), "{reviews}");
    assert!(
        reviews.contains("nice line"),
        "a review that does not count its comments still has them read: {reviews}"
    );
    assert_eq!(parts[1][0]["additions"], 0);
    w.no_violations();
}

#[test]
fn a_field_of_the_wrong_type_is_an_error_naming_it() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "It fails");
    let issue = json!({
        "number": n, "title": "Broken", "state": "open",
        "labels": [{ "id": "three", "name": "bug" }],
    });
    w.fake
        .inject(Fault::new("GET", &format!("/issues/{n}"), 200, issue));
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let err = w
        .run(w.forgejo.thread(at, &[ThreadPart::Summary]))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Forge);
    let message = err.error.to_string();
    assert!(message.contains("labels[0].id"), "{message}");
}

#[test]
fn a_ghosts_pull_request_in_the_repositorys_listing_has_no_author() {
    let w = World::new();
    let pulls = json!([{
        "number": 4, "title": "Orphan", "state": "open",
        "user": { "id": -1, "login": null }, "requested_reviewers": [{ "login": null }],
        "head": branch("gone", "1111111111111111111111111111111111111111"),
        "base": branch("main", "2222222222222222222222222222222222222222"),
    }]);
    w.fake
        .inject(Fault::new("GET", "/pulls?state=open", 200, pulls));
    let parts = [helm_forge::RepoPart::PullRequests];
    let repo = w.run(w.forgejo.repo(&parts)).unwrap();
    let line = &repo["pullRequests"][0];
    assert_eq!(line["author"], Value::Null, "{line}");
    assert_eq!(line["requestedReviewers"], json!([]), "{line}");
    w.no_violations();
}
