//! Self-tests of the switches for GitHub's less happy answers: silently dropped labels,
//! assignees and reviewers; renamed repositories; missing fields; paged combined status.

use super::*;

fn logins(value: &Value) -> Vec<&str> {
    let items = value.as_array().expect("an array").iter();
    items.filter_map(|u| u["login"].as_str()).collect()
}

#[test]
fn what_the_token_may_not_set_is_dropped_silently() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.allow_labels(&["bug"]);
    gh.allow_assignees(&["bob"]);
    gh.allow_reviewers(&["carol"]);
    let mut client = Client::new(&gh);

    let created = client.call(
        "POST",
        &url("/issues"),
        json!({"title": "t", "labels": ["bug", "secret"], "assignees": ["bob", "eve"]}),
    );
    assert_eq!(created.status, 201, "GitHub still says yes");
    let issue = created.json();
    assert_eq!(issue["labels"].as_array().map(Vec::len), Some(1));
    assert_eq!(issue["labels"][0]["name"], "bug");
    assert_eq!(logins(&issue["assignees"]), ["bob"]);
    let n = issue["number"].as_u64().expect("number");
    let updated = client.call(
        "PATCH",
        &url(&format!("/issues/{n}")),
        json!({"labels": ["secret"], "assignees": ["bob", "eve"]}),
    );
    assert_eq!(updated.json()["labels"], json!([]));
    assert_eq!(logins(&updated.json()["assignees"]), ["bob"]);

    let asked = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/requested_reviewers")),
        json!({"reviewers": ["carol", "eve"]}),
    );
    assert_eq!(asked.status, 201);
    assert_eq!(logins(&asked.json()["requested_reviewers"]), ["carol"]);
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn a_renamed_repository_redirects_to_its_new_name() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Moved", "");
    gh.rename_repo(REPO, "acme/gadgets");
    let mut client = Client::new(&gh);

    let moved = client.get(&url(&format!("/issues/{n}/comments?per_page=1")));
    let location = format!(
        "{}/repos/acme/gadgets/issues/{n}/comments?per_page=1",
        gh.url()
    );
    assert_eq!(
        (moved.status, moved.header("location")),
        (301, Some(location.as_str()))
    );
    assert_eq!(moved.json()["message"], "Moved Permanently");
    let patch = client.call(
        "PATCH",
        &url(&format!("/issues/{n}")),
        json!({"state": "closed"}),
    );
    assert_eq!(patch.status, 307, "other methods keep method and body");
    assert_eq!(
        gh.issue("acme/gadgets", n).map(|i| i.state),
        Some("open".to_owned())
    );

    let followed = client.get(&format!("/repos/acme/gadgets/issues/{n}"));
    assert_eq!(followed.status, 200);
    assert_eq!(
        followed.json()["repository_url"],
        format!("{}/repos/acme/gadgets", gh.url())
    );
    gh.rename_repo("acme/gadgets", "acme/tools");
    let chained = client.get(&url(&format!("/issues/{n}")));
    assert!(
        chained
            .header("location")
            .is_some_and(|l| l.contains("/repos/acme/tools/"))
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn stripped_fields_are_missing_from_answers() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Title", "");
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.strip_field("/issues/", "title");
    gh.strip_field("/pulls", "head.sha");
    let mut client = Client::new(&gh);

    let issue = client.get(&url(&format!("/issues/{n}"))).json();
    assert!(issue.get("title").is_none() && issue["number"] == n);
    let problems =
        openapi::validate_response("GET", "/repos/{owner}/{repo}/issues/{issue_number}", &issue);
    assert_eq!(problems, ["response: missing required property `title`"]);
    let pulls = client.get(&url("/pulls")).json();
    assert!(pulls[0]["head"].get("sha").is_none() && pulls[0]["head"]["ref"] == "feature");
    let pull = client.get(&url(&format!("/pulls/{pr}"))).json();
    assert!(pull["head"].get("sha").is_none() && pull["title"] == "Change");
}

#[test]
fn combined_status_pages_past_thirty() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    for i in 0..35 {
        gh.add_status(REPO, "feature", &format!("ci/{i:02}"), "success");
    }
    let sha = gh.head_sha(REPO, pr);
    let mut client = Client::new(&gh);
    let path = url(&format!("/commits/{sha}/status"));
    let statuses = |answer: &Answer| answer.json()["statuses"].as_array().map(Vec::len);

    let first = client.get(&path);
    assert_eq!(
        (statuses(&first), first.json()["total_count"].as_u64()),
        (Some(30), Some(35))
    );
    let link = first.header("link").expect("a Link header").to_owned();
    assert!(link.contains("page=2>; rel=\"next\""), "{link}");
    let second = client.get(&format!("{path}?page=2"));
    assert_eq!(statuses(&second), Some(5));
    assert!(
        !second
            .header("link")
            .unwrap_or_default()
            .contains("rel=\"next\"")
    );
    assert_eq!(
        statuses(&client.get(&format!("{path}?per_page=100"))),
        Some(35)
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}
