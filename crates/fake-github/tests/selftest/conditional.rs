//! Self-tests of conditional requests: ETags, `Last-Modified` and 304s on every GET helm uses.

use super::*;

fn get_if_none_match(client: &mut Client, path: &str, tag: &str) -> Answer {
    client.send("GET", path, &[("If-None-Match", tag)], None)
}

/// Reads `path` once, then again with its ETag: the second answer is a bodiless 304.
fn assert_conditional(client: &mut Client, path: &str, accept: Option<&str>) -> String {
    let accept: Vec<(&str, &str)> = accept.map(|a| ("Accept", a)).into_iter().collect();
    let first = client.send("GET", path, &accept, None);
    assert_eq!(first.status, 200, "{path}");
    let tag = first
        .header("etag")
        .expect("an ETag on every 200 GET")
        .to_owned();
    assert!(
        tag.starts_with("W/\"") && tag.ends_with('"') && tag.len() == 36,
        "weak tag: {tag}"
    );
    let mut headers = accept.clone();
    headers.push(("If-None-Match", &tag));
    let again = client.send("GET", path, &headers, None);
    assert_eq!(
        (again.status, again.body.as_str(), again.header("etag")),
        (304, "", Some(tag.as_str())),
        "{path}"
    );
    assert_eq!(
        again.header("content-type"),
        None,
        "{path}: no body, no type"
    );
    tag
}

#[test]
fn every_get_helm_uses_answers_304_while_unchanged() {
    let gh = FakeGitHub::start();
    let issue = gh.add_issue(REPO, "Issue", "Body");
    let pr = gh.add_pr(REPO, "PR", "feature", "main");
    let sha = gh.head_sha(REPO, pr);
    gh.add_issue_comment(REPO, issue, "erin", "Hi");
    gh.add_pr_file(REPO, pr, "README.md", "@@ -0,0 +1 @@\n+hello");
    gh.add_review_comment(REPO, pr, "README.md", 1, "Nice");
    gh.add_review(REPO, pr, "erin", "APPROVED", "");
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    gh.add_status(REPO, &sha, "ci", "success");
    gh.request_review(REPO, pr, "carol");
    let mut client = Client::new(&gh);
    let paths = [
        format!("/issues/{issue}"),
        format!("/issues/{issue}/comments"),
        format!("/pulls/{pr}"),
        format!("/pulls/{pr}/files"),
        format!("/pulls/{pr}/reviews"),
        format!("/pulls/{pr}/comments"),
        format!("/pulls/{pr}/requested_reviewers"),
        format!("/commits/{sha}/check-runs"),
        format!("/commits/{sha}/status"),
        "/issues?state=all".to_owned(),
        "/pulls?state=all".to_owned(),
    ];
    for path in &paths {
        assert_conditional(&mut client, &url(path), None);
    }
    assert_conditional(&mut client, "/user", None);
    let diff = "application/vnd.github.diff";
    let diff_tag = assert_conditional(&mut client, &url(&format!("/pulls/{pr}")), Some(diff));
    let json = client.get(&url(&format!("/pulls/{pr}")));
    assert_ne!(
        json.header("etag"),
        Some(diff_tag.as_str()),
        "tags follow the media type"
    );

    assert_eq!(gh.not_modified_count(), paths.len() + 2);
    let conditional = gh.requests();
    let sent = conditional
        .iter()
        .filter(|r| r.header("if-none-match").is_some());
    assert!(
        sent.clone()
            .all(|r| r.status == 304 && r.response.is_none())
    );
    assert_eq!(sent.count(), paths.len() + 2);
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn a_change_moves_the_etag_and_last_modified() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Issue", "Body");
    let mut client = Client::new(&gh);
    let path = url(&format!("/issues/{n}"));
    let first = client.get(&path);
    let tag = first.header("etag").expect("etag").to_owned();
    let modified = first
        .header("last-modified")
        .expect("last-modified")
        .to_owned();
    // An HTTP date: "Sun, 22 Nov 2026 05:13:00 GMT".
    assert!(
        modified.ends_with(" GMT") && modified.len() == 29,
        "{modified}"
    );
    assert_eq!(
        first.header("cache-control"),
        Some("private, max-age=60, s-maxage=60")
    );

    let comments = url(&format!("/issues/{n}/comments"));
    let comments_tag = client
        .get(&comments)
        .header("etag")
        .expect("etag")
        .to_owned();
    gh.add_issue_comment(REPO, n, "bob", "wait, don't do that");
    let changed = get_if_none_match(&mut client, &path, &tag);
    assert_eq!(
        changed.status, 200,
        "a new comment changes the issue (count, updated_at)"
    );
    assert_ne!(changed.header("etag"), Some(tag.as_str()));
    let later = changed
        .header("last-modified")
        .expect("last-modified")
        .to_owned();
    assert_ne!(later, modified);
    assert_eq!(
        get_if_none_match(&mut client, &comments, &comments_tag).status,
        200
    );

    let new_tag = changed.header("etag").expect("etag").to_owned();
    let list = format!("\"nope\", {new_tag}");
    assert_eq!(get_if_none_match(&mut client, &path, &list).status, 304);
    let strong = new_tag.trim_start_matches("W/");
    assert_eq!(
        get_if_none_match(&mut client, &path, strong).status,
        304,
        "weak compare"
    );
    assert_eq!(get_if_none_match(&mut client, &path, "*").status, 304);

    let since = |client: &mut Client, date: &str| {
        client
            .send("GET", &path, &[("If-Modified-Since", date)], None)
            .status
    };
    assert_eq!(since(&mut client, &later), 304);
    assert_eq!(since(&mut client, &modified), 200, "changed since then");
    assert_eq!(since(&mut client, "garbage"), 200);
    assert_eq!(gh.not_modified_count(), 4);
}

#[test]
fn a_304_costs_no_rate_limit() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Issue", "Body");
    let mut client = Client::new(&gh);
    let path = url(&format!("/issues/{n}"));
    let first = client.get(&path);
    assert_eq!(
        (
            first.header("x-ratelimit-limit"),
            first.header("x-ratelimit-remaining"),
            first.header("x-ratelimit-used")
        ),
        (Some("5000"), Some("4999"), Some("1"))
    );
    let tag = first.header("etag").expect("etag").to_owned();
    let again = get_if_none_match(&mut client, &path, &tag);
    assert_eq!(
        (again.status, again.header("x-ratelimit-remaining")),
        (304, Some("4999"))
    );
    assert_eq!(gh.rate_limit_used(), 1);
    gh.add_issue_comment(REPO, n, "bob", "changed");
    assert_eq!(get_if_none_match(&mut client, &path, &tag).status, 200);
    assert_eq!(gh.rate_limit_used(), 2, "a changed answer costs one");
}
