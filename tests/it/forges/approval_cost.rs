//! What an approval costs on GitLab (issue 45, goal 4: at most one steer plus
//! one look), as `proposals/cost.rs` pins it on GitHub: its look for an
//! earlier write of the proposal goes alongside the freshness check's
//! re-read of the issue, not before it. With every answer 150 ms late, a look
//! made first would have its search for the earlier write arrive before any
//! re-read of the issue.

use std::time::Duration;

use super::proposals::{approve, observed_gitlab_issue, propose, url};
use crate::proposals::entry_of;

#[test]
fn a_gitlab_approval_looks_for_an_earlier_write_alongside_the_freshness_check() {
    let (env, fake, _voyage, issue) = observed_gitlab_issue("approve at one round's cost");
    let n = issue.to_string();
    let number = entry_of(&propose(
        &env,
        &url(),
        &["comment", "--issue", &n, "--body", "Fixed."],
    ));
    let before = fake.requests().len();
    fake.set_latency(Duration::from_millis(150));
    let approved = approve(&env, "alice", number).json();
    assert_eq!(approved["action"]["approval"]["proposal"], number);
    let sent: Vec<String> = fake.requests()[before..]
        .iter()
        .map(|r| format!("{} {}", r.method, r.path_and_query))
        .collect();
    let issue_path = format!("/api/v4/projects/group%2Fsub%2Fproject/issues/{n}");
    let notes = |sort: &str| {
        format!("GET {issue_path}/notes?sort={sort}&order_by=created_at&per_page=100&page=1")
    };
    // Who the token acts as and the search for an earlier note (the look);
    // the notes and the issue read again with their authors' standing (the
    // freshness check); then the one write, and nothing else.
    let mut expected = vec![
        "GET /api/v4/user".to_string(),
        notes("desc"),
        notes("asc"),
        format!("GET {issue_path}"),
        "GET /api/v4/users?username=octocat".to_string(),
        "GET /api/v4/projects/group%2Fsub%2Fproject/members/all?user_ids[]=2&per_page=100&page=1"
            .to_string(),
        format!("POST {issue_path}/notes"),
    ];
    let mut sorted = sent.clone();
    sorted.sort();
    expected.sort();
    assert_eq!(sorted, expected, "{sent:#?}");
    assert_eq!(sent.last(), Some(&format!("POST {issue_path}/notes")));
    // The search waits for `GET /user`'s answer; the check does not wait
    // for the search.
    let at = |request: &str| sent.iter().position(|s| s == request).unwrap();
    assert!(
        at(&notes("asc")) < at(&notes("desc")),
        "the freshness check waited for the look: {sent:#?}"
    );
    assert_eq!(fake.violations(), Vec::<String>::new());
}
