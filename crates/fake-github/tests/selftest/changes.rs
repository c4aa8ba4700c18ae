//! Self-tests of state a test changes between helm's calls, and of the merge sha check.

use super::*;

fn updated_at(client: &mut Client, path: &str) -> String {
    let answer = client.get(&url(path)).json();
    answer["updated_at"]
        .as_str()
        .expect("updated_at")
        .to_owned()
}

#[test]
fn every_change_moves_updated_at() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Plan", "Do it.");
    let mut client = Client::new(&gh);
    let issue = format!("/issues/{n}");
    let mut seen = vec![updated_at(&mut client, &issue)];
    let mut moved = |client: &mut Client, what: &str| {
        let now = updated_at(client, &issue);
        assert!(
            seen.last().is_some_and(|last| *last < now),
            "{what}: {now} after {seen:?}"
        );
        seen.push(now);
    };

    let comment = gh.add_issue_comment(REPO, n, "bob", "wait");
    moved(&mut client, "new comment");
    gh.edit_issue_comment(REPO, comment, "wait, don't do that");
    moved(&mut client, "edited comment");
    let listed = client.get(&url(&format!("/issues/{n}/comments"))).json();
    assert_eq!(listed[0]["body"], "wait, don't do that");
    assert!(listed[0]["updated_at"].as_str() > listed[0]["created_at"].as_str());

    gh.close_issue(REPO, n);
    moved(&mut client, "closed");
    let closed = client.get(&url(&issue)).json();
    assert_eq!(
        (closed["state"].as_str(), closed["state_reason"].as_str()),
        (Some("closed"), Some("completed"))
    );
    assert!(closed["closed_at"].is_string());
    gh.reopen_issue(REPO, n);
    moved(&mut client, "reopened");
    assert_eq!(client.get(&url(&issue)).json()["state"], "open");
    gh.edit_issue(REPO, n, |i| i.title = "New plan".into());
    moved(&mut client, "edited title");

    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let pull = format!("/pulls/{pr}");
    let before = updated_at(&mut client, &pull);
    gh.add_review(REPO, pr, "dana", "CHANGES_REQUESTED", "No.");
    let reviewed = updated_at(&mut client, &pull);
    assert!(before < reviewed);
    gh.request_review(REPO, pr, "erin");
    let answer = client.get(&url(&pull)).json();
    assert_eq!(answer["requested_reviewers"][0]["login"], "erin");
    assert!(answer["updated_at"].as_str() > Some(reviewed.as_str()));
}

#[test]
fn a_push_moves_the_head_and_what_follows_it() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    let old = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, "feature", "build", "completed", Some("success"));
    let mut client = Client::new(&gh);
    let files = client.get(&url(&format!("/pulls/{pr}/files")));

    let new = gh.push_file(REPO, pr, "src/main.rs", "@@ -1 +1 @@\n-x\n+y");
    assert_ne!(new, old);
    assert_eq!(gh.head_sha(REPO, pr), new);
    let pull = client.get(&url(&format!("/pulls/{pr}"))).json();
    assert_eq!(
        (pull["head"]["sha"].as_str(), pull["commits"].as_u64()),
        (Some(new.as_str()), Some(2))
    );
    assert_eq!(pull["changed_files"], 2);
    let etag = files.header("etag").expect("etag");
    let files_now = client.send(
        "GET",
        &url(&format!("/pulls/{pr}/files")),
        &[("If-None-Match", etag)],
        None,
    );
    assert_eq!(files_now.status, 200, "the files moved with the head");
    let diff = client.send(
        "GET",
        &url(&format!("/pulls/{pr}")),
        &[("Accept", "application/vnd.github.diff")],
        None,
    );
    assert!(
        diff.body.contains("diff --git a/src/main.rs b/src/main.rs"),
        "{}",
        diff.body
    );
    let checks = client.get(&url("/commits/feature/check-runs")).json();
    assert_eq!(checks["total_count"], 0, "the new head has no checks yet");
    let old_checks = client
        .get(&url(&format!("/commits/{old}/check-runs")))
        .json();
    assert_eq!(old_checks["total_count"], 1);

    let again = gh.push_commit(REPO, pr);
    assert_ne!(again, new);
    assert_eq!(
        gh.issue(REPO, pr).and_then(|i| i.pull).map(|p| p.commits),
        Some(3)
    );
}

#[test]
fn merging_at_a_sha_that_is_no_longer_the_head_answers_409() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let seen = gh.head_sha(REPO, pr);
    gh.push_commit(REPO, pr);
    let mut client = Client::new(&gh);
    let merge = url(&format!("/pulls/{pr}/merge"));

    let stale = client.call("PUT", &merge, json!({"sha": seen}));
    assert_eq!(
        (stale.status, stale.json()["message"].as_str()),
        (
            409,
            Some("Head branch was modified. Review and try the merge again.")
        )
    );
    let pull = gh.issue(REPO, pr).and_then(|i| i.pull).expect("a PR");
    assert_eq!(pull.merged_at, None, "nothing merged");
    let head = gh.head_sha(REPO, pr);
    assert_eq!(client.call("PUT", &merge, json!({"sha": head})).status, 200);
    assert_eq!(gh.violations(), Vec::<String>::new());
}
