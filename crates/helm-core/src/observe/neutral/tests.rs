use std::path::Path;

use helm_forge::{ForgeName, ForgeRepo, RepoPath};

use super::super::{Target, TargetArgs};
use crate::error::Result;
use crate::inputs::Stdin;
use crate::model::Repo;
use crate::ops::Located;

/// Resolves `json` as if `--repo`/`--forge` located it on GitHub (`o/r`) or,
/// for any `--repo` holding a host, on GitLab at that host.
fn resolve(json: &str, outer: (Option<&str>, Option<&str>)) -> Result<Target> {
    let spec: TargetArgs = serde_json::from_str(json).unwrap();
    spec.resolve(Path::new("/w"), Stdin::Ours, outer, &|repo, forge| {
        Ok(match (repo, forge) {
            (Some(repo), _) if repo.contains('.') => {
                let (host, path) = repo.split_once('/').unwrap();
                Located::Forge(ForgeRepo {
                    forge: ForgeName::GitLab,
                    host: host.into(),
                    repo: RepoPath::new(path).unwrap(),
                })
            }
            (repo, _) => Located::GitHub(Repo::parse(repo.unwrap_or("o/r")).unwrap()),
        })
    })
}

#[test]
fn on_github_a_neutral_kind_is_the_github_target_byte_for_byte() {
    for (neutral, github) in [
        (
            r#"{"kind":"issue","number":5}"#,
            r#"{"kind":"github-issue","number":5}"#,
        ),
        (
            r#"{"kind":"pr","number":7}"#,
            r#"{"kind":"github-pr","number":7}"#,
        ),
        (
            r#"{"kind":"mr","number":7}"#,
            r#"{"kind":"github-pr","number":7}"#,
        ),
        (r#"{"kind":"repo"}"#, r#"{"kind":"github-repo"}"#),
        (
            r#"{"kind":"checks","pr":3}"#,
            r#"{"kind":"github-checks","pr":3}"#,
        ),
        (
            r#"{"kind":"issue","number":5,"focus":["comments"]}"#,
            r#"{"kind":"github-issue","number":5,"focus":["comments"]}"#,
        ),
    ] {
        let a = resolve(neutral, (None, None)).unwrap();
        let b = resolve(github, (None, None)).unwrap();
        assert_eq!(a.key(), b.key(), "{neutral}");
        assert_eq!(a, b);
    }
    let issue = resolve(r#"{"kind":"issue","number":5}"#, (None, None)).unwrap();
    assert_eq!(
        issue.key(),
        r#"{"kind":"github-issue","repo":"o/r","number":5,"focus":["comments","summary"]}"#
    );
}

#[test]
fn elsewhere_a_neutral_target_names_the_forge_host_and_repository() {
    let repo = Some("gitlab.example.com/group/sub/project");
    let pr = resolve(r#"{"kind":"mr","number":7}"#, (repo, None)).unwrap();
    assert_eq!(
        pr.key(),
        r#"{"kind":"pr","forge":"gitlab","host":"gitlab.example.com","repo":"group/sub/project","number":7,"focus":["checks","comments","diff","files","reviews","summary"]}"#
    );
    assert_eq!(Target::from_key(&pr.key()), Some(pr.clone()));
    assert_eq!(pr.describe(), "pr gitlab.example.com/group/sub/project#7");
    assert_eq!(
        pr.command_args().map(crate::observe::typed).as_deref(),
        Some("`helm observe pr 7 --repo gitlab.example.com/group/sub/project --forge gitlab`")
    );
    assert!(Target::key_folds_case(&pr.key()));
    let checks = resolve(r#"{"kind":"checks","ref":"Main"}"#, (repo, None)).unwrap();
    assert!(!Target::key_folds_case(&checks.key()));
    let issue = resolve(r#"{"kind":"issue","number":1}"#, (repo, None)).unwrap();
    assert_eq!(
        issue.describe(),
        "issue gitlab.example.com/group/sub/project#1"
    );
    let whole = resolve(r#"{"kind":"repo"}"#, (repo, None)).unwrap();
    assert!(
        whole
            .key()
            .starts_with(r#"{"kind":"repo","forge":"gitlab","#)
    );
}

#[test]
fn forge_is_given_once_and_only_for_a_forges_targets() {
    let twice = resolve(
        r#"{"kind":"issue","number":5,"forge":"gitlab"}"#,
        (None, Some("forgejo")),
    );
    assert!(twice.unwrap_err().to_string().contains("given twice"));
    let same = resolve(
        r#"{"kind":"issue","number":5,"forge":"github"}"#,
        (None, Some("GitHub")),
    );
    assert!(same.is_ok());
    let local = resolve(
        r#"{"kind":"rust-project","root":"."}"#,
        (None, Some("gitlab")),
    );
    assert!(
        local
            .unwrap_err()
            .to_string()
            .contains("--forge applies only")
    );
    let checks = resolve(r#"{"kind":"checks"}"#, (None, None));
    assert!(checks.unwrap_err().to_string().starts_with("checks takes"));
}
