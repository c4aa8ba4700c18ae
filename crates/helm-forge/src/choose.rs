//! What `--repo` (or `origin`) names, split and checked once: [`RepoRef`] keeps
//! the host when one was written and the repository's path, and [`RepoPath`]
//! holds a path whose every segment is safe to put in a URL and a target
//! (`owner/name`, or GitLab's `group/sub/project`). Which forge then serves it is
//! the registry's rule (`Forges::choose`), and a repository placed on its forge
//! is a [`ForgeRepo`]. Pure: reading git config or `origin` is the core's place
//! resolution.

use std::fmt;

use helm_model::error::{Error, Result, arg};
use helm_model::words;

use crate::name::ForgeName;

/// A repository on a forge: what the neutral targets store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForgeRepo {
    pub forge: ForgeName,
    pub host: String,
    pub repo: RepoPath,
}

/// What `--repo` or `origin` gave, split: a host when one was written, and the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepoRef {
    pub host: Option<String>,
    pub path: RepoPath,
}

/// `owner/name`, or GitLab's `group/sub/project`: two segments or more, none
/// empty, `.` or `..`, none holding a control character, white space or a
/// character that means something else in a URL or a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepoPath(String);

/// What a segment may not hold besides control characters and white space: the
/// separators and markers of URLs and paths, so a segment is only ever itself.
const NOT_IN_A_SEGMENT: &[char] = &[
    '\\', '?', '#', '%', ':', '@', '*', '"', '<', '>', '|', '~', '^',
];

impl RepoPath {
    /// The path if every segment is sound; else what is wrong with it.
    pub fn new(text: &str) -> std::result::Result<RepoPath, String> {
        let segments: Vec<&str> = text.split('/').collect();
        if segments.len() < 2 {
            return Err(format!("'{text}' has no owner: expected OWNER/NAME"));
        }
        for segment in &segments {
            if segment.is_empty() {
                return Err(format!("'{text}' has an empty segment"));
            }
            if *segment == "." || *segment == ".." {
                return Err(format!("'{text}' has a '{segment}' segment"));
            }
            if let Some(c) = segment
                .chars()
                .find(|c| c.is_control() || c.is_whitespace() || NOT_IN_A_SEGMENT.contains(c))
            {
                return Err(format!("'{}' holds {c:?}", text.escape_debug()));
            }
        }
        Ok(RepoPath(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `(owner, name)` when the path is exactly two segments, as GitHub and
    /// Forgejo name a repository.
    pub fn owner_name(&self) -> Option<(&str, &str)> {
        self.0
            .split_once('/')
            .filter(|(_, name)| !name.contains('/'))
    }
}

impl fmt::Display for RepoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl RepoRef {
    /// Reads `OWNER/NAME`, `HOST/PATH`, an `https://` (or `http://`, `ssh://`)
    /// URL, or an scp-like `git@host:path.git`. A first segment that holds a
    /// `.` or a `:port` is a host (as gh reads `HOST/OWNER/NAME`); a GitLab web
    /// URL's own pages (`/-/merge_requests/7`) and a trailing `.git` or `/` are
    /// left out. Malformed input is a usage error naming what is wrong.
    pub fn parse(text: &str) -> Result<RepoRef> {
        let given = text.trim();
        split(given).map_err(|why| {
            Error::usage(words![arg("repo"), format!(" {why}")]).hint(words![
                "give OWNER/NAME, HOST/PATH or the repository's URL, for example ",
                arg("repo"),
                " rust-lang/cargo or ",
                arg("repo"),
                " https://gitlab.com/group/sub/project",
            ])
        })
    }
}

fn split(given: &str) -> std::result::Result<RepoRef, String> {
    if given.is_empty() {
        return Err("is empty".into());
    }
    let (host, path) = if let Some((scheme, rest)) = given.split_once("://") {
        if !["https", "http", "ssh", "git"].contains(&scheme.to_ascii_lowercase().as_str()) {
            return Err(format!("'{given}' is a {scheme} URL, not a repository's"));
        }
        let (authority, path) = rest
            .split_once('/')
            .ok_or_else(|| format!("'{given}' names a host and no repository"))?;
        (Some(host_of(authority, given)?), path)
    } else if let Some((before, path)) = given
        .split_once(':')
        .filter(|(before, after)| !before.contains('/') && !starts_with_port(after))
    {
        // scp-like `[user@]host:path`: a colon before any slash (a
        // `host:port/path` is read below, as HOST/PATH).
        (Some(host_of(before, given)?), path)
    } else {
        match given.split_once('/') {
            Some((first, rest))
                if first.contains('.') || first.contains(':') || first == "localhost" =>
            {
                (Some(host_of(first, given)?), rest)
            }
            _ => (None, given),
        }
    };
    let path = path.trim_start_matches('/');
    let path = path.split_once("/-/").map_or(path, |(path, _)| path);
    let path = path.trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    Ok(RepoRef {
        host,
        path: RepoPath::new(path)?,
    })
}

/// Whether what follows a colon is a port and a path (`8080/o/r`), which scp's
/// syntax cannot have: `localhost:8080/o/r` is HOST:PORT/PATH.
fn starts_with_port(after: &str) -> bool {
    after
        .split_once('/')
        .is_some_and(|(port, _)| !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()))
}

/// The host of `[user@]host[:port]`: user info left out, the port kept (a
/// forge on `127.0.0.1:8080` is that host), checked to be a host name.
fn host_of(authority: &str, given: &str) -> std::result::Result<String, String> {
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) => (name, Some(port)),
        None => (host, None),
    };
    let name_ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        && !name.starts_with(['-', '.']);
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !name_ok || !port_ok {
        return Err(format!(
            "'{given}' names no host that helm can reach ('{host}')"
        ));
    }
    Ok(host.to_string())
}

#[cfg(test)]
mod tests;
