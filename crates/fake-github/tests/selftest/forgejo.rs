//! Self-tests of the fake Forgejo: its shapes, state changes, the pinned merge and its
//! refusals, CI, collaborators, the timeline, and faults shared with the GitHub fake.

use super::*;
use fake_github::FORGEJO_TOKEN;

const REPO_PATH: &str = "/api/v1/repos/acme/widgets";

fn forge() -> (FakeGitHub, Client) {
    let fake = FakeGitHub::start();
    fake.forgejo().add_repo(REPO);
    let client = Client::with_auth(&fake, Some(format!("token {FORGEJO_TOKEN}")));
    (fake, client)
}

#[test]
fn issues_are_created_commented_closed_and_labelled_by_separate_requests() {
    let (fake, mut client) = forge();
    let created = client.call(
        "POST",
        &format!("{REPO_PATH}/issues"),
        json!({ "title": "Broken", "body": "It fails" }),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let number = created.json()["number"].as_u64().unwrap();
    assert_eq!(created.json()["user"]["login"], fake_github::FORGEJO_VIEWER);
    assert_eq!(created.json()["pull_request"], Value::Null);
    let issue = format!("{REPO_PATH}/issues/{number}");
    let commented = client.call(
        "POST",
        &format!("{issue}/comments"),
        json!({ "body": "Looking" }),
    );
    assert_eq!(commented.status, 201);
    assert_eq!(
        commented.json()["user"]["login"],
        fake_github::FORGEJO_VIEWER
    );
    // Labels by name or by id, as IssueLabelsOption allows.
    let ready = fake.forgejo().label_id(REPO, "ready");
    let added = client.call(
        "POST",
        &format!("{issue}/labels"),
        json!({ "labels": ["bug", ready] }),
    );
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(added.json().as_array().unwrap().len(), 2);
    let removed = client.send("DELETE", &format!("{issue}/labels/bug"), &[], None);
    assert_eq!(removed.status, 204);
    assert_eq!(
        client
            .send("DELETE", &format!("{issue}/labels/nope"), &[], None)
            .status,
        404
    );
    let unknown = client.call(
        "POST",
        &format!("{issue}/labels"),
        json!({ "labels": ["nope"] }),
    );
    assert_eq!(unknown.status, 422);
    let renamed = client.call("PATCH", &issue, json!({ "title": "Broken badly" }));
    assert_eq!(renamed.status, 201, "{}", renamed.body);
    let closed = client.call("PATCH", &issue, json!({ "state": "closed" }));
    assert_eq!(closed.status, 201, "{}", closed.body);
    assert_eq!(closed.json()["state"], "closed");
    let timeline = client.get(&format!("{issue}/timeline")).json();
    let kinds: Vec<(&str, &str)> = timeline
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["type"].as_str().unwrap(),
                e["body"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("comment", "Looking"),
            ("label", "1"),
            ("label", "1"),
            ("label", ""),
            ("change_title", ""),
            ("close", "")
        ]
    );
    let renaming = &timeline[4];
    assert_eq!(
        (&renaming["old_title"], &renaming["new_title"]),
        (&json!("Broken"), &json!("Broken badly"))
    );
    assert_eq!(
        fake.forgejo().item(REPO, number),
        (
            "closed".into(),
            vec!["ready".into()],
            vec!["Looking".into()]
        )
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn a_pull_request_shows_its_head_files_diff_reviews_and_ci() {
    let (fake, mut client) = forge();
    let fj = fake.forgejo();
    let number = fj.add_pull(REPO, "Add feature", "feature", "main");
    fj.add_collaborator(REPO, "alice", "write");
    let review = fj.review(
        REPO,
        number,
        "alice",
        "REQUEST_CHANGES",
        Some("Not this line"),
    );
    let job = fj.set_status(REPO, number, "ci/test", "failure", "error: 1 test failed\n");
    let pull = format!("{REPO_PATH}/pulls/{number}");
    let got = client.get(&pull).json();
    let head = got["head"]["sha"].as_str().unwrap().to_owned();
    assert_eq!(got["head"]["ref"], "feature");
    assert_eq!(got["changed_files"], 1);
    let files = client.get(&format!("{pull}/files")).json();
    assert_eq!(files[0]["filename"], "src/lib.rs");
    let diff = client.get(&format!("{pull}.diff"));
    assert!(
        diff.body.starts_with("diff --git a/src/lib.rs"),
        "{}",
        diff.body
    );
    let reviews = client.get(&format!("{pull}/reviews")).json();
    assert_eq!(reviews[0]["state"], "REQUEST_CHANGES");
    let comments = client
        .get(&format!("{pull}/reviews/{review}/comments"))
        .json();
    assert_eq!(comments[0]["body"], "Not this line");
    let combined = client
        .get(&format!("{REPO_PATH}/commits/{head}/status"))
        .json();
    assert_eq!(combined["state"], "failure");
    assert_eq!(combined["statuses"][0]["context"], "ci/test");
    let runs = client
        .get(&format!("{REPO_PATH}/actions/runs?head_sha={head}"))
        .json();
    assert_eq!(runs["total_count"], 1);
    let jobs = client
        .get(&format!(
            "{REPO_PATH}/actions/runs/{}/jobs",
            runs["workflow_runs"][0]["id"]
        ))
        .json();
    assert_eq!(jobs[0]["id"], job);
    let log = client.get(&format!("{REPO_PATH}/actions/jobs/{job}/logs"));
    assert!(log.body.contains("1 test failed"));
    let permission = client
        .get(&format!("{REPO_PATH}/collaborators/alice/permission"))
        .json();
    assert_eq!(permission["permission"], "write");
    let stranger = fake.forgejo().comment(REPO, number, "mallory", "hi");
    assert!(stranger > 0);
    assert_eq!(
        client
            .get(&format!("{REPO_PATH}/collaborators/mallory/permission"))
            .json()["permission"],
        "read"
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn reviewers_are_requested_by_login_and_unknown_ones_refused() {
    let (fake, mut client) = forge();
    let number = fake
        .forgejo()
        .add_pull(REPO, "Add feature", "feature", "main");
    fake.forgejo().add_collaborator(REPO, "alice", "write");
    let path = format!("{REPO_PATH}/pulls/{number}/requested_reviewers");
    let asked = client.call("POST", &path, json!({ "reviewers": ["alice"] }));
    assert_eq!(asked.status, 201, "{}", asked.body);
    assert_eq!(asked.json()[0]["state"], "REQUEST_REVIEW");
    let pull = client.get(&format!("{REPO_PATH}/pulls/{number}")).json();
    assert_eq!(pull["requested_reviewers"][0]["login"], "alice");
    // The timeline names whom the request asked, as Forgejo's `assignee`.
    let timeline = client
        .get(&format!("{REPO_PATH}/issues/{number}/timeline"))
        .json();
    let request = timeline
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == "review_request");
    assert_eq!(request.unwrap()["assignee"]["login"], "alice");
    assert_eq!(
        client
            .call("POST", &path, json!({ "reviewers": ["nobody"] }))
            .status,
        422
    );
}

#[test]
fn the_merge_is_pinned_retried_while_checking_and_refused_when_stale_or_not_ready() {
    let (fake, mut client) = forge();
    let fj = fake.forgejo();
    let number = fj.add_pull(REPO, "Add feature", "feature", "main");
    let merge = format!("{REPO_PATH}/pulls/{number}/merge");
    let old = client.get(&format!("{REPO_PATH}/pulls/{number}")).json()["head"]["sha"]
        .as_str()
        .unwrap()
        .to_owned();
    let new = fj.push(REPO, number);
    let stale = client.call(
        "POST",
        &merge,
        json!({ "Do": "merge", "head_commit_id": old }),
    );
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert_eq!(stale.json()["message"], "head out of date");
    fj.set_status(REPO, number, "ci/test", "pending", "");
    assert_eq!(
        client
            .call(
                "POST",
                &merge,
                json!({ "Do": "merge", "head_commit_id": new })
            )
            .status,
        405
    );
    fj.set_status(REPO, number, "ci/test", "success", "ok");
    fj.allow_merge_styles(REPO, &["squash"]);
    assert_eq!(
        client
            .call(
                "POST",
                &merge,
                json!({ "Do": "merge", "head_commit_id": new })
            )
            .status,
        405
    );
    fj.keep_checking(REPO, number, 2);
    for _ in 0..2 {
        let later = client.call(
            "POST",
            &merge,
            json!({ "Do": "squash", "head_commit_id": new }),
        );
        assert_eq!(
            (later.status, later.json()["message"].clone()),
            (405, json!("Please try again later"))
        );
    }
    let merged = client.call(
        "POST",
        &merge,
        json!({ "Do": "squash", "head_commit_id": new }),
    );
    assert_eq!(merged.status, 200, "{}", merged.body);
    assert_eq!(fj.item(REPO, number).0, "merged");
    let again = client.call(
        "POST",
        &merge,
        json!({ "Do": "squash", "head_commit_id": new }),
    );
    assert_eq!(again.status, 405);
    let pull = client.get(&format!("{REPO_PATH}/pulls/{number}")).json();
    assert_eq!(
        (pull["merged"].clone(), pull["state"].clone()),
        (json!(true), json!("closed"))
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}

#[test]
fn forgejo_answers_429_and_hangs_through_the_shared_faults() {
    let (fake, mut client) = forge();
    let number = fake.forgejo().add_issue(REPO, "Broken", "");
    let path = format!("{REPO_PATH}/issues/{number}/comments");
    fake.inject(
        Fault::new("POST", &path, 429, json!({ "message": "rate limited" }))
            .header("retry-after", "3"),
    );
    let limited = client.call("POST", &path, json!({ "body": "once" }));
    assert_eq!(
        (limited.status, limited.header("retry-after")),
        (429, Some("3"))
    );
    assert!(fake.forgejo().item(REPO, number).2.is_empty());
    fake.inject(Fault::hang_after_acting(
        "POST",
        &path,
        Duration::from_secs(3),
    ));
    client.set_timeout(Duration::from_millis(300));
    assert!(
        client
            .try_send("POST", &path, &[], Some(br#"{"body":"late"}"#))
            .is_err()
    );
    assert_eq!(fake.forgejo().item(REPO, number).2, ["late"]);
    let mut anonymous = Client::with_auth(&fake, None);
    assert_eq!(
        anonymous
            .get(&format!("{REPO_PATH}/issues/{number}"))
            .status,
        401
    );
    let first = Client::with_auth(&fake, Some(format!("token {FORGEJO_TOKEN}")))
        .get(&format!("{REPO_PATH}/issues/{number}"));
    assert_eq!(first.header("etag"), None);
}
