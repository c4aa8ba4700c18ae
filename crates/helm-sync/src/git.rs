//! Running the user's `git`: helm's private repository (`$HELM_HOME/sync.git`)
//! and the commands helm runs in it.
//!
//! Every command gets a clean, fixed environment where it matters: the
//! variables that would point git at another repository or object store are
//! removed (helm may run inside a git hook), prompts are off, messages are in
//! English (their wording is not parsed, but they are shown), and the
//! network configuration of the user's repository is passed along (see
//! `remote`). Everything else, credential helpers, ssh config and proxies,
//! is the user's own. Nothing here prints or decides what a voyage holds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::pack::Pack;
use crate::error::{Error, Kind, Result};

/// The variables git reads to find a repository, its objects or its
/// configuration (`git rev-parse --local-env-vars`): none may leak into a
/// command meant for helm's private repository.
const LOCATION_VARS: [&str; 16] = [
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_OBJECT_DIRECTORY",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_IMPLICIT_WORK_TREE",
    "GIT_GRAFT_FILE",
    "GIT_INDEX_FILE",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_REPLACE_REF_BASE",
    "GIT_PREFIX",
    "GIT_SHALLOW_FILE",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
];

/// helm's private bare repository and how to run git in it.
#[derive(Clone, Debug)]
pub(crate) struct SyncRepo {
    dir: PathBuf,
    /// Where relative paths given by the user resolve.
    cwd: PathBuf,
    /// Network configuration taken from the user's repository, passed to
    /// fetch and push through `GIT_CONFIG_COUNT` (never on the command line,
    /// where other users could read a token).
    network: Vec<(String, String)>,
    /// While `push --all` builds its voyages, the objects helm writes itself,
    /// kept for one pack (`pack`) instead of written loose.
    gathering: Arc<Mutex<Option<Pack>>>,
}

impl SyncRepo {
    /// The private repository under `home`, created (bare, private to the
    /// user) on first use.
    pub(crate) fn open(home: &Path, cwd: &Path) -> Result<SyncRepo> {
        let dir = home.join("sync.git");
        let repo = SyncRepo {
            dir,
            cwd: cwd.to_path_buf(),
            network: Vec::new(),
            gathering: Arc::default(),
        };
        if !repo.dir.join("HEAD").is_file() {
            repo.create(home)?;
        }
        Ok(repo)
    }

    /// The repository's folder.
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// From now until [`SyncRepo::write_gathered`], the objects helm writes
    /// itself (`loose::Objects`) are kept for one pack.
    pub(crate) fn gather(&self) {
        *self.gathered() = Some(Pack::default());
    }

    /// Writes what was gathered since [`SyncRepo::gather`] as one pack, and
    /// writes loose objects again from then on.
    pub(crate) fn write_gathered(&self) -> Result<()> {
        match self.gathered().take() {
            Some(pack) => pack.write(&self.dir.join("objects")),
            None => Ok(()),
        }
    }

    /// The pack being gathered, if any.
    pub(crate) fn gathered(&self) -> std::sync::MutexGuard<'_, Option<Pack>> {
        // Poisoned only by a panic while an object was added: those in it
        // are whole either way.
        self.gathering.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The same repository, with the user's network configuration for
    /// fetch and push.
    pub(crate) fn with_network(mut self, network: Vec<(String, String)>) -> SyncRepo {
        self.network = network;
        self
    }

    /// `git init --bare` under a temporary name, renamed into place, so a
    /// crash or a second helm never sees half a repository. The name is
    /// this creation's own (process id and a counter): the threads of one
    /// `helm mcp` make their first syncs side by side, and one must never
    /// init into, or delete, the folder another is making. The first rename
    /// wins; the others find a whole repository in place and use it.
    fn create(&self, home: &Path) -> Result<()> {
        static MADE: AtomicU64 = AtomicU64::new(0);
        crate::storage::files::create_private_dir(home)?;
        let temp = home.join(format!(
            ".sync.git.{}.{}.new",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        // Left by an earlier process of this id that died making it.
        let _ = std::fs::remove_dir_all(&temp);
        let made = (|| {
            // SHA-1 whatever the user's `init.defaultObjectFormat`: the
            // remotes helm talks to (GitHub's among them) are SHA-1, and
            // fetching into a repository of another format fails.
            let mut init = bare_command(&self.cwd);
            init.args(["init", "--bare", "--quiet", "--object-format=sha1"])
                .arg(&temp);
            check(run(init, "git init")?, "git init")?;
            // helm's refs are its bookkeeping, not history to browse.
            let mut config = bare_command(&self.cwd);
            config
                .arg("--git-dir")
                .arg(&temp)
                .args(["config", "core.logAllRefUpdates", "false"]);
            check(run(config, "git config")?, "git config")?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o700));
            }
            match std::fs::rename(&temp, &self.dir) {
                Ok(()) => Ok(()),
                // Another helm made it first: theirs is as good as ours.
                Err(_) if self.dir.join("HEAD").is_file() => Ok(()),
                Err(err) => Err(Error::io(
                    format!("cannot create {}", self.dir.display()),
                    &err,
                )),
            }
        })();
        let _ = std::fs::remove_dir_all(&temp);
        made
    }

    /// `git --git-dir=<private> …` with helm's environment, and the user's
    /// settings that would change the output helm parses pinned back.
    pub(crate) fn command(&self) -> Command {
        let mut command = bare_command(&self.cwd);
        command.arg("--git-dir").arg(&self.dir).args([
            "-c",
            "i18n.logOutputEncoding=UTF-8",
            "-c",
            "log.showSignature=false",
        ]);
        command
    }

    /// A command that talks to a remote: the user's network configuration,
    /// and no terminal to prompt on.
    pub(crate) fn network_command(&self) -> Command {
        let mut command = self.command();
        command.env("GIT_CONFIG_COUNT", self.network.len().to_string());
        for (i, (key, value)) in self.network.iter().enumerate() {
            command.env(format!("GIT_CONFIG_KEY_{i}"), key);
            command.env(format!("GIT_CONFIG_VALUE_{i}"), value);
        }
        detach(&mut command);
        command
    }

    /// Runs a git command in the private repository; its output when it
    /// succeeds, else an error saying what git said.
    pub(crate) fn run(&self, args: &[&str], what: &str) -> Result<Output> {
        let mut command = self.command();
        command.args(args);
        check(run(command, what)?, what)
    }

    /// Runs a git command and returns its stdout as text, trimmed.
    pub(crate) fn text(&self, args: &[&str], what: &str) -> Result<String> {
        let output = self.run(args, what)?;
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
    }

    /// Starts a git command that waits for its input: spawned ahead (while
    /// the network or SQLite works), fed when the input is known. Dropped
    /// unfed, it is killed, having done nothing.
    pub(crate) fn pending(&self, args: &[&str], what: &str) -> Result<StartedCommand> {
        let mut command = self.command();
        command.args(args).stdin(Stdio::piped());
        Ok(StartedCommand {
            child: Some(spawn(command, what)?),
            what: what.to_string(),
        })
    }

    /// Starts `git fast-import`, for a sync too big for `direct`: what it
    /// writes is kept as a pack, with no second process to unpack it (git's
    /// housekeeping gathers the packs).
    pub(crate) fn pending_import(&self, force: bool) -> Result<StartedCommand> {
        let mut args = vec!["-c", "fastimport.unpackLimit=0", "fast-import", "--quiet"];
        if force {
            args.push("--force");
        }
        self.pending(&args, "git fast-import")
    }

    /// Starts a transaction on refs (`git update-ref --stdin`), to be given
    /// its updates by [`update_refs`].
    pub(crate) fn pending_refs(&self) -> Result<StartedCommand> {
        self.pending(
            &[
                "-c",
                "core.filesRefLockTimeout=30000",
                "update-ref",
                "--stdin",
            ],
            "git update-ref",
        )
    }
}

/// Gives a pending `update-ref --stdin` its updates, in one transaction:
/// `(ref, new)` pairs, an empty `new` deleting the ref. It waits for another
/// helm holding a ref's lock.
pub(crate) fn update_refs(pending: StartedCommand, updates: &[(String, String)]) -> Result<()> {
    let mut input = String::from("start\n");
    for (name, new) in updates {
        if new.is_empty() {
            input.push_str(&format!("delete {name}\n"));
        } else {
            input.push_str(&format!("update {name} {new}\n"));
        }
    }
    input.push_str("prepare\ncommit\n");
    pending.feed(input.into_bytes())?;
    Ok(())
}

/// A git command started ahead of its input.
pub(crate) struct StartedCommand {
    child: Option<Child>,
    what: String,
}

impl StartedCommand {
    /// The command's stdin, to stream into; then [`StartedCommand::finish`].
    pub(crate) fn stdin(&mut self) -> ChildStdin {
        self.child
            .as_mut()
            .and_then(|child| child.stdin.take())
            .expect("a pending command's stdin is taken once")
    }

    /// Waits for the command; its output when it succeeded.
    pub(crate) fn finish(mut self) -> Result<Output> {
        let child = self.child.take().expect("a pending command finishes once");
        check(wait(child, &self.what)?, &self.what)
    }

    /// Feeds `input` (from a thread of its own, so a command answering as
    /// it reads cannot fill its pipe and stall) and waits.
    pub(crate) fn feed(mut self, input: Vec<u8>) -> Result<Output> {
        let mut stdin = self.stdin();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let output = self.finish();
        let _ = writer.join();
        output
    }
}

impl Drop for StartedCommand {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `git` with helm's fixed environment, nothing else.
fn bare_command(cwd: &Path) -> Command {
    let mut command = Command::new("git");
    for var in LOCATION_VARS {
        command.env_remove(var);
    }
    command
        .current_dir(cwd)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("LC_ALL", "C")
        .env("LANGUAGE", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// `git` in the user's repository at `cwd`: their repository, their
/// configuration, as `git` run there would see them.
pub(crate) fn user_command(cwd: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .current_dir(cwd)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("LC_ALL", "C")
        .env("LANGUAGE", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs git in a session of its own: without a controlling terminal, ssh
/// cannot ask for a passphrase or a host key, so it fails instead of waiting
/// for an answer nobody will type.
fn detach(command: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setsid is async-signal-safe and touches only the child.
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = command;
}

pub(crate) fn spawn(mut command: Command, what: &str) -> Result<Child> {
    crate::model::tell::command(&command);
    command.spawn().map_err(|err| {
        if err.kind() == std::io::ErrorKind::NotFound {
            Error::new(Kind::Config, "git is not installed, or not on PATH")
                .hint("helm shares voyages through git; install git and try again")
        } else {
            Error::io(format!("cannot run {what}"), &err)
        }
    })
}

pub(crate) fn wait(child: Child, what: &str) -> Result<Output> {
    child
        .wait_with_output()
        .map_err(|err| Error::io(format!("{what} failed"), &err))
}

pub(crate) fn run(command: Command, what: &str) -> Result<Output> {
    wait(spawn(command, what)?, what)
}

/// Runs `command` with `input` on its stdin; its output when it succeeds.
pub(crate) fn feed(mut command: Command, input: Vec<u8>, what: &str) -> Result<Output> {
    command.stdin(Stdio::piped());
    let started = StartedCommand {
        child: Some(spawn(command, what)?),
        what: what.to_string(),
    };
    started.feed(input)
}

/// The output of a command that succeeded, else an error with git's words.
pub(crate) fn check(output: Output, what: &str) -> Result<Output> {
    if output.status.success() {
        return Ok(output);
    }
    Err(Error::new(
        Kind::Io,
        format!("{what} failed: {}", said(&output.stderr)),
    ))
}

/// What git said on stderr, as one clean line: its `fatal:`/`error:` lines
/// first, at most a few hundred characters.
pub(crate) fn said(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let chosen: Vec<&str> = {
        let loud: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|line| line.starts_with("fatal:") || line.starts_with("error:"))
            .collect();
        if loud.is_empty() { lines } else { loud }
    };
    let mut joined = chosen.join("; ");
    if joined.is_empty() {
        joined = "no message".to_string();
    }
    let joined = crate::text::clean_line(&joined);
    match joined.char_indices().nth(300) {
        Some((cut, _)) => format!("{}…", &joined[..cut]),
        None => joined,
    }
}
