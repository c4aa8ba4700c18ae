//! Talking to the remote, through the user's `git`: fetching voyage refs into
//! helm's private repository (objects checked by git as they arrive), and
//! pushing a commit by compare-and-swap (git's fast-forward rule), so of two
//! concurrent pushes one wins and the other is refused, never lost. Never
//! touches a voyage file.

use super::git::{self, SyncRepo};
use super::names::REF_PREFIX;
use super::remote::Remote;
use crate::error::{Error, Kind, Result};

/// What a push did.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum PushOutcome {
    Done,
    /// The remote held that commit already (a push whose record was lost).
    AlreadyThere,
    /// The remote's ref is not where this machine last saw it, or another
    /// push was updating it: git's words for it.
    Moved(String),
}

/// Fetches the voyage refs `refspec` names (`+remote:local`); `false` when
/// the remote has no such ref.
pub(crate) fn fetch(
    repo: &SyncRepo,
    remote: &Remote,
    refspecs: &[String],
    prune: bool,
) -> Result<bool> {
    start_fetch(repo, remote, refspecs, prune)?.finish()
}

/// A fetch under way: what helm reads meanwhile from its own refs (which a
/// fetch never moves but for the remote's) costs no time of its own.
pub(crate) struct Fetching<'a> {
    remote: &'a Remote,
    state: Option<FetchState>,
}

enum FetchState {
    /// Run whole already: its progress was shown as it went.
    Done(std::process::Output),
    Running(std::process::Child),
}

impl Fetching<'_> {
    /// Waits for the fetch; `false` when the remote has no such ref.
    pub(crate) fn finish(mut self) -> Result<bool> {
        let output = match self.state.take() {
            Some(FetchState::Done(output)) => output,
            Some(FetchState::Running(child)) => git::wait(child, "git fetch")?,
            None => unreachable!("a fetch finishes once"),
        };
        judge(self.remote, output)
    }
}

impl Drop for Fetching<'_> {
    /// Never killed half way (it could leave a ref locked): waited for.
    fn drop(&mut self) {
        if let Some(FetchState::Running(child)) = self.state.take() {
            let _ = child.wait_with_output();
        }
    }
}

/// Starts fetching the voyage refs `refspecs` names; see [`fetch`].
pub(crate) fn start_fetch<'a>(
    repo: &SyncRepo,
    remote: &'a Remote,
    refspecs: &[String],
    prune: bool,
) -> Result<Fetching<'a>> {
    let mut command = repo.network_command();
    command.args([
        "-c",
        "transfer.fsckObjects=true",
        // A blob over 1 MiB is written to disk as it arrives, never held
        // whole by git: a file that is huge uncompressed and tiny on the
        // remote costs no memory before helm refuses it from its header.
        "-c",
        "core.bigFileThreshold=1m",
        "-c",
        "core.filesRefLockTimeout=30000",
        // Housekeeping is asked for by helm when it is due (`housekeeping`),
        // not looked for after every fetch.
        "-c",
        "maintenance.auto=false",
        // A fetch that checks its objects keeps them as a pack, synced to
        // disk file by file: its reverse index (a cache git rebuilds in
        // memory when it needs one) is one file and one fsync less.
        "-c",
        "pack.writeReverseIndex=false",
        "fetch",
        "--no-tags",
        "--no-write-fetch-head",
        "--no-recurse-submodules",
    ]);
    if prune {
        command.arg("--prune");
    }
    // Quiet unless its progress is shown.
    command.arg(super::progress::option().unwrap_or("--quiet"));
    command.arg(&remote.fetch_url).args(refspecs);
    let label = format!("fetching from {}", remote.label);
    let state = match super::progress::option() {
        Some(_) => FetchState::Done(super::progress::run(command, "git fetch", &label)?),
        None => FetchState::Running(git::spawn(command, "git fetch")?),
    };
    Ok(Fetching {
        remote,
        state: Some(state),
    })
}

/// What a finished fetch says: fetched, no such ref, or an error.
fn judge(remote: &Remote, output: std::process::Output) -> Result<bool> {
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

/// One ref a push moves to `commit`, a descendant of what the remote's
/// ref was last seen at.
pub(crate) struct Update<'a> {
    pub(crate) name: &'a str,
    pub(crate) commit: &'a str,
}

/// The most refs one `git push` is given: each costs an argument of about
/// 100 bytes, and the command line must stay far below the system's limit
/// (`ARG_MAX`, 2 MiB on Linux by default).
const REFS_PER_PUSH: usize = 1_000;

/// Pushes `commit` to the voyage's ref, as a fast-forward of what the
/// remote holds.
pub(crate) fn push(
    repo: &SyncRepo,
    remote: &Remote,
    name: &str,
    commit: &str,
) -> Result<PushOutcome> {
    let update = Update { name, commit };
    let mut outcomes = push_many(repo, remote, &[update])?;
    outcomes.pop().expect("one outcome for one ref")
}

/// Pushes every update in one `git push` (one connection, one ref
/// advertisement; a thousand refs at most per push), each ref by its own
/// compare-and-swap and none depending on another (`--no-atomic`): a ref
/// the remote refuses is that ref's outcome, and the others still land.
///
/// The compare-and-swap is git's own for a push that is not forced: git
/// sends a ref only when the remote's commit is one the new commit
/// descends from (else `[rejected]`, "fetch first" or "non-fast-forward"),
/// and the remote moves it only if it still holds the commit it advertised
/// (else "failed to update ref"). So a push never drops what the remote
/// holds, and of two concurrent pushes one wins. Not `--force-with-lease`:
/// git checks each lease against every ref the remote advertises, about
/// 17 ms of CPU a lease on a remote of 50,000 refs, so a push's cost grew
/// with the remote's refs times the voyages pushed.
/// `Err` when git could not push at all; otherwise one outcome per update,
/// in order.
pub(crate) fn push_many(
    repo: &SyncRepo,
    remote: &Remote,
    updates: &[Update<'_>],
) -> Result<Vec<Result<PushOutcome>>> {
    let mut outcomes = Vec::with_capacity(updates.len());
    for part in updates.chunks(REFS_PER_PUSH) {
        outcomes.extend(push_part(repo, remote, part)?);
    }
    Ok(outcomes)
}

fn push_part(
    repo: &SyncRepo,
    remote: &Remote,
    updates: &[Update<'_>],
) -> Result<Vec<Result<PushOutcome>>> {
    let mut command = repo.network_command();
    command
        // Unsigned whatever `push.gpgSign` says: helm's refs are its
        // bookkeeping, and most remotes refuse a signed push. Never atomic
        // whatever `push.atomic` says: one voyage refused must not hold
        // back the others.
        .args([
            "push",
            "--porcelain",
            "--no-verify",
            "--no-signed",
            "--no-atomic",
        ]);
    command
        .args(super::progress::option())
        .arg(&remote.push_url)
        .args(
            updates
                .iter()
                .map(|update| format!("{}:{}", update.commit, update.name)),
        );
    let label = format!("pushing to {}", remote.label);
    let output = super::progress::run(command, "git push", &label)?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    // One line per ref: `<flag>\t<from>:<to>\t<summary>`.
    let lines: Vec<(&str, &str)> = stdout
        .lines()
        .filter_map(|line| {
            let refs = line.split('\t').nth(1)?;
            Some((refs.rsplit_once(':')?.1, line))
        })
        .collect();
    if lines.is_empty() {
        return Err(Error::new(
            Kind::Io,
            format!(
                "git could not push to {}: {}",
                remote.label,
                shown(remote, &output.stderr)
            ),
        )
        .hint(format!(
            "check that git reaches the remote (`git ls-remote {}`) with your credentials; nothing was changed here",
            remote.label
        )));
    }
    // git fails the push when any ref was refused; a ref it says it moved
    // counts then too, but not when no refusal explains the failure.
    let failed = !output.status.success() && !lines.iter().any(|(_, line)| line.starts_with('!'));
    Ok(updates
        .iter()
        .map(|update| {
            let line = lines
                .iter()
                .find(|(to, _)| *to == update.name)
                .map(|(_, line)| *line);
            outcome(remote, line, failed, &output.stderr)
        })
        .collect())
}

/// What git's porcelain line says of one ref (`None`: git did not name
/// it); `failed` when git failed for a reason no ref's line gives.
fn outcome(
    remote: &Remote,
    line: Option<&str>,
    failed: bool,
    stderr: &[u8],
) -> Result<PushOutcome> {
    let summary = |line: &str| crate::text::clean_line(line.split('\t').nth(2).unwrap_or(line));
    match line.map(|line| (line.chars().next(), line)) {
        Some((Some('='), _)) if !failed => Ok(PushOutcome::AlreadyThere),
        Some((Some(' ' | '*' | '+'), _)) if !failed => Ok(PushOutcome::Done),
        // The remote holds what the new commit does not descend from, as
        // git saw it, or as the remote saw it when a concurrent push held
        // or moved the ref.
        Some((Some('!'), line))
            if line.contains("[rejected]")
                || line.contains("failed to update ref")
                || line.contains("cannot lock ref") =>
        {
            Ok(PushOutcome::Moved(summary(line)))
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
                "git did not say whether it pushed to {}{}",
                remote.label,
                match failed {
                    true => format!(": {}", shown(remote, stderr)),
                    false => String::new(),
                }
            ),
        )
        .hint("push this voyage alone to see what git says; the voyage here is unchanged")),
    }
}

/// The voyage refs on the remote and their commits, without fetching.
pub(crate) fn list(repo: &SyncRepo, remote: &Remote) -> Result<Vec<(String, String)>> {
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

/// git's message with the remote's URL (which may carry a token) replaced
/// by its label.
fn shown(remote: &Remote, stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr)
        .replace(&remote.fetch_url, &remote.label)
        .replace(&remote.push_url, &remote.label);
    git::said(text.as_bytes())
}
