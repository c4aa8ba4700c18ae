//! The current git branch of a working directory: what `create-pr` takes
//! as its head when none is given, as `gh pr create` does. git itself is
//! asked (`git symbolic-ref`), so worktrees, `GIT_DIR` and packed refs mean
//! what they mean to the user's own git; a detached HEAD or a directory
//! outside any repository is a usage error naming the flag, never a guess.

use std::path::Path;
use std::process::Command;

use crate::error::{Error, Kind, Result, arg};
use crate::model::words;

/// The branch HEAD names in the repository holding `cwd`. `flag` is the
/// argument it stands in for, which the errors name.
pub(crate) fn current(cwd: &Path, flag: &'static str) -> Result<String> {
    let pass = || words!["pass ", arg(flag), " BRANCH"];
    let output = Command::new("git")
        .arg("-C")
        .arg(cwd)
        .args(["symbolic-ref", "--quiet", "--short", "HEAD"])
        .output()
        .map_err(|err| {
            Error::new(
                Kind::Io,
                words![
                    arg(flag),
                    format!(
                        " is not given and git could not be run to find the current branch: {err}"
                    ),
                ],
            )
            .hint(pass())
        })?;
    let branch = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if output.status.success() && !branch.is_empty() {
        return Ok(branch);
    }
    let shown = cwd.display();
    // `symbolic-ref --quiet` exits 1, silently, only for a detached HEAD.
    let why = match output.status.code() {
        Some(1) => format!("HEAD is detached in {shown}, so there is no current branch"),
        _ => format!("{shown} is not in a git repository"),
    };
    Err(
        Error::usage(words![arg(flag), format!(" is not given and {why}")]).hint(words![
            pass(),
            ", or run helm where the branch is checked out"
        ]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str]) {
        let status = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .status()
            .unwrap();
        assert!(status.success(), "git {args:?}");
    }

    #[test]
    fn the_branch_checked_out_is_the_head_and_a_detached_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "-q", "-b", "feature/x"]);
        let sub = dir.path().join("src");
        std::fs::create_dir(&sub).unwrap();
        assert_eq!(current(&sub, "head").unwrap(), "feature/x");
        git(
            dir.path(),
            &[
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@e",
                "commit",
                "-q",
                "--allow-empty",
                "-m",
                "first",
            ],
        );
        git(dir.path(), &["checkout", "-q", "--detach"]);
        let detached = current(dir.path(), "head").unwrap_err();
        assert_eq!(detached.kind(), crate::error::Kind::Usage);
        assert!(
            detached.to_string().contains("HEAD is detached"),
            "{detached}"
        );
    }

    #[test]
    fn outside_a_repository_the_error_names_the_flag() {
        let dir = tempfile::tempdir().unwrap();
        let refused = current(dir.path(), "head").unwrap_err();
        assert_eq!(refused.kind(), crate::error::Kind::Usage);
        assert!(
            refused.to_string().contains("is not in a git repository"),
            "{refused}"
        );
    }
}
