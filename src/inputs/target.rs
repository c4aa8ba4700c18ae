//! `TargetSpec`: what to look at, as given (relative paths, focus in any
//! order, repository optional), and its resolution into a canonical
//! [`Observe`]. `slate erase` takes the same syntax as `observe`.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde::Deserialize;

use crate::error::{Error, Result};
use crate::model::{IssueFocus, Observe, PullRequestFocus, Repo, RepositoryFocus};
use crate::observe::target;

/// What to look at.
#[derive(Debug, Clone, Subcommand, Deserialize, schemars::JsonSchema)]
#[serde(
    tag = "kind",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase",
    deny_unknown_fields
)]
pub enum TargetSpec {
    /// One or more files, read whole (text as text, anything else as base64).
    FileContents {
        /// Files to read.
        #[arg(value_name = "PATH", required = true)]
        paths: Vec<PathBuf>,
    },
    /// A folder's tree, honouring .gitignore; .git is always skipped.
    DirectoryTree {
        /// The folder to walk.
        #[arg(value_name = "ROOT")]
        root: PathBuf,
        /// A file or folder name to leave out, e.g. target (repeatable).
        #[arg(long, value_name = "NAME")]
        #[serde(default)]
        skip: Vec<String>,
        /// How many levels below ROOT to descend (1 = its direct children).
        #[arg(long, value_name = "N")]
        #[serde(default)]
        max_depth: Option<u32>,
    },
    /// A Rust project: tree, Cargo manifests, READMEs and docs, crate docs.
    RustProject {
        /// The folder holding the top Cargo.toml.
        #[arg(value_name = "ROOT")]
        root: PathBuf,
    },
    /// A GitHub issue: its summary and comments.
    #[serde(rename = "github-issue")]
    GithubIssue {
        /// The issue number.
        #[arg(value_name = "NUMBER")]
        number: u64,
        /// Which parts to fetch (default: all).
        #[arg(
            long,
            value_delimiter = ',',
            value_name = "PART",
            help = "Which parts to fetch (default: all); repeatable, or a comma list: --focus summary,comments"
        )]
        #[serde(default)]
        focus: Vec<IssueFocus>,
        /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
        /// remote `origin` of the current directory).
        #[arg(long, value_name = "OWNER/NAME")]
        #[serde(default)]
        repo: Option<String>,
    },
    /// A GitHub pull request: summary, comments, files, diff, checks, reviews.
    #[serde(rename = "github-pr")]
    GithubPr {
        /// The pull request number.
        #[arg(value_name = "NUMBER")]
        number: u64,
        /// Which parts to fetch (default: all).
        #[arg(
            long,
            value_delimiter = ',',
            value_name = "PART",
            help = "Which parts to fetch (default: all); repeatable, or a comma list: --focus summary,reviews"
        )]
        #[serde(default)]
        focus: Vec<PullRequestFocus>,
        /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
        /// remote `origin` of the current directory).
        #[arg(long, value_name = "OWNER/NAME")]
        #[serde(default)]
        repo: Option<String>,
    },
    /// A GitHub repository: its open issues and open pull requests.
    #[serde(rename = "github-repo")]
    GithubRepo {
        /// Which parts to fetch (default: all).
        #[arg(
            long,
            value_delimiter = ',',
            value_name = "PART",
            help = "Which parts to fetch (default: all); repeatable, or a comma list: --focus issues,pull-requests"
        )]
        #[serde(default)]
        focus: Vec<RepositoryFocus>,
        /// The GitHub repository as OWNER/NAME (default: GH_REPO, then the git
        /// remote `origin` of the current directory).
        #[arg(long, value_name = "OWNER/NAME")]
        #[serde(default)]
        repo: Option<String>,
    },
}

impl TargetSpec {
    /// The `--repo` given with the target itself, if any.
    pub fn repo(&self) -> Option<&str> {
        match self {
            TargetSpec::GithubIssue { repo, .. }
            | TargetSpec::GithubPr { repo, .. }
            | TargetSpec::GithubRepo { repo, .. } => repo.as_deref(),
            _ => None,
        }
    }

    fn is_github(&self) -> bool {
        matches!(
            self,
            TargetSpec::GithubIssue { .. }
                | TargetSpec::GithubPr { .. }
                | TargetSpec::GithubRepo { .. }
        )
    }

    /// The canonical target: the same thing spelled differently gives the
    /// same value. `outer_repo` is a `--repo` given apart from the target
    /// (`helm observe --repo o/r …`, or MCP's `repo` argument); `repository`
    /// resolves the repository of a GitHub target from the flag, if any.
    pub fn resolve(
        &self,
        cwd: &Path,
        outer_repo: Option<&str>,
        repository: &dyn Fn(Option<&str>) -> Result<Repo>,
    ) -> Result<Observe> {
        let flag = match (outer_repo, self.repo()) {
            (Some(a), Some(b)) if a.trim() != b.trim() => {
                return Err(
                    Error::usage(format!("--repo is given twice, as '{a}' and as '{b}'"))
                        .hint("give --repo once, before or after the target"),
                );
            }
            (outer, inner) => inner.or(outer),
        };
        if flag.is_some() && !self.is_github() {
            return Err(Error::usage("--repo applies only to GitHub targets")
                .hint("drop --repo, or observe github-issue, github-pr or github-repo"));
        }
        Ok(match self {
            TargetSpec::FileContents { paths } => Observe::FileContents {
                paths: target::canonical_paths(paths, cwd)?,
            },
            TargetSpec::DirectoryTree {
                root,
                skip,
                max_depth,
            } => Observe::DirectoryTree {
                root: target::canonical_path(root, cwd)?,
                skip: target::skip_names(skip)?,
                max_depth: *max_depth,
            },
            TargetSpec::RustProject { root } => Observe::RustProject {
                root: target::canonical_path(root, cwd)?,
            },
            TargetSpec::GithubIssue { number, focus, .. } => Observe::GitHubIssue {
                repo: repository(flag)?,
                number: *number,
                focus: target::focus(focus, IssueFocus::ALL),
            },
            TargetSpec::GithubPr { number, focus, .. } => Observe::GitHubPullRequest {
                repo: repository(flag)?,
                number: *number,
                focus: target::focus(focus, PullRequestFocus::ALL),
            },
            TargetSpec::GithubRepo { focus, .. } => Observe::GitHubRepository {
                repo: repository(flag)?,
                focus: target::focus(focus, RepositoryFocus::ALL),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(flag: Option<&str>) -> Result<Repo> {
        Ok(Repo::parse(flag.unwrap_or("d/default")).unwrap())
    }

    #[test]
    fn targets_parse_from_the_json_observe_prints() {
        let spec: TargetSpec =
            serde_json::from_str(r#"{"kind":"github-pr","number":7,"focus":["diff"]}"#).unwrap();
        let target = spec.resolve(Path::new("/w"), Some("o/r"), &fixed).unwrap();
        assert_eq!(
            target.key(),
            r#"{"kind":"github-pr","repo":"o/r","number":7,"focus":["diff"]}"#
        );
        let spec: TargetSpec =
            serde_json::from_str(r#"{"kind":"directory-tree","root":"src","maxDepth":2}"#).unwrap();
        assert!(matches!(
            spec.resolve(Path::new("/w"), None, &fixed).unwrap(),
            Observe::DirectoryTree {
                max_depth: Some(2),
                ..
            }
        ));
        assert!(
            serde_json::from_str::<TargetSpec>(r#"{"kind":"file-contents","path":"x"}"#).is_err()
        );
    }

    #[test]
    fn the_repository_is_given_once_and_only_for_github() {
        let spec = TargetSpec::GithubIssue {
            number: 5,
            focus: vec![],
            repo: Some("o/r".into()),
        };
        assert!(spec.resolve(Path::new("/w"), Some("o/r"), &fixed).is_ok());
        assert!(spec.resolve(Path::new("/w"), Some("x/y"), &fixed).is_err());
        let local = TargetSpec::RustProject { root: ".".into() };
        assert!(local.resolve(Path::new("/w"), Some("o/r"), &fixed).is_err());
    }
}
