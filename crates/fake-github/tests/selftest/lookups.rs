//! Self-tests of the lookups that settle an interrupted steer: the authenticated user,
//! `since`/`creator`/`head` filters with GitHub's semantics, and requested reviewers.

use super::*;

#[test]
fn the_authenticated_user_is_the_viewer() {
    let gh = FakeGitHub::start();
    let user = Client::new(&gh).get("/user");
    assert_eq!(user.status, 200);
    let user = user.json();
    assert_eq!(
        (user["login"].as_str(), user["type"].as_str()),
        (Some(VIEWER), Some("User"))
    );
    assert_eq!(user["url"], format!("{}/users/{VIEWER}", gh.url()));
    assert_eq!(gh.violations(), Vec::<String>::new());
}

fn bodies(answer: &Answer) -> Vec<String> {
    let items = answer.json();
    let items = items.as_array().expect("an array").iter();
    items
        .filter_map(|c| c["body"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn since_keeps_what_was_updated_at_or_after_it() {
    let gh = FakeGitHub::start();
    let n = gh.add_issue(REPO, "Thread", "");
    let first = gh.add_issue_comment(REPO, n, "alice", "first");
    gh.add_issue_comment(REPO, n, VIEWER, "second");
    let mut client = Client::new(&gh);
    let comments = url(&format!("/issues/{n}/comments"));
    let all = client.get(&comments).json();
    let second_at = all[1]["updated_at"]
        .as_str()
        .expect("updated_at")
        .to_owned();

    let since =
        |client: &mut Client, at: &str| bodies(&client.get(&format!("{comments}?since={at}")));
    assert_eq!(since(&mut client, &second_at), ["second"]);
    let offset = second_at.replace('Z', "%2B00:00");
    assert_eq!(
        since(&mut client, &offset),
        ["second"],
        "any RFC 3339 offset"
    );
    gh.edit_issue_comment(REPO, first, "first, edited");
    assert_eq!(since(&mut client, &second_at), ["first, edited", "second"]);

    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    let root = gh.add_review_comment(REPO, pr, "a.rs", 1, "old");
    let reply = client.call(
        "POST",
        &url(&format!("/pulls/{pr}/comments/{root}/replies")),
        json!({"body": "new"}),
    );
    let at = reply.json()["updated_at"]
        .as_str()
        .expect("updated_at")
        .to_owned();
    let review_comments = url(&format!("/pulls/{pr}/comments?since={at}"));
    assert_eq!(bodies(&client.get(&review_comments)), ["new"]);
    assert_eq!(gh.violations(), Vec::<String>::new());
}

fn numbers(answer: &Answer) -> Vec<u64> {
    let items = answer.json();
    let items = items.as_array().expect("an array").iter();
    items.filter_map(|i| i["number"].as_u64()).collect()
}

#[test]
fn issues_filter_by_creator_state_and_since() {
    let gh = FakeGitHub::start();
    let seeded = gh.add_issue(REPO, "By octocat", "");
    let mut client = Client::new(&gh);
    let ours = client
        .call("POST", &url("/issues"), json!({"title": "By helm"}))
        .json();
    let ours_n = ours["number"].as_u64().expect("number");
    client.call(
        "PATCH",
        &url(&format!("/issues/{ours_n}")),
        json!({"state": "closed"}),
    );
    let created = ours["updated_at"].as_str().expect("updated_at").to_owned();

    let list =
        |client: &mut Client, query: &str| numbers(&client.get(&url(&format!("/issues?{query}"))));
    assert_eq!(
        list(&mut client, &format!("creator={VIEWER}")),
        Vec::<u64>::new(),
        "closed"
    );
    assert_eq!(
        list(&mut client, &format!("creator={VIEWER}&state=all")),
        [ours_n]
    );
    assert_eq!(
        list(&mut client, &format!("creator={SEED_AUTHOR}&state=all")),
        [seeded]
    );
    assert_eq!(
        list(&mut client, &format!("state=all&since={created}")),
        [ours_n]
    );
    gh.add_issue_comment(REPO, seeded, "bob", "bump");
    assert_eq!(
        list(&mut client, &format!("state=all&since={created}")),
        [ours_n, seeded]
    );
    assert_eq!(
        list(&mut client, "state=all&sort=updated&direction=desc"),
        [seeded, ours_n]
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn pulls_filter_by_an_owner_qualified_head() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.add_pr(REPO, "Other", "other", "main");
    gh.close_issue(REPO, pr);
    let mut client = Client::new(&gh);
    let list =
        |client: &mut Client, query: &str| numbers(&client.get(&url(&format!("/pulls?{query}"))));
    assert_eq!(
        list(&mut client, "head=acme:feature"),
        Vec::<u64>::new(),
        "open only"
    );
    assert_eq!(list(&mut client, "head=acme:feature&state=all"), [pr]);
    assert_eq!(list(&mut client, "head=ACME:feature&state=all"), [pr]);
    assert_eq!(
        list(&mut client, "head=mallory:feature&state=all"),
        Vec::<u64>::new(),
        "a fork"
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn requested_reviewers_lists_users_and_teams() {
    let gh = FakeGitHub::start();
    let pr = gh.add_pr(REPO, "Change", "feature", "main");
    gh.request_review(REPO, pr, "carol");
    let mut client = Client::new(&gh);
    client.call(
        "POST",
        &url(&format!("/pulls/{pr}/requested_reviewers")),
        json!({"reviewers": ["dana"], "team_reviewers": ["core"]}),
    );
    let asked = client.get(&url(&format!("/pulls/{pr}/requested_reviewers")));
    assert_eq!(asked.status, 200);
    let asked = asked.json();
    let users: Vec<&str> = asked["users"]
        .as_array()
        .expect("users")
        .iter()
        .filter_map(|u| u["login"].as_str())
        .collect();
    assert_eq!(users, ["carol", "dana"]);
    assert_eq!(asked["teams"][0]["slug"], "core");
    assert_eq!(
        client.get(&url("/pulls/999/requested_reviewers")).status,
        404
    );
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn the_repository_names_its_default_branch_main_until_a_test_sets_another() {
    let gh = FakeGitHub::start();
    let mut client = Client::new(&gh);
    let repo = client.get(&format!("/repos/{REPO}"));
    assert_eq!(repo.status, 200);
    let repo = repo.json();
    assert_eq!(repo["default_branch"], "main");
    assert_eq!(repo["full_name"], REPO);
    let problems = openapi::validate_response("GET", "/repos/{owner}/{repo}", &repo);
    assert!(problems.is_empty(), "{problems:?}");
    gh.set_default_branch(REPO, "trunk");
    let repo = client.get(&format!("/repos/{REPO}")).json();
    assert_eq!(repo["default_branch"], "trunk");
    assert_eq!(gh.violations(), Vec::<String>::new());
}
