//! Listings as any Forgejo pages them: a server whose `MAX_RESPONSE_ITEMS`
//! cuts helm's `limit` silently is still read to the end, and a server that
//! answers the same page again is neither looped on nor read twice.

use fake_github::Fault;
use helm_forge::RepoPart;
use serde_json::{Value, json};

use super::support::{REPO, World};

#[test]
fn a_listing_cut_below_helms_limit_by_the_server_is_read_to_its_end() {
    let w = World::new();
    w.fake.forgejo().max_response_items(10);
    for n in 0..25 {
        w.fake.forgejo().add_issue(REPO, &format!("Issue {n}"), "");
    }
    let repo = w.run(w.forgejo.repo(&[RepoPart::Issues])).unwrap();
    let numbers: Vec<u64> = repo["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers.len(), 25, "{numbers:?}");
    assert!(repo.get("issuesTruncated").is_none());
    assert_eq!(w.fake.requests().len(), 3, "pages of 10, 10 and 5");
    w.no_violations();
}

#[test]
fn a_server_that_answers_the_same_page_again_is_read_once_and_said_cut() {
    let w = World::new();
    let page: Vec<Value> = (1..=50)
        .map(|n| json!({ "number": n, "title": format!("Issue {n}"), "state": "open" }))
        .collect();
    let next = format!(
        "<{}/repos/{REPO}/issues?page=2>; rel=\"next\"",
        w.fake.forgejo().url()
    );
    let mut same = Fault::new("GET", "/issues?state=open", 200, Value::Array(page))
        .header("link", &next)
        .header("x-total-count", "500");
    same.times = None;
    w.fake.inject(same);
    let repo = w.run(w.forgejo.repo(&[RepoPart::Issues])).unwrap();
    assert_eq!(repo["issues"].as_array().unwrap().len(), 50);
    assert_eq!(repo["issuesTruncated"], true);
    assert_eq!(w.fake.requests().len(), 2, "the repeat is seen at once");
}

#[test]
fn a_trace_looked_for_in_a_listing_that_was_cut_is_what_helm_cannot_tell() {
    use helm_forge::Traced;
    use helm_forge::act::{CreatePr, Steer};
    let w = World::new();
    let window = w.run(w.forgejo.window(&w.began())).unwrap().unwrap();
    // The viewer's pull requests, a page that comes back the same however
    // far helm reads: the listing is cut, so a pull request past it may be
    // this attempt's.
    let other = json!([{
        "number": 1, "title": "Older", "state": "open",
        "head": { "ref": "old", "sha": "1111111111111111111111111111111111111111" },
        "base": { "ref": "main", "sha": "2222222222222222222222222222222222222222" },
    }]);
    let next = format!(
        "<{}/repos/{REPO}/pulls?page=2>; rel=\"next\"",
        w.fake.forgejo().url()
    );
    let mut same = Fault::new("GET", "/pulls?state=all", 200, other).header("link", &next);
    same.times = None;
    w.fake.inject(same);
    let create = Steer::CreatePr(CreatePr {
        title: "Mine".into(),
        head: "mine".into(),
        base: Some("main".into()),
        body: None,
        draft: false,
    });
    let traced = w.run(w.forgejo.look(&create, &window)).unwrap();
    assert!(matches!(traced, Traced::CannotTell(_)), "{traced:?}");
}
