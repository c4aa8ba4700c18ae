//! Everything helm posts is checked after it is final: a token in the
//! provenance the `--disclose` footer carries, in a label's name, an
//! assignee or a branch name is refused with kind `secret`, naming where
//! it is, and nothing reaches GitHub.

use super::{REPO, refused, steer, token};
use crate::support::github::github_voyage;

#[test]
fn a_token_the_footer_would_carry_is_refused_and_nothing_is_posted() {
    let (env, gh, voyage) = github_voyage(REPO, "footer");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let role = format!("coder {}", token());
    let run = env.run(&[
        "steer",
        "--as",
        "claude-7",
        "--role",
        &role,
        "--method",
        "m",
        "--summary",
        "s",
        "--json",
        "--disclose",
        "comment",
        "--issue",
        &issue,
        "--body",
        "Done.",
    ]);
    let (kind, message) = refused(&run, &token());
    assert_eq!(kind, "secret", "{message}");
    assert!(
        message.contains("the body of comment on issue")
            && message.contains("github-pat on line 4"),
        "{message}"
    );
    assert!(gh.writes().is_empty(), "{:?}", gh.writes());
    let shown = env.run(&["voyage", "show", &voyage, "--json"]).json();
    assert_eq!(shown["entries"].as_array().map_or(0, Vec::len), 0);
}

#[test]
fn labels_assignees_and_branch_names_pass_the_same_gate() {
    let (env, gh, _voyage) = github_voyage(REPO, "names");
    let issue = gh.add_issue(REPO, "t", "b").to_string();
    let secret = token();
    let runs: Vec<Vec<&str>> = vec![
        vec!["label", "--issue", &issue, "--add", &secret],
        vec!["label", "--issue", &issue, "--remove", &secret],
        vec!["create-issue", "--title", "t", "--label", &secret],
        vec!["create-issue", "--title", "t", "--assignee", &secret],
        vec![
            "create-pr",
            "--title",
            "t",
            "--head",
            &secret,
            "--base",
            "main",
        ],
    ];
    for action in runs {
        let (kind, message) = refused(&steer(&env, &action), &secret);
        assert_eq!(kind, "secret", "{action:?}: {message}");
        assert!(message.contains("github-pat on line 1"), "{message}");
    }
    assert!(gh.writes().is_empty(), "{:?}", gh.writes());
}
