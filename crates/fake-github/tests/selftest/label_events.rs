//! Self-tests of the label events on an issue's timeline: each label that changes, through
//! the API or as a teammate, leaves a `labeled` or `unlabeled` event naming it, its actor and
//! its time on the fake's clock, in the shape GitHub's description gives the timeline.

use super::*;

#[test]
fn label_changes_leave_documented_events_naming_the_label_and_who() {
    let gh = FakeGitHub::start();
    gh.set_clock_offset(-7200);
    let n = gh.add_issue(REPO, "Crash", "");
    let mut client = Client::new(&gh);
    let labels = url(&format!("/issues/{n}/labels"));
    let added = client.call("POST", &labels, json!({"labels": ["bug", "old"]}));
    assert_eq!(added.status, 200);
    // A label already there changes nothing and leaves no event.
    client.call("POST", &labels, json!({"labels": ["bug"]}));
    let removed = client.send("DELETE", &format!("{labels}/old"), &[], None);
    assert_eq!(removed.status, 200);
    let again = client.send("DELETE", &format!("{labels}/old"), &[], None);
    assert_eq!(again.status, 404);
    gh.edit_issue(REPO, n, |issue| issue.labels.retain(|l| l != "bug"));

    let timeline = client.get(&url(&format!("/issues/{n}/timeline"))).json();
    let field = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let seen: Vec<(String, String, String)> = timeline
        .as_array()
        .expect("a list")
        .iter()
        .map(|e| {
            (
                field(&e["event"]),
                field(&e["label"]["name"]),
                field(&e["actor"]["login"]),
            )
        })
        .collect();
    let seen: Vec<(&str, &str, &str)> = (seen.iter())
        .map(|(a, b, c)| (a.as_str(), b.as_str(), c.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("labeled", "bug", VIEWER),
            ("labeled", "old", VIEWER),
            ("unlabeled", "old", VIEWER),
            ("unlabeled", "bug", SEED_AUTHOR),
        ]
    );
    // Stamped on the fake's clock, two hours behind this machine's.
    let stamped: jiff::Timestamp = timeline[0]["created_at"].as_str().unwrap().parse().unwrap();
    let behind = jiff::Timestamp::now().as_second() - stamped.as_second();
    assert!(behind > 3600, "{behind} s behind");
    let problems: Vec<String> = gh
        .requests()
        .iter()
        .filter(|r| r.path_and_query.ends_with("/timeline"))
        .flat_map(|r| {
            let answer = r.response.as_ref().expect("JSON answer");
            openapi::validate_response(
                "GET",
                "/repos/{owner}/{repo}/issues/{issue_number}/timeline",
                answer,
            )
        })
        .collect();
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(gh.violations(), Vec::<String>::new());
}
