//! `Observe`: everything helm knows how to look at. A value of this type is an
//! observation's *target*; its canonical JSON is the slate key, so two targets
//! that mean the same thing must serialise to the same bytes. Constructors in
//! `observe::target` guarantee that (absolute paths, sorted lists); this module
//! only describes the shape.

use serde::{Deserialize, Serialize};

use super::Repo;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(
    tag = "kind",
    rename_all = "kebab-case",
    rename_all_fields = "camelCase"
)]
pub enum Observe {
    /// Specific files, read whole.
    FileContents { paths: Vec<String> },
    /// A gitignore-aware walk of a directory.
    DirectoryTree {
        root: String,
        skip: Vec<String>,
        max_depth: Option<u32>,
    },
    /// A Rust project: its tree, manifests and documentation, not every source file.
    RustProject { root: String },
    #[serde(rename = "github-issue")]
    GitHubIssue {
        repo: Repo,
        number: u64,
        focus: Vec<IssueFocus>,
    },
    #[serde(rename = "github-pr")]
    GitHubPullRequest {
        repo: Repo,
        number: u64,
        focus: Vec<PullRequestFocus>,
    },
    #[serde(rename = "github-repo")]
    GitHubRepository {
        repo: Repo,
        focus: Vec<RepositoryFocus>,
    },
}

macro_rules! focus_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, clap::ValueEnum, schemars::JsonSchema)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl FocusName for $name {
            fn name(&self) -> &'static str {
                self.as_str()
            }
        }
    };
}

focus_enum!(
    /// What part of an issue to look at.
    IssueFocus { Summary => "summary", Comments => "comments" }
);
focus_enum!(
    /// What part of a pull request to look at.
    PullRequestFocus {
        Summary => "summary",
        Comments => "comments",
        Files => "files",
        Diff => "diff",
        Checks => "checks",
        Reviews => "reviews",
    }
);
focus_enum!(
    /// What part of a repository to look at.
    RepositoryFocus { Issues => "issues", PullRequests => "pull-requests" }
);

impl Observe {
    /// The slate key: compact JSON of the (already canonical) target.
    pub fn key(&self) -> String {
        serde_json::to_string(self).expect("an Observe always serialises")
    }

    pub fn from_key(key: &str) -> Option<Observe> {
        serde_json::from_str(key).ok()
    }

    /// Whether two keys of this kind name the same target when they differ
    /// only in ASCII case: true for GitHub targets, whose one mixed-case
    /// field is the repository (GitHub's names are case-insensitive; every
    /// other field of their keys is lowercase). Paths stay case-sensitive.
    pub fn key_folds_case(key: &str) -> bool {
        key.starts_with(r#"{"kind":"github-"#)
    }

    /// Where looking happens: decided here, once, from the variant.
    pub fn source(&self) -> Source<'_> {
        match self {
            Observe::FileContents { .. }
            | Observe::DirectoryTree { .. }
            | Observe::RustProject { .. } => Source::Local,
            Observe::GitHubIssue { repo, .. }
            | Observe::GitHubPullRequest { repo, .. }
            | Observe::GitHubRepository { repo, .. } => Source::GitHub(repo),
        }
    }

    /// The issue or pull request number a GitHub target is about, if any.
    pub fn number(&self) -> Option<u64> {
        match self {
            Observe::GitHubIssue { number, .. } | Observe::GitHubPullRequest { number, .. } => {
                Some(*number)
            }
            _ => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Observe::FileContents { .. } => "file-contents",
            Observe::DirectoryTree { .. } => "directory-tree",
            Observe::RustProject { .. } => "rust-project",
            Observe::GitHubIssue { .. } => "github-issue",
            Observe::GitHubPullRequest { .. } => "github-pr",
            Observe::GitHubRepository { .. } => "github-repo",
        }
    }

    /// One line for humans, e.g. `file-contents src/main.rs (+2 more)`.
    pub fn describe(&self) -> String {
        match self {
            Observe::FileContents { paths } => match paths.as_slice() {
                [one] => format!("file-contents {one}"),
                [first, rest @ ..] => format!("file-contents {first} (+{} more)", rest.len()),
                [] => "file-contents".to_string(),
            },
            Observe::DirectoryTree {
                root,
                skip,
                max_depth,
            } => {
                let mut text = format!("directory-tree {root}");
                for name in skip {
                    text.push_str(&format!(" --skip {name}"));
                }
                if let Some(depth) = max_depth {
                    text.push_str(&format!(" --max-depth {depth}"));
                }
                text
            }
            Observe::RustProject { root } => format!("rust-project {root}"),
            Observe::GitHubIssue {
                repo,
                number,
                focus,
            } => format!(
                "github-issue {repo}#{number}{}",
                focus_suffix(focus, IssueFocus::ALL)
            ),
            Observe::GitHubPullRequest {
                repo,
                number,
                focus,
            } => format!(
                "github-pr {repo}#{number}{}",
                focus_suffix(focus, PullRequestFocus::ALL)
            ),
            Observe::GitHubRepository { repo, focus } => {
                format!(
                    "github-repo {repo}{}",
                    focus_suffix(focus, RepositoryFocus::ALL)
                )
            }
        }
    }
}

impl Observe {
    /// The arguments naming a GitHub target on the command line, as `observe`
    /// and `slate erase` take them (`github-pr 45 --focus checks --repo o/r`),
    /// so a hint can quote a command that finds this very target again.
    /// `None` for local targets.
    pub fn command_args(&self) -> Option<String> {
        let (kind, repo, number, focus) = match self {
            Observe::GitHubIssue {
                repo,
                number,
                focus,
            } => (
                "github-issue",
                repo,
                Some(number),
                focus_suffix(focus, IssueFocus::ALL),
            ),
            Observe::GitHubPullRequest {
                repo,
                number,
                focus,
            } => (
                "github-pr",
                repo,
                Some(number),
                focus_suffix(focus, PullRequestFocus::ALL),
            ),
            Observe::GitHubRepository { repo, focus } => (
                "github-repo",
                repo,
                None,
                focus_suffix(focus, RepositoryFocus::ALL),
            ),
            _ => return None,
        };
        let number = number.map(|n| format!(" {n}")).unwrap_or_default();
        Some(format!("{kind}{number}{focus} --repo {repo}"))
    }
}

/// Where a target is looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// Files and folders on this machine.
    Local,
    /// A repository on GitHub.
    GitHub(&'a Repo),
}

/// Lets target code treat the three focus enums alike.
pub trait FocusName {
    fn name(&self) -> &'static str;
}

fn focus_suffix<F: FocusName + PartialEq>(focus: &[F], all: &[F]) -> String {
    if focus.len() == all.len() {
        return String::new();
    }
    let names: Vec<&str> = focus.iter().map(|f| f.name()).collect();
    format!(" --focus {}", names.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_tagged_kebab_case_with_camel_case_fields() {
        let target = Observe::DirectoryTree {
            root: "/r".into(),
            skip: vec!["target".into()],
            max_depth: Some(2),
        };
        assert_eq!(
            target.key(),
            r#"{"kind":"directory-tree","root":"/r","skip":["target"],"maxDepth":2}"#
        );
        assert_eq!(Observe::from_key(&target.key()), Some(target.clone()));
        assert!(!Observe::key_folds_case(&target.key()));
    }

    #[test]
    fn github_targets_name_their_repository() {
        let target = Observe::GitHubPullRequest {
            repo: Repo::parse("o/r").unwrap(),
            number: 7,
            focus: vec![PullRequestFocus::Diff, PullRequestFocus::Summary],
        };
        assert_eq!(
            target.key(),
            r#"{"kind":"github-pr","repo":"o/r","number":7,"focus":["diff","summary"]}"#
        );
        assert_eq!(target.describe(), "github-pr o/r#7 --focus diff,summary");
        assert_eq!(
            target.command_args().as_deref(),
            Some("github-pr 7 --focus diff,summary --repo o/r")
        );
        // The repository is the one mixed-case field: keys fold case.
        assert!(Observe::key_folds_case(&target.key()));
        let respelled = Observe::GitHubPullRequest {
            repo: Repo::parse("O/R").unwrap(),
            number: 7,
            focus: vec![PullRequestFocus::Diff, PullRequestFocus::Summary],
        };
        assert_eq!(respelled, target);
        assert!(respelled.key().eq_ignore_ascii_case(&target.key()));
        assert_ne!(respelled.key(), target.key());
    }
}
