//! On GitHub, `issue`, `pr` (`mr`), `repo` and `checks` are `github-issue`,
//! `github-pr`, `github-repo` and `github-checks`: the same target, key and
//! slate row, whichever was typed, so no voyage reads differently.

use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

#[test]
fn issue_5_is_github_issue_5_one_slate_row() {
    let (env, gh, voyage) = github_voyage(REPO, "one row");
    let issue = gh.add_issue(REPO, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    let neutral = env.run(&["observe", "issue", &n, "--json"]).json();
    let github = env.run(&["observe", "github-issue", &n, "--json"]).json();
    assert_eq!(neutral["target"], github["target"]);
    assert_eq!(
        serde_json::to_string(&neutral["target"]).unwrap(),
        format!(
            r#"{{"kind":"github-issue","repo":"{REPO}","number":{n},"focus":["comments","summary"]}}"#
        )
    );
    let slate = env.run(&["slate", "list", "-V", &voyage, "--json"]).json();
    let rows = slate["slate"].as_array().expect("slate");
    assert_eq!(rows.len(), 1, "{slate}");
    // The second look was asked conditionally on the first: the same target.
    assert!(
        gh.not_modified_count() > 0,
        "the github-issue look did not reuse the issue look's validators"
    );
}

#[test]
fn mr_is_pr_and_pr_is_github_pr() {
    let (env, gh, _) = github_voyage(REPO, "mr is pr");
    let pr = gh.add_pr(REPO, "Fix widget crash", "fix-42", "main");
    let n = pr.to_string();
    let mr = env
        .run(&["observe", "mr", &n, "--focus", "summary", "--json"])
        .json();
    assert_eq!(mr["target"]["kind"], "github-pr");
    let pr = env
        .run(&["observe", "pr", &n, "--focus", "summary", "--json"])
        .json();
    assert_eq!(mr["target"], pr["target"]);
    let repo = env.run(&["observe", "repo", "--json"]).json();
    assert_eq!(repo["target"]["kind"], "github-repo");
    let checks = env.run(&["observe", "checks", "--pr", &n, "--json"]).json();
    assert_eq!(checks["target"]["kind"], "github-checks");
    assert_eq!(gh.violations(), Vec::<String>::new());
}
