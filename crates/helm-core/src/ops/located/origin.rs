//! Which GitHub repository a command acts on when it names one as GitHub
//! always read it (`OWNER/NAME` or its URL): `--repo`, else `GH_REPO`, else
//! the `origin` remote of the git repository in the current directory. The
//! reading is helm's, not the forge's API: it moved here from helm-github
//! with the rest of the place resolution (`located.rs`).

use std::path::Path;
use std::process::Command;

use crate::error::{Error, Kind, Piece, Result, arg};
use crate::model::Repo;
use crate::model::words;

/// Resolves the repository, naming all three sources when none gives one.
pub(super) fn resolve(flag: Option<&str>, env: Option<&str>, cwd: &Path) -> Result<Repo> {
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
pub(super) fn from_origin(url: Option<&str>) -> Result<Repo> {
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
pub(crate) fn origin_url(cwd: &Path) -> Option<String> {
    git_answer(cwd, &["remote", "get-url", "origin"])
}

/// What `git ARGS` run at `cwd` prints, trimmed, when it succeeds and
/// prints something: a remote's URL, a config value.
pub(super) fn git_answer(cwd: &Path, args: &[&str]) -> Option<String> {
    let mut command = Command::new("git");
    command
        .args(args)
        .current_dir(cwd)
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    crate::model::tell::command(&command);
    let output = command.output().ok()?;
    if !output.status.success() {
        return None;
    }
    let answer = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (!answer.is_empty()).then_some(answer)
}
