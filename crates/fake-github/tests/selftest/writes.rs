//! Self-tests of the fake's writes and GitHub's error answers.

use super::*;

#[test]
fn posted_comment_shows_up_in_the_next_read() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Question", "How?");
    let mut client = Client::new(&gh);
    let created = client.call(
        "POST",
        &url(&format!("/issues/{n}/comments")),
        json!({"body": "Like this."}),
    );
    assert_eq!(created.status, 201);
    let id = created.json()["id"].as_u64().expect("id");
    assert_eq!(
        created.json()["html_url"],
        format!("https://github.com/{REPO}/issues/{n}#issuecomment-{id}")
    );

    let comments = client.get(&url(&format!("/issues/{n}/comments"))).json();
    assert_eq!(comments[0]["body"], "Like this.");
    assert_eq!(comments[0]["user"]["login"], VIEWER);
    assert_eq!(
        client.get(&url(&format!("/issues/{n}"))).json()["comments"],
        1
    );
    let stored = gh.comments(REPO, n);
    assert_eq!(
        (
            stored[0].id,
            stored[0].user.as_str(),
            stored[0].body.as_str()
        ),
        (id, VIEWER, "Like this.")
    );
    assert_eq!(gh.writes().len(), 1);
    assert_eq!(gh.writes()[0].body, Some(json!({"body": "Like this."})));
}

#[test]
fn creating_and_closing_issues_and_prs() {
    let gh = FakeGitHub::start();
    gh.add_issue(REPO, "Existing", "");
    let mut client = Client::new(&gh);

    let issue = client.call(
        "POST",
        &url("/issues"),
        json!({"title": "New", "labels": ["helm"], "assignees": ["bob"]}),
    );
    assert_eq!(
        (issue.status, issue.json()["number"].as_u64()),
        (201, Some(2))
    );
    assert_eq!(issue.json()["assignee"]["login"], "bob");
    let closed = client
        .call(
            "PATCH",
            &url("/issues/2"),
            json!({"state": "closed", "state_reason": "not_planned"}),
        )
        .json();
    assert_eq!(
        (closed["state"].as_str(), closed["state_reason"].as_str()),
        (Some("closed"), Some("not_planned"))
    );
    assert!(closed["closed_at"].is_string());
    let stored = gh.issue(REPO, 2).expect("stored");
    assert_eq!(
        (stored.state.as_str(), stored.labels.as_slice()),
        ("closed", ["helm".to_owned()].as_slice())
    );

    let pr = client.call(
        "POST",
        &url("/pulls"),
        json!({"title": "Feature", "head": "acme:feature", "base": "main", "draft": true}),
    );
    assert_eq!(pr.status, 201);
    let pr = pr.json();
    assert_eq!(
        (
            pr["number"].as_u64(),
            pr["draft"].as_bool(),
            pr["head"]["ref"].as_str()
        ),
        (Some(3), Some(true), Some("feature"))
    );
    let again = client.call(
        "POST",
        &url("/pulls"),
        json!({"title": "Feature", "head": "feature", "base": "main"}),
    );
    assert_eq!(again.status, 422, "one open PR per head and base");

    let asked = client.call(
        "POST",
        &url("/pulls/3/requested_reviewers"),
        json!({"reviewers": ["carol"], "team_reviewers": ["core"]}),
    );
    assert_eq!(asked.status, 201);
    assert_eq!(asked.json()["requested_reviewers"][0]["login"], "carol");
    assert_eq!(asked.json()["requested_teams"][0]["slug"], "core");
    let author = client.call(
        "POST",
        &url("/pulls/3/requested_reviewers"),
        json!({"reviewers": [VIEWER]}),
    );
    assert_eq!(author.status, 422);

    let edited = client
        .call(
            "PATCH",
            &url("/pulls/3"),
            json!({"title": "Feature v2", "state": "closed"}),
        )
        .json();
    assert_eq!(
        (edited["title"].as_str(), edited["state"].as_str()),
        (Some("Feature v2"), Some("closed"))
    );
}

#[test]
fn review_comment_replies_thread_on_the_first_comment() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let root = gh.add_review_comment(REPO, pr, "src/main.rs", 12, "Why?");
    gh.add_review(REPO, pr, "dana", "CHANGES_REQUESTED", "See comments.");
    let mut client = Client::new(&gh);

    let reply = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/{root}/replies")),
        json!({"body": "Because."}),
    );
    assert_eq!(reply.status, 201);
    let reply_id = reply.json()["id"].as_u64().expect("id");
    let nested = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/{reply_id}/replies")),
        json!({"body": "Ok."}),
    );
    assert_eq!(
        nested.json()["in_reply_to_id"],
        root,
        "replies to replies join the thread root"
    );

    let comments = client.get(&url(&format!("/pulls/{pr}/comments"))).json();
    let threads: Vec<(Value, Value, Value)> = comments
        .as_array()
        .expect("array")
        .iter()
        .map(|c| {
            (
                c["body"].clone(),
                c.get("in_reply_to_id").cloned().unwrap_or(Value::Null),
                c["path"].clone(),
            )
        })
        .collect();
    assert_eq!(
        threads[0],
        (json!("Why?"), Value::Null, json!("src/main.rs"))
    );
    assert_eq!(
        threads[1],
        (json!("Because."), json!(root), json!("src/main.rs"))
    );
    let reviews = client.get(&url(&format!("/pulls/{pr}/reviews"))).json();
    assert_eq!(
        (
            reviews[0]["state"].as_str(),
            reviews[0]["user"]["login"].as_str()
        ),
        (Some("CHANGES_REQUESTED"), Some("dana"))
    );
    let missing = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/999999/replies")),
        json!({"body": "?"}),
    );
    assert_eq!(missing.status, 404);
}

#[test]
fn merge_checks_the_head_sha_then_merges() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let mut client = Client::new(&gh);
    let merge = url(&format!("/pulls/{pr}/merge"));

    let stale = client.call(
        "PUT",
        &merge,
        json!({"sha": "0000000000000000000000000000000000000000"}),
    );
    assert_eq!(stale.status, 409);
    assert_eq!(
        stale.json()["message"],
        "Head branch was modified. Review and try the merge again."
    );

    let merged = client.call(
        "PUT",
        &merge,
        json!({"sha": gh.head_sha(REPO, pr), "merge_method": "squash"}),
    );
    assert_eq!(merged.status, 200);
    let answer = merged.json();
    assert_eq!(
        (answer["merged"].as_bool(), answer["message"].as_str()),
        (Some(true), Some("Pull Request successfully merged"))
    );
    let pull = client.get(&url(&format!("/pulls/{pr}"))).json();
    assert_eq!(
        (pull["merged"].as_bool(), pull["state"].as_str()),
        (Some(true), Some("closed"))
    );
    assert_eq!(pull["merge_commit_sha"], answer["sha"]);
    assert!(pull["merged_at"].is_string());
    assert_eq!(
        client.call("PUT", &merge, json!({})).status,
        405,
        "already merged"
    );
}

#[test]
fn unmergeable_and_draft_prs_answer_405() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Conflicted", "feature", "main");
    gh.set_mergeable(REPO, pr, false);
    let mut client = Client::new(&gh);
    let answer = client.call("PUT", &url(&format!("/pulls/{pr}/merge")), json!({}));
    assert_eq!(
        (answer.status, answer.json()["message"].as_str()),
        (405, Some("Pull Request is not mergeable"))
    );
    assert_eq!(
        client.get(&url(&format!("/pulls/{pr}"))).json()["mergeable_state"],
        "dirty"
    );

    gh.edit_pr(REPO, pr, |p| {
        p.mergeable = Some(true);
        p.draft = true;
    });
    assert_eq!(
        client
            .call("PUT", &url(&format!("/pulls/{pr}/merge")), json!({}))
            .status,
        405
    );
}

#[test]
fn errors_use_githubs_statuses_and_messages() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Exists", "");
    let mut client = Client::new(&gh);

    let missing = client.get(&url("/issues/404"));
    assert_eq!(
        (missing.status, missing.json()["message"].as_str()),
        (404, Some("Not Found"))
    );
    assert_eq!(client.get("/repos/acme/widgets/branches").status, 404);

    let untitled = client.call("POST", &url("/issues"), json!({"title": ""}));
    assert_eq!(untitled.status, 422);
    assert_eq!(untitled.json()["message"], "Validation Failed");
    assert_eq!(
        untitled.json()["errors"][0],
        json!({"resource": "Issue", "code": "missing_field", "field": "title"})
    );
    assert_eq!(
        client
            .call(
                "POST",
                &url(&format!("/issues/{n}/comments")),
                json!({"body": " "})
            )
            .status,
        422
    );
    assert_eq!(
        client
            .call(
                "PATCH",
                &url(&format!("/issues/{n}")),
                json!({"state": "done"})
            )
            .status,
        422
    );

    let garbled = client.send("POST", &url("/issues"), &[], Some(b"{not json"));
    assert_eq!(
        (garbled.status, garbled.json()["message"].as_str()),
        (400, Some("Problems parsing JSON"))
    );
}
