//! What an observation reads: an issue and its notes, a merge request's every
//! part in helm's shapes, its CI with the jobs' traces, the repository,
//! authors' standing and who the token acts as.

use helm_forge::{ChecksOf, LogsWanted, RepoPart, ThreadPart, ThreadRef};
use helm_model::error::Kind;
use serde_json::Value;

use crate::support::{Lab, PROJECT};

fn part(parts: &[(ThreadPart, helm_forge::LookedPart)], which: ThreadPart) -> Value {
    let found = parts.iter().find(|(p, _)| *p == which);
    found.map(|(_, looked)| looked.value.clone()).unwrap()
}

#[test]
fn an_issue_and_its_conversation_in_helms_shapes() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_issue(PROJECT, "Widget crash", "It crashes.");
    gl.comment_on_issue(PROJECT, iid, "alice", "Seen it too.");
    // GitLab records the edit as system notes: its own, not the conversation.
    let edit = helm_forge::act::Steer::EditIssue(helm_forge::act::EditIssue {
        issue: iid,
        title: Some("Widget crashes".into()),
        body: Some("It crashes on start.".into()),
    });
    lab.act(&edit);
    assert_eq!(
        gl.item(PROJECT, false, iid).2.len(),
        3,
        "two of them system notes"
    );
    let at = ThreadRef {
        number: iid,
        is_pr: false,
    };
    let parts = [ThreadPart::Summary, ThreadPart::Comments];
    let looked = lab.run(lab.repo.thread(at, &parts)).unwrap();
    let summary = part(&looked, ThreadPart::Summary);
    assert_eq!(summary["number"], iid);
    assert_eq!(summary["title"], "Widget crashes");
    assert_eq!(summary["state"], "open");
    assert_eq!(summary["author"], "octocat");
    assert_eq!(summary["body"], "It crashes on start.");
    assert_eq!(summary["comments"], 1);
    assert!(
        summary["url"]
            .as_str()
            .unwrap()
            .ends_with("/group/sub/project/-/issues/1")
    );
    let comments = part(&looked, ThreadPart::Comments);
    assert_eq!(comments.as_array().unwrap().len(), 1);
    assert_eq!(comments[0]["author"], "alice");
    assert_eq!(comments[0]["body"], "Seen it too.");
    assert!(
        comments[0]["url"]
            .as_str()
            .unwrap()
            .contains("-/issues/1#note_")
    );
    // An issue has no diff, files, checks or reviews: said, not guessed.
    let err = lab
        .run(lab.repo.thread(at, &[ThreadPart::Diff]))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Usage);
    let missing = ThreadRef {
        number: 99,
        is_pr: false,
    };
    let err = lab.run(lab.repo.thread(missing, &parts)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotFound);
    assert!(err.error.to_string().contains("issue #99"), "{}", err.error);
    // The conversation alone of a missing issue says the same.
    let notes = lab.run(lab.repo.thread(missing, &[ThreadPart::Comments]));
    let err = notes.unwrap_err();
    assert!(
        err.error.to_string().contains("GitLab has no issue #99"),
        "{}",
        err.error
    );
    assert_eq!(lab.run(lab.repo.viewer()).unwrap(), "helm-bot");
    lab.done();
}

#[test]
fn a_merge_request_in_helms_shapes_every_part() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let head = gl.push(PROJECT, iid);
    gl.set_pipeline(PROJECT, iid, "failed", "compiling\nerror: it broke\n");
    let thread = gl.open_thread(PROJECT, iid, "alice", "src/lib.rs", 2);
    gl.comment_on_mr(PROJECT, iid, "bob", "Looks good overall.");
    gl.approve(PROJECT, iid, "bob");
    let at = ThreadRef {
        number: iid,
        is_pr: true,
    };
    let all = [
        ThreadPart::Summary,
        ThreadPart::Comments,
        ThreadPart::Files,
        ThreadPart::Diff,
        ThreadPart::Checks,
        ThreadPart::Reviews,
    ];
    let looked = lab.run(lab.repo.thread(at, &all)).unwrap();
    let summary = part(&looked, ThreadPart::Summary);
    assert_eq!(summary["number"], iid);
    assert_eq!(summary["state"], "open");
    assert_eq!(summary["merged"], false);
    assert_eq!(summary["head"]["sha"], head.as_str());
    assert_eq!(summary["head"]["ref"], "feature");
    assert_eq!(summary["base"]["ref"], "main");
    assert_eq!(summary["mergeStatus"], "discussions_not_resolved");
    assert!(
        summary["additions"].is_null(),
        "GitLab gives none: not invented"
    );
    let comments = part(&looked, ThreadPart::Comments);
    let bodies: Vec<&str> = comments
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["body"].as_str().unwrap())
        .collect();
    assert_eq!(
        bodies,
        ["Looks good overall."],
        "the diff note is a thread's"
    );
    let files = part(&looked, ThreadPart::Files);
    assert_eq!(files[0]["filename"], "src/lib.rs");
    assert_eq!(files[0]["status"], "modified");
    assert_eq!(
        (
            files[0]["additions"].as_u64(),
            files[0]["deletions"].as_u64()
        ),
        (Some(1), Some(0))
    );
    let diff = part(&looked, ThreadPart::Diff);
    assert_eq!(diff["format"], "unified");
    assert!(diff["text"].as_str().unwrap().contains("+pub fn more() {}"));
    let reviews = part(&looked, ThreadPart::Reviews);
    assert_eq!(reviews["reviews"][0]["state"], "APPROVED");
    assert_eq!(reviews["reviews"][0]["author"], "bob");
    let first = &reviews["threads"][0];
    assert_eq!(first["threadId"], thread.as_str());
    assert_eq!(first["isResolved"], false);
    assert_eq!(first["path"], "src/lib.rs");
    assert_eq!(first["line"], 2);
    assert_eq!(first["comments"][0]["author"], "alice");
    assert_eq!(first["id"], first["comments"][0]["id"]);
    let checks = part(&looked, ThreadPart::Checks);
    assert_eq!(checks["headSha"], head.as_str());
    assert_eq!(checks["combinedState"], "pending");
    assert_eq!(checks["statuses"], Value::Array(Vec::new()));
    let run = &checks["checkRuns"][0];
    assert_eq!(
        (run["name"].as_str(), run["status"].as_str()),
        (Some("test"), Some("completed"))
    );
    assert_eq!(run["conclusion"], "failure");
    assert_eq!(run["forgeStatus"], "failed");
    assert_eq!(run["allowFailure"], false);
    assert!(run.get("job").is_none(), "the thread's part reads no logs");
    lab.done();
}

#[test]
fn checks_of_a_merge_request_or_a_ref_with_the_failed_jobs_trace_tail() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    let iid = gl.add_mr(PROJECT, "Add more", "feature", "main");
    gl.set_pipeline(PROJECT, iid, "failed", "one\ntwo\nthree\nerror: it broke\n");
    let logs = LogsWanted {
        failed_only: true,
        none: false,
        tail: 2,
    };
    let checks = lab.run(lab.repo.checks(&ChecksOf::Pr(iid), logs)).unwrap();
    let log = &checks["checkRuns"][0]["job"]["log"];
    assert_eq!(log["tail"], serde_json::json!(["three", "error: it broke"]));
    assert_eq!(log["lines"], 4);
    let by_ref = lab
        .run(lab.repo.checks(&ChecksOf::Ref("feature".into()), logs))
        .unwrap();
    assert_eq!(by_ref["headSha"], checks["headSha"]);
    assert_eq!(by_ref["checkRuns"][0]["id"], checks["checkRuns"][0]["id"]);
    let none = LogsWanted { none: true, ..logs };
    let quiet = lab.run(lab.repo.checks(&ChecksOf::Pr(iid), none)).unwrap();
    assert!(quiet["checkRuns"][0].get("job").is_none());
    lab.done();
}

#[test]
fn the_repository_lists_its_open_issues_and_merge_requests() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_issue(PROJECT, "Open one", "body text");
    let mr = gl.add_mr(PROJECT, "Add more", "feature", "main");
    let payload = lab
        .run(lab.repo.repo(&[RepoPart::Issues, RepoPart::PullRequests]))
        .unwrap();
    assert_eq!(payload["repo"], PROJECT);
    assert_eq!(payload["issues"][0]["title"], "Open one");
    assert!(payload["issues"][0].get("body").is_none());
    assert_eq!(payload["pullRequests"][0]["number"], mr);
    assert_eq!(payload["pullRequests"][0]["head"], "feature");
    let only = lab.run(lab.repo.repo(&[RepoPart::Issues])).unwrap();
    assert!(only.get("pullRequests").is_none());
    lab.done();
}

#[test]
fn standing_is_the_members_access_level_developer_and_up_can_push() {
    let lab = Lab::new();
    let gl = lab.fake.gitlab();
    gl.add_member(PROJECT, "alice", 30);
    gl.add_member(PROJECT, "bob", 20);
    gl.add_issue(PROJECT, "by octocat, no member", "");
    let logins = [
        "alice".to_string(),
        "bob".into(),
        "octocat".into(),
        "nobody".into(),
    ];
    let standing = lab.run(lab.repo.standing(&logins)).unwrap();
    let of = |login: &str| {
        let s = standing.iter().find(|s| s.login == login).unwrap();
        (s.can_push, s.word.as_str())
    };
    assert_eq!(of("alice"), (true, "DEVELOPER"));
    assert_eq!(of("bob"), (false, "REPORTER"));
    assert_eq!(of("octocat"), (false, "NONE"));
    assert_eq!(of("nobody"), (false, "NONE"));
    // A token that may not list members shows no standing: not known, no push.
    let body = serde_json::from_str(r#"{"message":"403 Forbidden"}"#).unwrap();
    lab.fake.fail_next("GET", "/members/all", 403, body);
    let standing = lab.run(lab.repo.standing(&logins)).unwrap();
    assert!(
        standing.iter().all(|s| !s.can_push && s.word == "UNKNOWN"),
        "{standing:?}"
    );
    lab.done();
}
