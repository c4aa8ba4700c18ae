//! Self-tests of the fake's reads: shapes, numbering, paging, diffs, checks.

use super::*;

#[test]
fn seeded_issue_reads_back_in_githubs_shape() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Crash on start", "It crashes.");
    gh.edit_issue(REPO, n, |issue| issue.labels.push("bug".into()));
    let answer = Client::new(&gh).get(&url(&format!("/issues/{n}")));
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .header("content-type")
            .unwrap_or_default()
            .starts_with("application/json")
    );
    let issue = answer.json();
    assert_eq!(
        (issue["number"].as_u64(), issue["title"].as_str()),
        (Some(n), Some("Crash on start"))
    );
    assert_eq!(issue["body"], "It crashes.");
    assert_eq!(issue["state"], "open");
    assert_eq!(issue["user"]["login"], SEED_AUTHOR);
    assert_eq!(issue["labels"][0]["name"], "bug");
    assert_eq!(
        issue["html_url"],
        format!("https://github.com/{REPO}/issues/{n}")
    );
    assert_eq!(
        issue["url"],
        format!("{}/repos/{REPO}/issues/{n}", gh.url())
    );
    assert!(
        issue.get("pull_request").is_none(),
        "plain issues carry no pull_request key"
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn issues_and_prs_share_numbers_and_prs_carry_pull_request() {
    let gh = FakeGitHub::start();
    let issue = gh.add_issue(REPO, "An issue", "");
    let pr = gh.add_pr(REPO, "A change", "feature", "main");
    assert_eq!((issue, pr), (1, 2));
    let mut client = Client::new(&gh);
    let listed = client.get(&url("/issues?state=open")).json();
    let numbers: Vec<u64> = listed
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|i| i["number"].as_u64())
        .collect();
    assert_eq!(numbers, [2, 1], "newest first");
    assert!(listed[0]["pull_request"]["url"].is_string());
    let pulls = client.get(&url("/pulls?state=open")).json();
    assert_eq!(pulls.as_array().map(Vec::len), Some(1));
    assert_eq!(
        (
            pulls[0]["head"]["ref"].as_str(),
            pulls[0]["base"]["ref"].as_str()
        ),
        (Some("feature"), Some("main"))
    );
    assert!(
        pulls[0].get("mergeable").is_none(),
        "list items are pull-request-simple"
    );
    assert_eq!(
        client.get(&url("/pulls/1")).status,
        404,
        "an issue is not a PR"
    );
}

#[test]
fn pagination_sends_github_link_headers() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Busy thread", "");
    for i in 0..5 {
        gh.add_issue_comment(REPO, n, "alice", &format!("comment {i}"));
    }
    gh.set_per_page_cap(2);
    let mut client = Client::new(&gh);
    let base = format!("{}{}", gh.url(), url(&format!("/issues/{n}/comments")));

    let first = client.get(&url(&format!("/issues/{n}/comments?per_page=100")));
    assert_eq!(first.json().as_array().map(Vec::len), Some(2));
    assert_eq!(
        first.header("link"),
        Some(format!("<{base}?per_page=100&page=2>; rel=\"next\", <{base}?per_page=100&page=3>; rel=\"last\"").as_str())
    );

    let middle = client.get(&url(&format!("/issues/{n}/comments?per_page=100&page=2")));
    assert_eq!(middle.json()[0]["body"], "comment 2");
    let link = middle.header("link").unwrap_or_default();
    for rel in ["prev", "next", "last", "first"] {
        assert!(link.contains(&format!("rel=\"{rel}\"")), "{rel} in {link}");
    }

    let last = client.get(&url(&format!("/issues/{n}/comments?per_page=100&page=3")));
    assert_eq!(last.json().as_array().map(Vec::len), Some(1));
    assert!(
        !last
            .header("link")
            .unwrap_or_default()
            .contains("rel=\"next\"")
    );

    gh.set_per_page_cap(100);
    assert!(
        client
            .get(&url(&format!("/issues/{n}/comments")))
            .header("link")
            .is_none(),
        "one page, no Link"
    );
}

#[test]
fn diff_media_type_answers_text_or_406() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.add_pr_file(
        REPO,
        pr,
        "src/lib.rs",
        "@@ -1,2 +1,2 @@\n-old\n+new\n context",
    );
    let mut client = Client::new(&gh);
    let diff = |client: &mut Client| {
        client.send(
            "GET",
            &url(&format!("/pulls/{pr}")),
            &[("Accept", "application/vnd.github.v3.diff")],
            None,
        )
    };

    let answer = diff(&mut client);
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("content-type"),
        Some("application/vnd.github.diff; charset=utf-8")
    );
    assert!(
        answer.body.starts_with(
            "diff --git a/src/lib.rs b/src/lib.rs\n--- a/src/lib.rs\n+++ b/src/lib.rs\n@@"
        ),
        "{}",
        answer.body
    );
    let files = client.get(&url(&format!("/pulls/{pr}/files"))).json();
    assert_eq!(
        (
            files[0]["additions"].as_u64(),
            files[0]["deletions"].as_u64()
        ),
        (Some(1), Some(1))
    );

    gh.set_diff(REPO, pr, "diff --git a/x b/x\n");
    assert_eq!(diff(&mut client).body, "diff --git a/x b/x\n");

    gh.set_diff_too_large(REPO, pr);
    let answer = diff(&mut client);
    assert_eq!(answer.status, 406);
    assert_eq!(
        answer.json()["message"],
        "Sorry, the diff exceeded the maximum number of lines (20000)"
    );
    assert_eq!(
        client.get(&url(&format!("/pulls/{pr}"))).json()["changed_files"],
        1,
        "JSON still served"
    );
}

#[test]
fn checks_and_statuses_resolve_branches_and_keep_the_latest() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("failure"));
    gh.add_check_run(REPO, "feature", "build", "completed", Some("success")); // a re-run
    gh.add_check_run(REPO, &sha, "lint", "in_progress", None);
    gh.add_status(REPO, &sha, "ci/legacy", "pending");
    gh.add_status(REPO, &sha, "ci/legacy", "success");
    let mut client = Client::new(&gh);

    let checks = client
        .get(&url(&format!("/commits/{sha}/check-runs")))
        .json();
    assert_eq!(checks["total_count"], 2);
    let runs: Vec<(&str, &str, Value)> = checks["check_runs"]
        .as_array()
        .expect("check_runs")
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or_default(),
                r["status"].as_str().unwrap_or_default(),
                r["conclusion"].clone(),
            )
        })
        .collect();
    assert_eq!(
        runs,
        [
            ("build", "completed", json!("success")),
            ("lint", "in_progress", Value::Null)
        ]
    );
    assert_eq!(checks["check_runs"][0]["pull_requests"][0]["number"], pr);
    assert_eq!(
        client
            .get(&url(&format!("/commits/{sha}/check-runs?filter=all")))
            .json()["total_count"],
        3
    );

    let status = client.get(&url("/commits/feature/status")).json();
    assert_eq!(
        (status["state"].as_str(), status["total_count"].as_u64()),
        (Some("success"), Some(1))
    );
    assert_eq!(status["sha"], sha.as_str());
    assert_eq!(status["repository"]["full_name"], REPO);
}
