//! `helm voyage push|pull` and `voyage list --remote`: voyages shared between
//! two machines (two `HELM_HOME`s, each with its own working folder) through
//! a bare git repository on disk. No network, and no git identity needed on
//! the machine running the tests.

mod basics;
mod concurrent;
mod counted;
mod crash;
mod direct;
mod hooks;
mod hostile;
mod killed;
mod leftovers;
mod many;
mod mcp;
mod merge;
mod openpgp;
mod processes;
mod reach;
mod signed;
mod steered;
mod tamper;
mod together;
mod truthful;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support::env::{Run, TestEnv};

/// A bare repository standing in for the team's remote.
pub struct Remote {
    dir: tempfile::TempDir,
}

impl Remote {
    pub fn new() -> Remote {
        let dir = tempfile::tempdir().unwrap();
        git(dir.path(), &["init", "--quiet", "--bare", "remote.git"]);
        Remote { dir }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.path().join("remote.git")
    }

    pub fn arg(&self) -> String {
        self.path().to_str().unwrap().to_string()
    }

    /// `git --git-dir=<remote> ARGS`, its stdout.
    pub fn git(&self, args: &[&str]) -> String {
        let path = self.arg();
        let mut all = vec!["--git-dir", path.as_str()];
        all.extend_from_slice(args);
        git(self.dir.path(), &all)
    }

    /// The commit the voyage's ref points to, if any.
    pub fn tip(&self, voyage: &str) -> Option<String> {
        let out = self.git(&[
            "for-each-ref",
            "--format=%(objectname)",
            &format!("refs/helm/voyages/{voyage}"),
        ]);
        let out = out.trim();
        (!out.is_empty()).then(|| out.to_string())
    }

    /// Replaces the voyage's last commit by one whose tree has `contents` at
    /// `path` (or lacks `path`): what a tampered or buggy remote holds.
    pub fn tamper(&self, voyage: &str, path: &str, contents: Option<&[u8]>) {
        let name = format!("refs/helm/voyages/{voyage}");
        let tip = self.tip(voyage).expect("the voyage is on the remote");
        let index = self.dir.path().join("tamper.index");
        let _ = std::fs::remove_file(&index);
        let with_index = |args: &[&str], input: Option<&[u8]>| {
            let mut command = git_command(self.dir.path());
            command
                .arg("--git-dir")
                .arg(self.path())
                .arg("--work-tree")
                .arg(self.dir.path())
                .args(args)
                .env("GIT_INDEX_FILE", &index);
            run_git(command, input)
        };
        with_index(&["read-tree", &tip], None);
        match contents {
            Some(bytes) => {
                let blob = with_index(&["hash-object", "-w", "--stdin"], Some(bytes));
                let info = format!("100644,{},{path}", blob.trim());
                with_index(&["update-index", "--add", "--cacheinfo", &info], None);
            }
            None => {
                with_index(&["update-index", "--force-remove", path], None);
            }
        }
        let tree = with_index(&["write-tree"], None);
        let parent = self.git(&["rev-list", "--parents", "-n", "1", &tip]);
        let mut args = vec!["commit-tree", tree.trim(), "-m", "tampered"];
        let parents: Vec<&str> = parent.split_whitespace().skip(1).collect();
        for p in &parents {
            args.extend(["-p", p]);
        }
        let commit = self.git(&args);
        self.git(&["update-ref", &name, commit.trim()]);
    }

    /// Replaces the voyage's history by one commit holding the last one's
    /// files: a history rewritten on the remote.
    pub fn rewrite(&self, voyage: &str) {
        let name = format!("refs/helm/voyages/{voyage}");
        let tip = self.tip(voyage).expect("the voyage is on the remote");
        let tree = self.git(&["rev-parse", &format!("{tip}^{{tree}}")]);
        let commit = self.git(&["commit-tree", tree.trim(), "-m", "rewritten"]);
        self.git(&["update-ref", &name, commit.trim()]);
    }

    /// Every file name in the voyage's history on the remote.
    pub fn files(&self, voyage: &str) -> String {
        self.git(&[
            "log",
            "--format=",
            "--name-only",
            &format!("refs/helm/voyages/{voyage}"),
        ])
    }

    /// Every ref on the remote.
    pub fn refs(&self) -> Vec<String> {
        self.git(&["for-each-ref", "--format=%(refname)"])
            .lines()
            .map(str::to_string)
            .collect()
    }
}

fn git_command(dir: &Path) -> Command {
    let mut command = Command::new("git");
    command
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_AUTHOR_NAME", "test")
        .env("GIT_AUTHOR_EMAIL", "test@example.com")
        .env("GIT_COMMITTER_NAME", "test")
        .env("GIT_COMMITTER_EMAIL", "test@example.com");
    command
}

fn run_git(mut command: Command, input: Option<&[u8]>) -> String {
    use std::io::Write;
    use std::process::Stdio;
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("git runs");
    let mut stdin = child.stdin.take().unwrap();
    if let Some(input) = input {
        stdin.write_all(input).unwrap();
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "git failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `git ARGS` in `dir`, with no configuration but an identity; its stdout.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let mut command = git_command(dir);
    command.args(args);
    run_git(command, None)
}

/// Two machines and their remote.
pub struct Machines {
    pub a: TestEnv,
    pub b: TestEnv,
    pub remote: Remote,
}

impl Machines {
    pub fn new() -> Machines {
        Machines {
            a: TestEnv::new(),
            b: TestEnv::new(),
            remote: Remote::new(),
        }
    }

    /// `voyage push VOYAGE --remote <remote> --json` on `env`.
    pub fn push(&self, env: &TestEnv, voyage: &str) -> Run {
        env.run(&[
            "voyage",
            "push",
            voyage,
            "--remote",
            &self.remote.arg(),
            "--json",
        ])
    }

    pub fn pull(&self, env: &TestEnv, voyage: &str) -> Run {
        env.run(&[
            "voyage",
            "pull",
            voyage,
            "--remote",
            &self.remote.arg(),
            "--json",
        ])
    }
}

/// A voyage started on `env` with one observed file sealed into a log.
pub fn voyage_with_an_entry(env: &TestEnv, intent: &str) -> String {
    let id = env.new_voyage(intent);
    env.write("notes.txt", format!("notes for {intent}\n"));
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    env.log(&id, "waiting", "read the notes").ok();
    id
}

/// Observes a file of its own and logs, so the entry brings a new artifact.
pub fn log_with_file(env: &TestEnv, voyage: &str, name: &str, summary: &str) {
    env.write(name, format!("{summary}: {name}\n"));
    env.run(&["observe", "-V", voyage, "file-contents", name])
        .ok();
    env.log(voyage, "ready", summary).ok();
}

/// The story both machines must tell alike: the voyage and its entries.
pub fn story(env: &TestEnv, voyage: &str) -> Value {
    let shown = env.run(&["voyage", "show", voyage, "--json"]).json();
    serde_json::json!({"voyage": shown["voyage"], "entries": shown["entries"]})
}

/// The summaries of the entries, in order.
pub fn summaries(env: &TestEnv, voyage: &str) -> Vec<String> {
    story(env, voyage)["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["summary"].as_str().unwrap().to_string())
        .collect()
}

/// `voyage verify` passes.
pub fn verified(env: &TestEnv, voyage: &str) {
    let report = env.run(&["voyage", "verify", voyage, "--json"]).json();
    assert_eq!(report["ok"], true, "verify failed: {report}");
}
