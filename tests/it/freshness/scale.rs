//! Many observations of one pull request are checked in one round: each
//! request they share is sent once, and all of them together.

use super::*;

const FOCUSES: [&str; 6] = ["summary", "comments", "files", "diff", "checks", "reviews"];

#[test]
fn thirty_observations_of_one_pr_are_checked_in_one_round() {
    let (env, gh, _) = setup();
    let pr = gh.add_pr(REPO, "Fix", "fix", "main");
    gh.add_issue_comment(REPO, pr, "erin", "Looks right.");
    gh.add_pr_file(REPO, pr, "src/lib.rs", "@@ -1 +1 @@\n-a\n+b");
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "build", "completed", Some("success"));
    let number = pr.to_string();
    // 30 distinct focus sets, so 30 distinct observations on the slate.
    let sets: Vec<String> = (1u32..64)
        .filter(|bits| bits.count_ones() >= 2)
        .take(30)
        .map(|bits| {
            FOCUSES
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0)
                .map(|(_, f)| *f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    for focus in &sets {
        observe(&env, &["github-pr", &number, "--focus", focus]).ok();
    }
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(30), "{slate}");
    let seen = gh.requests().len();

    let run = steer(&env, &["comment", "--pr", &number, "--body", "Checked."]);
    let fresh = freshness(&run);
    assert_eq!(fresh["verdict"], "fresh", "{fresh}");
    assert_eq!(fresh["checked"], 30);
    let asked: Vec<String> = gh.requests()[seen..]
        .iter()
        .filter(|r| r.method == "GET")
        .map(|r| {
            assert_eq!(r.status, 304, "{r:?}");
            format!("{} {:?}", r.path_and_query, r.header("accept"))
        })
        .collect();
    let mut distinct = asked.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), asked.len(), "each request once: {asked:#?}");
    // The PR, its diff, comments, files, check runs, status, reviews and
    // review comments: one request each, however many observations.
    assert!(asked.len() <= 8, "{asked:#?}");
}
