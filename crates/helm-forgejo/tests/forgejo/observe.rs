//! What an observation reads: an issue with its comments, a pull request
//! with every part, the repository's open work, CI with log tails, authors'
//! standing and the viewer.

use helm_forge::{ChecksOf, LogsWanted, RepoPart, ThreadPart, ThreadRef};
use helm_model::error::Kind;
use serde_json::Value;

use super::support::{REPO, World};

fn part(parts: &[(ThreadPart, helm_forge::LookedPart)], which: ThreadPart) -> &Value {
    &parts.iter().find(|(p, _)| *p == which).unwrap().1.value
}

#[test]
fn an_issue_reads_with_its_comments_in_helms_shapes() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Broken", "It fails");
    w.fake.forgejo().comment(REPO, n, "ana", "Me too");
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let parts = [ThreadPart::Summary, ThreadPart::Comments];
    let looked = w.run(w.forgejo.thread(at, &parts)).unwrap();
    let summary = part(&looked, ThreadPart::Summary);
    assert_eq!(summary["number"], n);
    assert_eq!(summary["title"], "Broken");
    assert_eq!(summary["author"], "octocat");
    assert_eq!(summary["body"], "It fails");
    assert_eq!(summary["stateReason"], Value::Null);
    let comments = part(&looked, ThreadPart::Comments);
    assert_eq!(comments[0]["author"], "ana");
    assert_eq!(comments[0]["body"], "Me too");
    w.no_violations();
}

#[test]
fn a_pull_request_reads_its_head_files_diff_reviews_and_checks() {
    let w = World::new();
    let f = w.fake.forgejo();
    let n = f.add_pull(REPO, "Feature", "topic", "main");
    f.review(REPO, n, "ana", "APPROVED", Some("nice line"));
    f.review(REPO, n, "bob", "REQUEST_CHANGES", None);
    f.set_status(REPO, n, "ci/test", "failure", "one\ntwo\nthree");
    let at = ThreadRef {
        number: n,
        is_pr: true,
    };
    let parts = [
        ThreadPart::Summary,
        ThreadPart::Comments,
        ThreadPart::Files,
        ThreadPart::Diff,
        ThreadPart::Checks,
        ThreadPart::Reviews,
    ];
    let looked = w.run(w.forgejo.thread(at, &parts)).unwrap();
    let summary = part(&looked, ThreadPart::Summary);
    let head = summary["head"]["sha"].as_str().unwrap().to_string();
    assert_eq!(summary["head"]["ref"], "topic");
    assert_eq!(summary["base"]["ref"], "main");
    assert_eq!(summary["commits"], Value::Null);
    assert_eq!(
        part(&looked, ThreadPart::Files)[0]["filename"],
        "src/lib.rs"
    );
    let diff = part(&looked, ThreadPart::Diff);
    assert_eq!(diff["format"], "unified");
    assert!(diff["text"].as_str().unwrap().contains("+pub fn more()"));
    let reviews = part(&looked, ThreadPart::Reviews);
    let states: Vec<&str> = reviews["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["APPROVED", "CHANGES_REQUESTED"]);
    assert_eq!(reviews["threads"][0]["comments"][0]["body"], "nice line");
    assert_eq!(reviews["threads"][0]["path"], "src/lib.rs");
    let checks = part(&looked, ThreadPart::Checks);
    assert_eq!(checks["headSha"], head.as_str());
    assert_eq!(checks["combinedState"], "failure");
    assert_eq!(checks["statuses"][0]["context"], "ci/test");
    assert_eq!(checks["checkRuns"][0]["conclusion"], "failure");
    assert_eq!(checks["checkRuns"][0]["forgeStatus"], "failure");
    w.no_violations();
}

#[test]
fn an_issue_asked_as_a_pull_request_or_the_reverse_says_which_it_is() {
    let w = World::new();
    let issue = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let pull = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let summary = [ThreadPart::Summary];
    let as_pr = ThreadRef {
        number: issue,
        is_pr: true,
    };
    let err = w.run(w.forgejo.thread(as_pr, &summary)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotFound);
    assert!(
        err.error.to_string().contains("is an issue"),
        "{}",
        err.error
    );
    let as_issue = ThreadRef {
        number: pull,
        is_pr: false,
    };
    let err = w.run(w.forgejo.thread(as_issue, &summary)).unwrap_err();
    assert!(
        err.error.to_string().contains("is a pull request"),
        "{}",
        err.error
    );
    let missing = ThreadRef {
        number: 99,
        is_pr: false,
    };
    let err = w.run(w.forgejo.thread(missing, &summary)).unwrap_err();
    assert_eq!(err.error.kind(), Kind::NotFound);
    assert!(
        err.error.to_string().contains("Forgejo answered 404"),
        "{}",
        err.error
    );
    w.no_violations();
}

#[test]
fn the_repository_lists_its_open_issues_and_pull_requests() {
    let w = World::new();
    let issue = w.fake.forgejo().add_issue(REPO, "Issue", "secret body");
    let pull = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let parts = [RepoPart::Issues, RepoPart::PullRequests];
    let repo = w.run(w.forgejo.repo(&parts)).unwrap();
    assert_eq!(repo["repo"], REPO);
    let issues = repo["issues"].as_array().unwrap();
    assert_eq!(issues.len(), 1);
    assert_eq!(issues[0]["number"], issue);
    assert!(issues[0].get("body").is_none());
    assert_eq!(repo["pullRequests"][0]["number"], pull);
    assert_eq!(repo["pullRequests"][0]["head"], "topic");
    w.no_violations();
}

#[test]
fn checks_keep_the_tail_of_a_failed_jobs_log() {
    let w = World::new();
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    w.fake
        .forgejo()
        .set_status(REPO, n, "ci", "failure", "a\nb\nc\nerror: boom");
    let logs = LogsWanted {
        failed_only: true,
        none: false,
        tail: 2,
    };
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), logs)).unwrap();
    let log = &checks["checkRuns"][0]["job"]["log"];
    assert_eq!(log["tail"], serde_json::json!(["c", "error: boom"]));
    assert_eq!(log["lines"], 4);
    let none = LogsWanted { none: true, ..logs };
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), none)).unwrap();
    assert!(checks["checkRuns"][0]["job"].get("log").is_none());
    w.no_violations();
}

#[test]
fn standing_is_the_collaborators_permission_and_the_viewer_is_the_tokens() {
    let w = World::new();
    let f = w.fake.forgejo();
    f.add_collaborator(REPO, "ana", "write");
    f.add_collaborator(REPO, "bob", "read");
    let logins: Vec<String> = ["ana", "bob", "helm-bot", "ghost-user", "ana"]
        .map(String::from)
        .to_vec();
    let standing = w.run(w.forgejo.standing(&logins)).unwrap();
    let said: Vec<(&str, bool, &str)> = standing
        .iter()
        .map(|s| (s.login.as_str(), s.can_push, s.word.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            ("ana", true, "write"),
            ("bob", false, "read"),
            ("helm-bot", true, "admin"),
            ("ghost-user", false, "none"),
        ]
    );
    assert_eq!(w.run(w.forgejo.viewer()).unwrap(), "helm-bot");
    assert!(w.forgejo.clock().is_some(), "Forgejo's Date is read");
    w.no_violations();
}

#[test]
fn a_listing_is_read_page_by_page_to_its_end() {
    let w = World::new();
    for n in 0..53 {
        w.fake.forgejo().add_issue(REPO, &format!("Issue {n}"), "");
    }
    let repo = w.run(w.forgejo.repo(&[RepoPart::Issues])).unwrap();
    assert_eq!(repo["issues"].as_array().unwrap().len(), 53);
    assert!(repo.get("issuesTruncated").is_none());
    assert!(repo.get("pullRequests").is_none(), "not asked");
    let pages: Vec<String> = w
        .fake
        .requests()
        .iter()
        .map(|r| r.path_and_query.clone())
        .collect();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert!(pages[1].ends_with("limit=50&page=2"), "{pages:?}");
    w.no_violations();
}

#[test]
fn a_standing_forgejo_will_not_show_is_left_out_so_the_text_stays_untrusted() {
    let w = World::new();
    w.fake.forgejo().add_collaborator(REPO, "ana", "write");
    let body = serde_json::json!({ "message": "forbidden", "url": "/api/swagger" });
    w.fake.inject(fake_github::Fault::new(
        "GET",
        "/collaborators/ana/",
        403,
        body,
    ));
    let standing = w.run(w.forgejo.standing(&["ana".to_string()])).unwrap();
    assert!(standing.is_empty(), "{standing:?}");
    w.no_violations();
}

#[test]
fn a_server_without_actions_says_so_rather_than_showing_no_runs() {
    let w = World::new();
    let n = w.fake.forgejo().add_pull(REPO, "Pull", "topic", "main");
    let body = serde_json::json!({ "message": "not found", "url": "/api/swagger" });
    w.fake
        .inject(fake_github::Fault::new("GET", "/actions/runs", 404, body));
    let logs = LogsWanted {
        failed_only: true,
        none: false,
        tail: 10,
    };
    let checks = w.run(w.forgejo.checks(&ChecksOf::Pr(n), logs)).unwrap();
    assert_eq!(checks["checkRuns"], serde_json::json!([]));
    assert_eq!(checks["checkRunsUnavailable"]["reason"], "not-found");
    assert_eq!(
        checks["combinedState"], "pending",
        "no statuses, as GitHub says it"
    );
    w.no_violations();
}

#[test]
fn an_issue_has_no_pull_request_parts() {
    let w = World::new();
    let n = w.fake.forgejo().add_issue(REPO, "Issue", "");
    let at = ThreadRef {
        number: n,
        is_pr: false,
    };
    let err = w
        .run(w.forgejo.thread(at, &[ThreadPart::Files]))
        .unwrap_err();
    assert_eq!(err.error.kind(), Kind::Usage);
    assert!(w.fake.requests().is_empty());
    w.no_violations();
}
