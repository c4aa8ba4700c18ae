//! `TestEnv`: runs the real `helm` binary with a private, empty environment:
//! a temporary `HELM_HOME` and working directory, no tokens, no colour, and
//! nothing from the machine running the tests but `PATH`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

pub struct TestEnv {
    dir: tempfile::TempDir,
    vars: Vec<(String, String)>,
}

/// What one run of helm did.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts success and returns stdout parsed as one JSON document.
    pub fn json(&self) -> Value {
        assert_eq!(self.code, 0, "helm failed: {self:?}");
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}): {}", self.stdout))
    }

    /// Asserts success.
    pub fn ok(&self) -> &Self {
        assert_eq!(self.code, 0, "helm failed: {self:?}");
        self
    }

    /// Asserts failure with `code` and returns stderr.
    pub fn fails(&self, code: i32) -> &str {
        assert_eq!(self.code, code, "unexpected exit: {self:?}");
        &self.stderr
    }

    /// The `{"error": {...}}` document a `--json` failure prints on stderr.
    pub fn error_json(&self) -> Value {
        assert_ne!(self.code, 0, "helm succeeded: {self:?}");
        serde_json::from_str(self.stderr.trim())
            .unwrap_or_else(|e| panic!("stderr is not JSON ({e}): {}", self.stderr))
    }
}

impl TestEnv {
    pub fn new() -> TestEnv {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("work")).unwrap();
        TestEnv {
            dir,
            vars: Vec::new(),
        }
    }

    /// The temporary root holding `home/` (HELM_HOME) and `work/` (the cwd).
    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn home(&self) -> PathBuf {
        self.root().join("home")
    }

    pub fn work(&self) -> PathBuf {
        self.root().join("work")
    }

    /// Sets an environment variable for every later run.
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        self.vars.retain(|(k, _)| k != key);
        self.vars.push((key.to_string(), value.to_string()));
        self
    }

    /// Writes a file under `work/`, creating folders.
    pub fn write(&self, relative: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.work().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, contents).unwrap();
        path
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_helm"));
        command
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.root())
            .env("HELM_HOME", self.home())
            .env("NO_COLOR", "1")
            .current_dir(self.work())
            .stdin(Stdio::null());
        for (key, value) in &self.vars {
            command.env(key, value);
        }
        command
    }

    pub fn run(&self, args: &[&str]) -> Run {
        let output = self.command(args).output().expect("helm runs");
        to_run(output)
    }

    /// Runs with `input` on stdin.
    pub fn run_with_stdin(&self, args: &[&str], input: &[u8]) -> Run {
        use std::io::Write;
        let mut child = self
            .command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("helm runs");
        child.stdin.take().unwrap().write_all(input).unwrap();
        to_run(child.wait_with_output().unwrap())
    }

    /// Starts a voyage and returns its id.
    pub fn new_voyage(&self, intent: &str) -> String {
        let run = self.run(&["voyage", "new", intent]);
        run.ok();
        run.stdout.trim().to_string()
    }

    /// The voyage's SQLite file.
    pub fn voyage_file(&self, id: &str) -> PathBuf {
        self.home().join("voyages").join(format!("{id}.sqlite"))
    }

    /// Opens a voyage file directly, as another SQLite client would.
    pub fn sqlite(&self, id: &str) -> rusqlite::Connection {
        let conn = rusqlite::Connection::open(self.voyage_file(id)).unwrap();
        conn.pragma_update(None, "foreign_keys", true).unwrap();
        conn
    }

    /// Asserts that the voyage is sound after concurrent work: SQLite's own
    /// `integrity_check`, then `helm voyage verify`.
    pub fn assert_sound(&self, id: &str) {
        let integrity: String = self
            .sqlite(id)
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(integrity, "ok", "voyage {id}");
        self.run(&["voyage", "verify", id]).ok();
    }

    /// `helm log` with full provenance.
    pub fn log(&self, voyage: &str, status: &str, summary: &str) -> Run {
        self.run(&[
            "log",
            "--voyage",
            voyage,
            "--as",
            "tester",
            "--role",
            "coder",
            "--method",
            "human",
            "--summary",
            summary,
            status,
        ])
    }
}

fn to_run(output: Output) -> Run {
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Counts rows of a table.
pub fn count(conn: &rusqlite::Connection, table: &str) -> i64 {
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
        .unwrap()
}

/// `log STATE` with placeholder provenance: for tests about what is
/// recorded, not about who recorded it.
pub fn log_args(state: &str) -> Vec<&str> {
    vec![
        "log",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        state,
    ]
}

/// `steer` with placeholder provenance, then `action`: for tests about the
/// action, not about who performed it.
pub fn steer_args<'a>(action: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "steer",
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
    ];
    args.extend_from_slice(action);
    args
}

impl TestEnv {
    /// An environment pointed at a local GitHub: its URL and token, `GH_REPO`
    /// set to `repo`, and a short read timeout so a stuck test fails fast.
    pub fn for_github(gh: &super::fake_github::FakeGitHub, repo: &str) -> TestEnv {
        let mut env = TestEnv::new();
        env.set("HELM_GITHUB_API_URL", &gh.url())
            .set("GH_TOKEN", gh.token())
            .set("GH_REPO", repo)
            .set("HELM_GITHUB_TIMEOUT", "5");
        env
    }
}
