//! Inputs as people type them (issue 32): a repository as OWNER/NAME or
//! as the URL GitHub shows or git clones, an issue or pull request as `42`,
//! `#42` or its URL, and `-V` as `--voyage` everywhere.

use crate::support::env::steer_args;
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";
const OTHER: &str = "acme/gadgets";

#[test]
fn a_pull_request_url_names_both_the_repository_and_the_number() {
    let (env, gh, _) = github_voyage(REPO, "urls");
    let pr = gh.add_pr(OTHER, "Gadget fix", "fix", "main");
    let url = format!("https://github.com/{OTHER}/pull/{pr}");
    let doc = env
        .run(&["observe", "github-pr", &url, "--focus", "summary", "--json"])
        .json();
    assert_eq!(doc["target"]["repo"], OTHER, "{doc}");
    assert_eq!(doc["target"]["number"], pr, "{doc}");
}

#[test]
fn a_hash_number_and_a_repository_url_are_taken() {
    let (env, gh, _) = github_voyage(REPO, "hash");
    let issue = gh.add_issue(OTHER, "Bug", "body");
    for repo in [
        format!("https://github.com/{OTHER}"),
        format!("https://github.com/{OTHER}.git"),
        format!("git@github.com:{OTHER}.git"),
    ] {
        let doc = env
            .run(&[
                "observe",
                "github-issue",
                &format!("#{issue}"),
                "--repo",
                &repo,
                "--json",
            ])
            .json();
        assert_eq!(doc["target"]["repo"], OTHER, "{repo}: {doc}");
        assert_eq!(doc["target"]["number"], issue, "{repo}: {doc}");
    }
}

#[test]
fn a_url_naming_another_repository_than_repo_is_refused_before_anything_is_sent() {
    let (env, gh, _) = github_voyage(REPO, "two repos");
    let issue = gh.add_issue(OTHER, "Bug", "body");
    let url = format!("https://github.com/{OTHER}/issues/{issue}");
    let observed = env.run(&["observe", "github-issue", &url, "--repo", "acme/other"]);
    assert!(
        observed.fails(2).contains("acme/gadgets"),
        "{}",
        observed.fails(2)
    );
    let steer = env.run(&steer_args(&[
        "comment",
        "--issue",
        &url,
        "--body",
        "x",
        "--repo",
        "acme/other",
    ]));
    let stderr = steer.fails(2);
    assert!(
        stderr.contains("--repo names acme/other but the URL given names acme/gadgets"),
        "{stderr}"
    );
    assert!(gh.comments(OTHER, issue).is_empty());
    let none = env.run(&["observe", "github-issue", "#x"]);
    assert!(none.fails(2).contains("expected 42, #42 or its URL"));
}

#[test]
fn a_steer_takes_the_issue_url_for_its_repository() {
    let (env, gh, _) = github_voyage(REPO, "steer url");
    let issue = gh.add_issue(OTHER, "Bug", "body");
    let url = format!("https://github.com/{OTHER}/issues/{issue}");
    env.run(&steer_args(&[
        "comment",
        "--issue",
        &url,
        "--body",
        "from a URL",
    ]))
    .ok();
    assert_eq!(gh.comments(OTHER, issue).len(), 1);
}

#[test]
fn dash_capital_v_is_the_voyage_everywhere_and_never_the_version() {
    let (env, _gh, voyage) = github_voyage(REPO, "dash V");
    env.run(&["slate", "list", "-V", &voyage]).ok();
    assert!(
        env.run(&["-V"])
            .fails(2)
            .contains("unexpected argument '-V'")
    );
    let version = env.run(&["--version"]);
    version.ok();
}
