//! Talking to the remote, through the user's `git`: fetching voyage refs into
//! helm's private repository (objects checked by git as they arrive), and
//! pushing a commit by compare-and-swap (`--force-with-lease`), so of two
//! concurrent pushes one wins and the other is refused, never lost. Also
//! the tree diff a pull reads. Never touches a voyage file.

use super::git::{self, Repo};
use super::layout::REF_PREFIX;
use super::remote::Remote;
use crate::error::{Error, Kind, Result};

/// git's empty tree: the base of a voyage never synced before.
pub const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/// What a push did.
#[derive(Debug, PartialEq, Eq)]
pub enum Pushed {
    Done,
    /// The remote held that commit already (a push whose record was lost).
    AlreadyThere,
    /// The remote's ref is not where this machine last saw it, or another
    /// push was updating it: git's words for it.
    Moved(String),
}

/// Fetches the voyage refs `refspec` names (`+remote:local`); `false` when
/// the remote has no such ref.
pub fn fetch(repo: &Repo, remote: &Remote, refspecs: &[String], prune: bool) -> Result<bool> {
    let mut command = repo.network_command();
    command.args([
        "-c",
        "transfer.fsckObjects=true",
        "-c",
        "core.filesRefLockTimeout=30000",
        "fetch",
        "--quiet",
        "--no-tags",
        "--no-write-fetch-head",
        "--no-recurse-submodules",
    ]);
    if prune {
        command.arg("--prune");
    }
    command.arg(&remote.fetch_url).args(refspecs);
    let output = git::run(command, "git fetch")?;
    if output.status.success() {
        return Ok(true);
    }
    let said = shown(remote, &output.stderr);
    if said.contains("couldn't find remote ref") {
        return Ok(false);
    }
    Err(Error::new(
        Kind::Io,
        format!("git could not fetch from {}: {said}", remote.label),
    )
    .hint(format!(
        "check that git reaches the remote (`git ls-remote {}`) with your credentials; nothing was changed here",
        remote.label
    )))
}

/// Pushes `commit` to the voyage's ref if the remote's ref is still at
/// `expected` (absent when `None`).
pub fn push(
    repo: &Repo,
    remote: &Remote,
    name: &str,
    commit: &str,
    expected: Option<&str>,
) -> Result<Pushed> {
    let mut command = repo.network_command();
    command
        .args(["push", "--porcelain", "--no-verify"])
        .arg(format!(
            "--force-with-lease={name}:{}",
            expected.unwrap_or_default()
        ))
        .arg(&remote.push_url)
        .arg(format!("{commit}:{name}"));
    let output = git::run(command, "git push")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    // One line per ref: `<flag>\t<from>:<to>\t<summary>`.
    let line = stdout.lines().find(|line| {
        line.split('\t')
            .nth(1)
            .is_some_and(|refs| refs.ends_with(name))
    });
    let summary = |line: &str| crate::output::clean_line(line.split('\t').nth(2).unwrap_or(line));
    match line.map(|line| (line.chars().next(), line)) {
        Some((Some('='), _)) if output.status.success() => Ok(Pushed::AlreadyThere),
        Some((Some(' ' | '*' | '+'), _)) if output.status.success() => Ok(Pushed::Done),
        // The lease failed as git saw it, or as the remote saw it when a
        // concurrent push held or moved the ref.
        Some((Some('!'), line))
            if line.contains("[rejected]") || line.contains("failed to update ref") || line.contains("cannot lock ref") =>
        {
            Ok(Pushed::Moved(summary(line)))
        }
        Some((_, line)) => Err(Error::new(
            Kind::Io,
            format!(
                "the remote {} refused the push: {}",
                remote.label,
                summary(line)
            ),
        )
        .hint("check that you may push to the remote; the voyage here is unchanged")),
        None => Err(Error::new(
            Kind::Io,
            format!(
                "git could not push to {}: {}",
                remote.label,
                shown(remote, &output.stderr)
            ),
        )
        .hint(format!(
            "check that git reaches the remote (`git ls-remote {}`) with your credentials; the voyage here is unchanged",
            remote.label
        ))),
    }
}

/// The voyage refs on the remote and their commits, without fetching.
pub fn list(repo: &Repo, remote: &Remote) -> Result<Vec<(String, String)>> {
    let mut command = repo.network_command();
    command
        .arg("ls-remote")
        .arg(&remote.fetch_url)
        .arg(format!("{REF_PREFIX}*"));
    let output = git::run(command, "git ls-remote")?;
    if !output.status.success() {
        return Err(Error::new(
            Kind::Io,
            format!(
                "git could not list {}: {}",
                remote.label,
                shown(remote, &output.stderr)
            ),
        )
        .hint("check that git reaches the remote with your credentials"));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let (oid, name) = line.split_once('\t')?;
            Some((name.to_string(), oid.to_string()))
        })
        .collect())
}

/// One path that differs between two trees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub path: String,
    /// The new mode and blob, `None` when the path was removed.
    pub new: Option<(String, String)>,
    /// Whether the path was there before.
    pub existed: bool,
}

/// Every path that differs between the trees of `base` (or the empty tree)
/// and `tip`: git skips the subtrees both share, so the cost follows what
/// changed, not the voyage's size.
pub fn diff(repo: &Repo, base: Option<&str>, tip: &str) -> Result<Vec<Change>> {
    let output = repo.run(
        &[
            "diff-tree",
            "-r",
            "-z",
            "--no-renames",
            "--raw",
            base.unwrap_or(EMPTY_TREE),
            tip,
        ],
        "git diff-tree",
    )?;
    let text = String::from_utf8(output.stdout).map_err(|_| {
        Error::new(
            Kind::BadRemote,
            "the remote's voyage holds a path that is not UTF-8",
        )
    })?;
    let mut fields = text.split('\0');
    let mut changes = Vec::new();
    while let (Some(head), Some(path)) = (fields.next(), fields.next()) {
        let parts: Vec<&str> = head.trim_start_matches(':').split(' ').collect();
        let [old_mode, new_mode, _, new_oid, status] = parts.as_slice() else {
            break;
        };
        let removed = status.starts_with('D');
        changes.push(Change {
            path: path.to_string(),
            new: (!removed).then(|| (new_mode.to_string(), new_oid.to_string())),
            existed: *old_mode != "000000",
        });
    }
    Ok(changes)
}

/// git's message with the remote's URL (which may carry a token) replaced
/// by its label.
fn shown(remote: &Remote, stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr)
        .replace(&remote.fetch_url, &remote.label)
        .replace(&remote.push_url, &remote.label);
    git::said(text.as_bytes())
}
