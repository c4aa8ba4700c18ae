//! Resolving a target as given ([`TargetArgs`](super::TargetArgs)) into its
//! canonical [`Target`]: the checks every kind shares (`--repo` and `--forge`
//! given once, and only for a forge's targets), then the kind's own `canonical`.

use std::path::Path;

use super::{KindArgs, KindName, Target};
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::Stdin;
use crate::model::Repo;
use crate::model::words;
use crate::ops::Located;

/// Where a target is resolved: the working folder, and the repository of a
/// forge's target (resolved only when a forge's kind asks for it).
pub(crate) struct Place<'a> {
    pub(crate) cwd: &'a Path,
    /// Whether `-` may read stdin (the CLI) or not (MCP's stdin is the
    /// protocol).
    pub(crate) stdin: Stdin,
    located: &'a dyn Fn() -> Result<Located>,
}

impl Place<'_> {
    /// The repository of a GitHub target: its `--repo`, else `GH_REPO`, else
    /// the git remote `origin`, which must be on GitHub.
    pub(crate) fn repository(&self) -> Result<Repo> {
        match (self.located)()? {
            Located::GitHub(repo) => Ok(repo),
            Located::Forge(place) => Err(crate::ops::not_github(&place)),
        }
    }

    /// The repository of a neutral target and the forge it is on.
    pub(crate) fn located(&self) -> Result<Located> {
        (self.located)()
    }
}

/// What locates a forge's repository from `--repo` and `--forge`.
pub(crate) type Locate<'a> = &'a dyn Fn(Option<&str>, Option<&str>) -> Result<Located>;

pub(super) fn resolve(
    args: &dyn KindArgs,
    cwd: &Path,
    stdin: Stdin,
    outer: (Option<&str>, Option<&str>),
    locate: Locate,
) -> Result<Target> {
    let (outer_repo, outer_forge) = outer;
    let inner = args.repo_flag();
    let flag = match (outer_repo, inner.flatten()) {
        (Some(a), Some(b)) if a.trim() != b.trim() && !same_repository(a, b) => {
            return Err(Error::usage(words![
                arg("repo"),
                format!(" is given twice, as '{a}' and as '{b}'"),
            ])
            .hint(words![
                "give ",
                arg("repo"),
                " once, before or after the target"
            ]));
        }
        (outer, inner) => inner.or(outer),
    };
    if flag.is_some() && inner.is_none() {
        return Err(
            Error::usage(words![arg("repo"), " applies only to GitHub targets"]).hint(words![
                "drop ",
                arg("repo"),
                format!(", or observe {}", github_kinds()),
            ]),
        );
    }
    let forge = once("forge", outer_forge, args.forge_flag())?;
    if forge.is_some() && inner.is_none() {
        return Err(
            Error::usage(words![arg("forge"), " applies only to a forge's targets"]).hint(words![
                "drop ",
                arg("forge"),
                ", or observe issue, pr, repo or checks",
            ]),
        );
    }
    args.canonical(&Place {
        cwd,
        stdin,
        located: &|| locate(flag, forge),
    })
}

/// A flag given apart from the target and with it: the same twice is once.
fn once<'a>(
    name: &'static str,
    outer: Option<&'a str>,
    inner: Option<Option<&'a str>>,
) -> Result<Option<&'a str>> {
    match (outer, inner.flatten()) {
        (Some(a), Some(b)) if !a.trim().eq_ignore_ascii_case(b.trim()) => {
            Err(Error::usage(words![
                arg(name),
                format!(" is given twice, as '{a}' and as '{b}'")
            ])
            .hint(words![
                "give ",
                arg(name),
                " once, before or after the target"
            ]))
        }
        (outer, inner) => Ok(inner.or(outer)),
    }
}

/// Two spellings of one repository (`o/r` and `https://github.com/o/r`).
fn same_repository(a: &str, b: &str) -> bool {
    matches!((Repo::given(a), Repo::given(b)), (Some(a), Some(b)) if a == b)
}

/// `github-issue, github-pr or github-repo`: the kinds whose keys fold case
/// (see [`Target::key_folds_case`]).
fn github_kinds() -> String {
    let names: Vec<&str> = KindName::ALL
        .iter()
        .map(|k| k.as_str())
        .filter(|name| name.starts_with("github-"))
        .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::TargetArgs;
    use super::*;

    fn fixed(flag: Option<&str>, _forge: Option<&str>) -> Result<Located> {
        Ok(Located::GitHub(
            Repo::parse(flag.unwrap_or("d/default")).unwrap(),
        ))
    }

    #[test]
    fn targets_parse_from_the_json_observe_prints() {
        let spec: TargetArgs =
            serde_json::from_str(r#"{"kind":"github-pr","number":7,"focus":["diff"]}"#).unwrap();
        let target = spec
            .resolve(Path::new("/w"), Stdin::Ours, (Some("o/r"), None), &fixed)
            .unwrap();
        assert_eq!(
            target.key(),
            r#"{"kind":"github-pr","repo":"o/r","number":7,"focus":["diff"]}"#
        );
        let spec: TargetArgs =
            serde_json::from_str(r#"{"kind":"directory-tree","root":"src","maxDepth":2}"#).unwrap();
        let target = spec
            .resolve(Path::new("/w"), Stdin::Ours, (None, None), &fixed)
            .unwrap();
        assert!(
            target.key().ends_with(r#""maxDepth":2}"#),
            "{}",
            target.key()
        );
        assert!(
            serde_json::from_str::<TargetArgs>(r#"{"kind":"file-contents","path":"x"}"#).is_err()
        );
    }

    #[test]
    fn the_repository_is_given_once_and_only_for_github() {
        let spec: TargetArgs =
            serde_json::from_str(r#"{"kind":"github-issue","number":5,"repo":"o/r"}"#).unwrap();
        assert!(
            spec.resolve(Path::new("/w"), Stdin::Ours, (Some("o/r"), None), &fixed)
                .is_ok()
        );
        assert!(
            spec.resolve(Path::new("/w"), Stdin::Ours, (Some("x/y"), None), &fixed)
                .is_err()
        );
        let local: TargetArgs =
            serde_json::from_str(r#"{"kind":"rust-project","root":"."}"#).unwrap();
        let refused = local.resolve(Path::new("/w"), Stdin::Ours, (Some("o/r"), None), &fixed);
        assert_eq!(
            refused.unwrap_err().hint_text().as_deref(),
            Some("drop --repo, or observe github-issue, github-pr, github-repo or github-checks")
        );
    }
}
