//! Which repository a GitHub command acts on: `--repo`, else `GH_REPO`, else the
//! `origin` remote of the git repository in the current directory.

use std::path::Path;
use std::process::Command;

pub use crate::model::Repo;
use helm_model::error::{Error, Kind, Piece, Result, arg};
use helm_model::words;

/// Resolves the repository, naming all three sources when none gives one.
pub fn resolve(flag: Option<&str>, env: Option<&str>, cwd: &Path) -> Result<Repo> {
    if let Some(text) = flag {
        return Repo::given(text).ok_or_else(|| malformed(arg("repo"), text));
    }
    if let Some(text) = env.filter(|t| !t.trim().is_empty()) {
        return Repo::given(text).ok_or_else(|| malformed("GH_REPO", text));
    }
    from_origin(origin_url(cwd).as_deref())
}

/// The repository the git remote `origin` names (`url`, as [`origin_url`]
/// read it), or why there is none.
pub fn from_origin(url: Option<&str>) -> Result<Repo> {
    match url {
        Some(url) => Repo::from_remote(url).ok_or_else(|| {
            Error::new(
                Kind::Config,
                format!("the git remote origin '{url}' does not name a GitHub repository"),
            )
            .hint(words!["pass ", arg("repo"), " OWNER/NAME or set GH_REPO"])
        }),
        None => Err(Error::new(
            Kind::Config,
            words![
                "no GitHub repository: ",
                arg("repo"),
                " is not given, GH_REPO is not set, and the current directory has no git remote 'origin'",
            ],
        )
        .hint(words![
            "pass ",
            arg("repo"),
            " OWNER/NAME, set GH_REPO=OWNER/NAME, or run helm inside a clone",
        ])),
    }
}

fn malformed(source: impl Piece, text: &str) -> Error {
    Error::new(
        Kind::Usage,
        words![
            source,
            format!(" '{text}' is not a repository: expected OWNER/NAME or its URL"),
        ],
    )
    .hint(words![
        "for example ",
        arg("repo"),
        " rust-lang/cargo or ",
        arg("repo"),
        " https://github.com/rust-lang/cargo",
    ])
}

/// The URL of the git remote `origin` of the repository at `cwd`, if any.
pub fn origin_url(cwd: &Path) -> Option<String> {
    let mut command = Command::new("git");
    command
        .args(["remote", "get-url", "origin"])
        .current_dir(cwd)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    crate::model::tell::command(&command);
    let output = command.output().ok()?;
    if !output.status.success() {
        return None;
    }
    let url = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (!url.is_empty()).then_some(url)
}
