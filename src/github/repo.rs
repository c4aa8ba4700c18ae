//! Which repository a GitHub command acts on: `--repo`, else `GH_REPO`, else the
//! `origin` remote of the git repository in the current directory.

use std::fmt;
use std::path::Path;
use std::process::Command;

use crate::error::{Error, Kind, Result};

/// `owner/name`, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repo {
    pub owner: String,
    pub name: String,
}

impl fmt::Display for Repo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.owner, self.name)
    }
}

/// GitHub's rules, loosely: owners are alphanumeric with hyphens; repository
/// names also allow `.` and `_`. Neither may be `.` or `..`.
fn valid_part(part: &str, owner: bool) -> bool {
    !part.is_empty()
        && part.len() <= 100
        && part != "."
        && part != ".."
        && part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || (!owner && c == '.'))
}

impl Repo {
    /// Parses `OWNER/NAME` (also `HOST/OWNER/NAME`, as `gh` accepts).
    pub fn parse(text: &str) -> Option<Repo> {
        let text = text.trim().trim_end_matches('/');
        let text = text.strip_suffix(".git").unwrap_or(text);
        let parts: Vec<&str> = text.split('/').collect();
        let (owner, name) = match parts.as_slice() {
            [owner, name] => (*owner, *name),
            [host, owner, name] if host.contains('.') => (*owner, *name),
            _ => return None,
        };
        (valid_part(owner, true) && valid_part(name, false)).then(|| Repo {
            owner: owner.to_string(),
            name: name.to_string(),
        })
    }

    /// Parses a git remote URL in its https, ssh or scp-like form.
    pub fn from_remote(url: &str) -> Option<Repo> {
        let url = url.trim();
        let path = if let Some(rest) = url.split_once("://").map(|(_, rest)| rest) {
            // https://[user@]host[:port]/owner/name(.git)  or  ssh://git@host[:port]/owner/name
            rest.split_once('/')?.1
        } else if let Some((host, path)) = url.split_once(':') {
            // git@github.com:owner/name.git
            if host.contains('/') {
                return None;
            }
            path
        } else {
            return None;
        };
        let path = path.trim_start_matches('/');
        Repo::parse(path).filter(|_| path.trim_end_matches('/').matches('/').count() == 1)
    }
}

/// Resolves the repository, naming all three sources when none gives one.
pub fn resolve(flag: Option<&str>, env: Option<&str>, cwd: &Path) -> Result<Repo> {
    if let Some(text) = flag {
        return Repo::parse(text).ok_or_else(|| malformed("--repo", text));
    }
    if let Some(text) = env.filter(|t| !t.trim().is_empty()) {
        return Repo::parse(text).ok_or_else(|| malformed("GH_REPO", text));
    }
    match origin_url(cwd) {
        Some(url) => Repo::from_remote(&url).ok_or_else(|| {
            Error::new(
                Kind::Config,
                format!("the git remote origin '{url}' does not name a GitHub repository"),
            )
            .hint("pass --repo OWNER/NAME or set GH_REPO")
        }),
        None => Err(Error::new(
            Kind::Config,
            "no GitHub repository: --repo is not given, GH_REPO is not set, and the current directory has no git remote 'origin'",
        )
        .hint("pass --repo OWNER/NAME, set GH_REPO=OWNER/NAME, or run helm inside a clone")),
    }
}

fn malformed(source: &str, text: &str) -> Error {
    Error::new(
        Kind::Usage,
        format!("{source} '{text}' is not a repository: expected OWNER/NAME"),
    )
    .hint("for example --repo rust-lang/cargo")
}

fn origin_url(cwd: &Path) -> Option<String> {
    let output = Command::new("git")
        .args(["remote", "get-url", "origin"])
        .current_dir(cwd)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let url = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (!url.is_empty()).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo(owner: &str, name: &str) -> Option<Repo> {
        Some(Repo {
            owner: owner.into(),
            name: name.into(),
        })
    }

    #[test]
    fn parses_owner_slash_name() {
        assert_eq!(Repo::parse("rust-lang/cargo"), repo("rust-lang", "cargo"));
        assert_eq!(Repo::parse("o/my.repo_x"), repo("o", "my.repo_x"));
        assert_eq!(Repo::parse("github.com/o/r"), repo("o", "r"));
        for bad in [
            "", "o", "o/", "/r", "o/r/x", "o r/x", "../r", "o/..", "o/r?x",
        ] {
            assert_eq!(Repo::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn parses_remote_forms() {
        for url in [
            "https://github.com/o/r.git",
            "https://github.com/o/r",
            "https://user@ghe.example.com/o/r.git",
            "git@github.com:o/r.git",
            "ssh://git@github.com/o/r.git",
            "ssh://git@github.com:22/o/r",
        ] {
            assert_eq!(Repo::from_remote(url), repo("o", "r"), "{url}");
        }
        for bad in [
            "",
            "github.com",
            "https://github.com/o",
            "/local/path/repo",
            "file:///tmp/x/y",
        ] {
            assert_eq!(Repo::from_remote(bad), None, "{bad}");
        }
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Nothing a user or a git config can hold makes parsing panic, and
        /// whatever parses round-trips through its display form.
        #[test]
        fn parsing_never_panics_and_round_trips(text in "\\PC{0,80}") {
            if let Some(repo) = Repo::parse(&text) {
                prop_assert_eq!(Repo::parse(&repo.to_string()), Some(repo));
            }
            if let Some(repo) = Repo::from_remote(&text) {
                prop_assert!(!repo.owner.is_empty() && !repo.name.is_empty());
                prop_assert!(!repo.owner.contains('/') && !repo.name.contains('/'));
            }
        }

        #[test]
        fn every_remote_form_of_a_valid_repo_parses(
            owner in "[A-Za-z0-9][A-Za-z0-9-]{0,20}",
            name in "[A-Za-z0-9_][A-Za-z0-9._-]{0,20}",
            host in "(github\\.com|ghe\\.example\\.org)",
        ) {
            prop_assume!(name != "." && name != ".." && !name.ends_with(".git"));
            let expected = Some(Repo { owner: owner.clone(), name: name.clone() });
            for url in [
                format!("https://{host}/{owner}/{name}.git"),
                format!("https://{host}/{owner}/{name}"),
                format!("git@{host}:{owner}/{name}.git"),
                format!("ssh://git@{host}/{owner}/{name}.git"),
            ] {
                prop_assert_eq!(Repo::from_remote(&url), expected.clone(), "{}", url);
            }
            prop_assert_eq!(Repo::parse(&format!("{owner}/{name}")), expected);
        }
    }
}
