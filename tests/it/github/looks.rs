//! Observing pull requests and repositories, and where the repository and token come from.

use serde_json::{Value, json};

use super::{REPO, no_violations, setup};
use crate::support::env::TestEnv;
use crate::support::fake_github::FakeGitHub;

#[test]
fn pull_requests_observe_every_page_and_survive_huge_diffs() {
    let (env, gh, _) = setup();
    gh.set_per_page_cap(2);
    let pr = gh.add_pr(REPO, "Big", "big", "main");
    for n in 0..5 {
        gh.add_issue_comment(REPO, pr, "someone", &format!("comment {n}"));
        gh.add_pr_file(REPO, pr, &format!("src/f{n}.rs"), "@@ -1 +1 @@\n-a\n+b\n");
    }
    gh.set_diff_too_large(REPO, pr);
    let sha = gh.head_sha(REPO, pr);
    gh.add_check_run(REPO, &sha, "ci", "completed", Some("success"));
    gh.add_status(REPO, &sha, "lint", "success");
    let doc = env
        .run(&["observe", "github-pr", &pr.to_string(), "--json"])
        .json();
    let payload = &doc["payload"];
    assert_eq!(payload["comments"].as_array().unwrap().len(), 5);
    assert_eq!(payload["files"].as_array().unwrap().len(), 5);
    assert_eq!(payload["diff"]["format"], "per-file-patches");
    assert!(payload["diff"]["note"].as_str().unwrap().contains("406"));
    assert_eq!(payload["diff"]["patches"].as_array().unwrap().len(), 5);
    assert_eq!(payload["checks"]["checkRuns"][0]["conclusion"], "success");
    assert_eq!(payload["checks"]["statuses"][0]["context"], "lint");

    // Focus narrows what is fetched and is part of the target.
    let requests_before = gh.requests().len();
    let narrow = env
        .run(&[
            "observe",
            "github-pr",
            &pr.to_string(),
            "--focus",
            "summary",
            "--json",
        ])
        .json();
    assert_eq!(narrow["target"]["focus"], json!(["summary"]));
    assert!(narrow["payload"].get("diff").is_none());
    assert_eq!(gh.requests().len(), requests_before + 1);
    no_violations(&gh);
}

#[test]
fn a_repository_lists_open_issues_and_pull_requests_apart() {
    let (env, gh, _) = setup();
    gh.set_per_page_cap(1);
    gh.add_issue(REPO, "bug one", "");
    gh.add_issue(REPO, "bug two", "");
    gh.add_pr(REPO, "feature", "f", "main");
    let doc = env.run(&["observe", "github-repo", "--json"]).json();
    let titles = |key: &str| -> Vec<Value> {
        doc["payload"][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].clone())
            .collect()
    };
    assert_eq!(titles("issues").len(), 2);
    assert_eq!(titles("pullRequests"), [json!("feature")]);
    assert_eq!(
        doc["target"],
        json!({"kind": "github-repo", "repo": REPO, "focus": ["issues", "pull-requests"]})
    );
    no_violations(&gh);
}

#[test]
fn repository_and_token_sources_fail_clearly() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("config");
    env.set("HELM_VOYAGE", &voyage)
        .set("HELM_GITHUB_API_URL", &gh.url());
    // No repository anywhere (the work dir is not a git clone).
    let run = env.run(&["observe", "github-issue", "1"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("--repo") && stderr.contains("GH_REPO") && stderr.contains("origin"),
        "{stderr}"
    );
    // A malformed --repo is a usage error.
    let run = env.run(&["observe", "github-issue", "1", "--repo", "not a repo"]);
    assert!(run.fails(2).contains("OWNER/NAME"));
    // No token anywhere (PATH still has no gh with a login for this HOME).
    let run = env.run(&["observe", "github-issue", "1", "--repo", "o/r"]);
    let stderr = run.fails(1);
    assert!(
        stderr.contains("GH_TOKEN")
            && stderr.contains("GITHUB_TOKEN")
            && stderr.contains("gh auth token"),
        "{stderr}"
    );
    // The repository can come from the git remote.
    let git = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(env.work())
        .status();
    if git.is_ok_and(|s| s.success()) {
        std::process::Command::new("git")
            .args(["remote", "add", "origin", "git@github.com:acme/widgets.git"])
            .current_dir(env.work())
            .status()
            .unwrap();
        gh.add_issue(REPO, "from remote", "");
        env.set("GH_TOKEN", gh.token());
        let doc = env.run(&["observe", "github-issue", "1", "--json"]).json();
        assert_eq!(doc["target"]["repo"], REPO);
    }
}
