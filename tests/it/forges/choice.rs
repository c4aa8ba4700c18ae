//! Which forge a repository is on (contract, "Forges"): `--forge`, else
//! `HELM_FORGE`, else git config `helm.forge.<host>`, else the host's own
//! forge; `OWNER/NAME` alone is GitHub. A host helm cannot place is a clear
//! error naming the host and the three ways to choose, and nothing is sent.

use std::process::Command;

use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";
/// A host no forge calls its home (a GitHub Enterprise, a self-hosted GitLab).
const ELSEWHERE: &str = "git.example.org/acme/widgets";

#[test]
fn a_host_no_forge_claims_is_a_clear_error_naming_three_ways() {
    let (env, gh, _) = github_voyage(REPO, "unknown host");
    gh.add_issue(REPO, "Widget crashes", "It crashes.");
    let run = env.run(&["observe", "issue", "1", "--repo", ELSEWHERE, "--json"]);
    run.fails(1);
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "config", "{error}");
    let said = error.to_string();
    for way in [
        "git.example.org",
        "--forge",
        "HELM_FORGE",
        "helm.forge.git.example.org",
    ] {
        assert!(said.contains(way), "{way} not in {said}");
    }
    let run = env.run(&[
        "observe", "issue", "1", "--repo", ELSEWHERE, "--forge", "gitea",
    ]);
    let stderr = run.fails(2);
    assert!(stderr.contains("'gitea' is not a forge"), "{stderr}");
    assert!(stderr.contains("github, gitlab, forgejo"), "{stderr}");
    assert!(gh.requests().is_empty(), "a refused choice sent requests");
}

#[test]
fn forge_flag_env_and_git_config_each_choose_in_that_order() {
    let (mut env, gh, _) = github_voyage(REPO, "chosen");
    gh.add_issue(REPO, "Widget crashes", "It crashes.");
    let target = |env: &crate::support::env::TestEnv, extra: &[&str]| {
        let mut args = vec!["observe", "issue", "1", "--repo", ELSEWHERE, "--json"];
        args.extend_from_slice(extra);
        env.run(&args).json()["target"].clone()
    };
    // --forge: the host's GitHub (an Enterprise), read as GitHub always read HOST/OWNER/NAME.
    let flagged = target(&env, &["--forge", "github"]);
    assert_eq!(flagged["kind"], "github-issue", "{flagged}");
    assert_eq!(flagged["repo"], REPO);
    // git config helm.forge.<host>, in the working tree.
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(env.work())
            .output()
            .expect("git")
    };
    git(&["init", "-q"]);
    git(&["config", "helm.forge.git.example.org", "github"]);
    assert_eq!(target(&env, &[])["kind"], "github-issue");
    // HELM_FORGE stands before git config; --forge before HELM_FORGE.
    git(&["config", "helm.forge.git.example.org", "nonsense"]);
    let run = env.run(&["observe", "issue", "1", "--repo", ELSEWHERE]);
    assert!(
        run.fails(1)
            .contains("git config helm.forge.git.example.org 'nonsense'")
    );
    env.set("HELM_FORGE", "github");
    assert_eq!(target(&env, &[])["kind"], "github-issue");
    env.set("HELM_FORGE", "nonsense");
    assert_eq!(target(&env, &["--forge", "github"])["kind"], "github-issue");
    assert_eq!(gh.violations(), Vec::<String>::new());
}

#[test]
fn forge_is_for_a_forges_targets_only() {
    let (env, gh, _) = github_voyage(REPO, "a forge for forge targets");
    let run = env.run(&["observe", "--forge", "gitlab", "rust-project", "."]);
    assert!(run.fails(2).contains("--forge applies only"));
    let run = env.run(&[
        "observe", "--forge", "gitlab", "issue", "1", "--forge", "forgejo",
    ]);
    assert!(run.fails(2).contains("--forge is given twice"));
    assert!(gh.requests().is_empty());
}

#[test]
fn steer_places_its_repository_by_the_same_rules() {
    let (env, gh, _) = github_voyage(REPO, "steer on a host helm does not know");
    let issue = gh.add_issue(REPO, "Widget crashes", "It crashes.");
    let n = issue.to_string();
    let comment = |extra: &[&str]| {
        let mut action = vec!["--repo", ELSEWHERE];
        action.extend_from_slice(extra);
        action.extend_from_slice(&["comment", "--issue", &n, "--body", "on it", "--json"]);
        env.run(&crate::support::env::steer_args(&action))
    };
    // Unplaced, the host is a clear error and nothing is sent.
    let run = comment(&[]);
    run.fails(1);
    assert_eq!(run.error_json()["error"]["kind"], "config");
    assert!(gh.requests().is_empty());
    // --forge github: GitHub's repository, as HOST/OWNER/NAME always read.
    let entry = comment(&["--forge", "github"]).json();
    assert_eq!(entry["action"]["repo"], REPO, "{entry}");
    assert_eq!(gh.violations(), Vec::<String>::new());
}
