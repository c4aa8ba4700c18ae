//! What an approval costs on the forge (issue 45, goal 4: at most one steer
//! plus one look): the exact requests it sends, and that its look for an
//! earlier write of the proposal goes alongside the freshness check, not
//! before it. With every answer 150 ms late, a look made first would have
//! its search for the earlier write arrive before any re-read of the issue.

use std::time::Duration;

use super::{REPO, approve, entry_of, propose, setup};

#[test]
fn an_approval_looks_for_an_earlier_write_alongside_the_freshness_check() {
    let (env, gh, _voyage) = setup();
    let issue = gh.add_issue(REPO, "Widget crash", "It crashes.");
    let n = issue.to_string();
    env.run(&["observe", "github-issue", &n]).ok();
    let number = entry_of(&propose(
        &env,
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    let before = gh.requests().len();
    gh.set_latency(Duration::from_millis(150));
    let approved = approve(&env, "alice", number, &[]).json();
    assert_eq!(approved["action"]["approval"]["proposal"], number);

    let sent: Vec<String> = gh.requests()[before..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path()))
        .collect();
    let issue_path = format!("/repos/{REPO}/issues/{n}");
    let comments = format!("GET {issue_path}/comments");
    // Who the token acts as and the search for an earlier write (the look),
    // the issue and its comments read again (the freshness check, one
    // round), then the one write: no request a steer and a look would not
    // make but the search, and no second `GET /user` for the clock.
    let mut expected = vec![
        "GET /user".to_string(),
        comments.clone(),
        format!("GET {issue_path}"),
        comments.clone(),
        format!("POST {issue_path}/comments"),
    ];
    let mut sorted = sent.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected, "{sent:#?}");
    assert_eq!(sent.last(), Some(&format!("POST {issue_path}/comments")));
    // The search (`comments?since=`) waits for `GET /user`'s answer, but
    // the freshness check does not wait for the search.
    let search = gh.requests()[before..]
        .iter()
        .position(|r| r.path_and_query.contains("since="))
        .expect("the look searched for an earlier write");
    let reread = sent
        .iter()
        .position(|s| *s == format!("GET {issue_path}"))
        .expect("the freshness check read the issue again");
    assert!(
        reread < search,
        "the freshness check waited for the look: {sent:#?}"
    );
    assert_eq!(gh.writes().len(), 1);
    assert_eq!(gh.violations(), Vec::<String>::new());
}
