//! Answers as GitLab's own documentation allows them, not only as our fake
//! writes them: the fields it documents as null or absent (on this version
//! or an older one), older fields standing for newer ones, and a field of
//! the wrong type, which is an error naming it. An independent fake, written
//! from GitLab's documents, may answer any of these.

use fake_github::Fault;
use helm_forge::{ThreadPart, ThreadRef};
use serde_json::{Value, json};

use crate::support::{Lab, PROJECT};

/// A merge request as GET …/merge_requests/:iid documents it, with every
/// field GitLab documents as possibly null set to null.
pub fn nulled_mr() -> Value {
    json!({
        "id": 84, "iid": 1, "project_id": 3,
        "title": "Add more", "description": null, "state": "opened",
        "created_at": "2026-11-29T08:00:00.000Z", "updated_at": "2026-11-29T08:00:00.000Z",
        "merged_by": null, "merge_user": null, "merged_at": null,
        "closed_by": null, "closed_at": null,
        "target_branch": "main", "source_branch": "feature",
        "user_notes_count": 0,
        "author": {"id": 1, "username": "octocat", "name": "Octo", "state": "active"},
        "assignee": null, "assignees": null, "reviewers": null,
        "labels": [], "draft": false, "work_in_progress": false,
        "milestone": null, "merge_when_pipeline_succeeds": false,
        "merge_status": "can_be_merged", "detailed_merge_status": "mergeable",
        "sha": null, "merge_commit_sha": null, "squash_commit_sha": null,
        "discussion_locked": null, "should_remove_source_branch": null,
        "changes_count": null, "head_pipeline": null, "pipeline": null,
        "diff_refs": null, "merge_error": null, "first_contribution": false,
        "web_url": "http://gitlab.example/group/sub/project/-/merge_requests/1"
    })
}

fn summary_of(lab: &Lab, is_pr: bool) -> Value {
    let at = ThreadRef { number: 1, is_pr };
    let looked = lab.run(lab.repo.thread(at, &[ThreadPart::Summary]));
    let looked = looked.unwrap_or_else(|e| panic!("{}", e.error));
    looked[0].1.value.clone()
}

#[test]
fn a_merge_request_with_every_documented_null_reads_them_as_absent() {
    let lab = Lab::new();
    lab.fake
        .gitlab()
        .add_mr(PROJECT, "Add more", "feature", "main");
    lab.fake
        .inject(Fault::new("GET", "/merge_requests/1", 200, nulled_mr()));
    let summary = summary_of(&lab, true);
    assert_eq!(summary["number"], 1);
    assert_eq!(summary["assignees"], json!([]));
    assert_eq!(summary["requestedReviewers"], json!([]));
    assert!(summary["body"].is_null(), "{summary}");
    assert_eq!(summary["head"]["sha"], "");
    assert!(summary["mergedAt"].is_null(), "{summary}");
    lab.done();
}

#[test]
fn an_older_gitlab_says_draft_and_merge_status_by_its_own_fields() {
    let lab = Lab::new();
    lab.fake
        .gitlab()
        .add_mr(PROJECT, "Add more", "feature", "main");
    // GitLab before 14.0 has no `draft`, before 15.6 no `detailed_merge_status`.
    let mut old = nulled_mr();
    let fields = old.as_object_mut().unwrap();
    fields.remove("draft");
    fields.remove("detailed_merge_status");
    fields.insert("work_in_progress".into(), json!(true));
    fields.insert("merge_status".into(), json!("cannot_be_merged"));
    lab.fake
        .inject(Fault::new("GET", "/merge_requests/1", 200, old));
    let summary = summary_of(&lab, true);
    assert_eq!(summary["draft"], true);
    assert_eq!(summary["mergeStatus"], "cannot_be_merged");
    let blockers = lab.repo.blockers(&summary);
    assert_eq!(blockers.len(), 1, "{blockers:?}");
    assert!(blockers[0].words.contains("conflicts"), "{blockers:?}");
    let mut mergeable = summary.clone();
    mergeable["mergeStatus"] = json!("can_be_merged");
    assert!(lab.repo.blockers(&mergeable).is_empty());
    lab.done();
}

#[test]
fn an_issue_with_null_lists_and_a_system_note_without_an_author_reads() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_issue(PROJECT, "Widget crashes", "It crashes.");
    let issue = json!({
        "id": 76, "iid": 1, "project_id": 3, "title": "Widget crashes",
        "description": null, "state": "opened",
        "created_at": "2026-11-29T08:00:00.000Z", "updated_at": "2026-11-29T08:00:00.000Z",
        "closed_at": null, "closed_by": null, "labels": [],
        "author": {"id": 1, "username": "octocat"},
        "assignee": null, "assignees": null, "user_notes_count": null,
        "discussion_locked": null, "due_date": null,
        "web_url": "http://gitlab.example/group/sub/project/-/issues/1"
    });
    let notes = json!([
        {"id": 301, "body": "changed the description", "author": null,
         "created_at": "2026-11-29T08:01:00.000Z", "updated_at": null,
         "system": true, "noteable_id": 76, "noteable_type": "Issue",
         "type": null, "resolvable": null, "confidential": false, "internal": false},
        {"id": 302, "body": "Seen it too.", "author": {"id": 2, "username": "alice"},
         "created_at": "2026-11-29T08:02:00.000Z", "updated_at": "2026-11-29T08:02:00.000Z",
         "system": false, "noteable_id": 76, "noteable_type": "Issue",
         "type": null, "resolvable": false, "confidential": false, "internal": false}
    ]);
    lab.fake.inject(Fault::new("GET", "/issues/1", 200, issue));
    lab.fake
        .inject(Fault::new("GET", "/issues/1/notes", 200, notes));
    let at = ThreadRef {
        number: 1,
        is_pr: false,
    };
    let parts = [ThreadPart::Summary, ThreadPart::Comments];
    let looked = lab.run(lab.repo.thread(at, &parts));
    let looked = looked.unwrap_or_else(|e| panic!("{}", e.error));
    let (summary, comments) = (&looked[0].1.value, &looked[1].1.value);
    assert_eq!(summary["assignees"], json!([]));
    assert_eq!(summary["comments"], 0);
    assert_eq!(comments.as_array().unwrap().len(), 1, "{comments}");
    assert_eq!(comments[0]["author"], "alice");
    lab.done();
}

#[test]
fn a_field_of_the_wrong_type_is_an_error_naming_it() {
    let lab = Lab::new();
    lab.fake
        .gitlab()
        .add_mr(PROJECT, "Add more", "feature", "main");
    let mut wrong = nulled_mr();
    wrong["title"] = json!(7);
    lab.fake
        .inject(Fault::new("GET", "/merge_requests/1", 200, wrong));
    let at = ThreadRef {
        number: 1,
        is_pr: true,
    };
    let err = lab.run(lab.repo.thread(at, &[ThreadPart::Summary]));
    let message = err.unwrap_err().error.to_string();
    assert!(message.contains("`title`"), "{message}");
    lab.done();
}

#[test]
fn a_part_gitlab_does_not_serve_is_not_a_missing_merge_request() {
    let lab = Lab::new();
    lab.fake
        .gitlab()
        .add_mr(PROJECT, "Add more", "feature", "main");
    // A GitLab older than 15.7 has no `/diffs`: 404, for a merge request
    // that helm has just read.
    let body = json!({"message": "404 Not Found"});
    lab.fake
        .inject(Fault::new("GET", "/merge_requests/1/diffs", 404, body));
    let at = ThreadRef {
        number: 1,
        is_pr: true,
    };
    let err = lab.run(
        lab.repo
            .thread(at, &[ThreadPart::Summary, ThreadPart::Diff]),
    );
    let message = err.unwrap_err().error.to_string();
    assert!(!message.contains("has no merge request"), "{message}");
    assert!(message.contains("/merge_requests/1/diffs"), "{message}");
    lab.done();
}

#[test]
fn a_merged_results_pipeline_is_the_merge_requests_head_pipeline() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let pipeline = gl.set_pipeline(PROJECT, iid, "failed", "boom\n");
    // A merged results pipeline runs on GitLab's merge of the head into the
    // target: its `sha` is that merge's, not the head's. GitLab names it the
    // merge request's `head_pipeline` all the same.
    let mut mr = nulled_mr();
    mr["sha"] = json!("f".repeat(40));
    mr["head_pipeline"] = json!({
        "id": pipeline, "iid": 1, "project_id": 3, "sha": "9".repeat(40),
        "ref": "refs/merge-requests/1/merge", "status": "failed"
    });
    lab.fake
        .inject(Fault::new("GET", "/merge_requests/1", 200, mr));
    let logs = helm_forge::LogsWanted {
        failed_only: true,
        none: true,
        tail: 0,
    };
    let checks = lab.run(lab.repo.checks(&helm_forge::ChecksOf::Pr(iid), logs));
    let checks = checks.unwrap_or_else(|e| panic!("{}", e.error));
    assert_eq!(checks["headSha"], "f".repeat(40));
    assert_eq!(checks["checkRuns"][0]["conclusion"], "failure", "{checks}");
    lab.done();
}
