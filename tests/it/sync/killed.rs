//! `kill -9` from outside, while helm waits on a slow `git`: a wrapper
//! first on PATH runs the real git and stops before or after its `fetch` or
//! `push` until the test lets it go, and the test kills helm meanwhile. The
//! voyage is as before or fully updated, and the next run completes.

use std::path::PathBuf;
use std::process::{Child, Stdio};

use super::{Machines, log_with_file, story, summaries, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// A `git` that stops at one subcommand: `before` it runs (then fails, as a
/// push that never left), or `after` it ran (as a push or fetch that landed
/// just before helm died).
struct SlowGit {
    dir: tempfile::TempDir,
}

impl SlowGit {
    fn new() -> SlowGit {
        let dir = tempfile::tempdir().unwrap();
        let real = which_git();
        let script = format!(
            r#"#!/bin/sh
case " $* " in *" $SLOW_AT "*) slow=1 ;; *) slow= ;; esac
wait_here() {{
    : > "$SLOW_DIR/reached"
    i=0
    while [ ! -e "$SLOW_DIR/go" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done
}}
if [ -n "$slow" ] && [ "$SLOW_WHEN" = before ]; then wait_here; : > "$SLOW_DIR/done"; exit 1; fi
'{real}' "$@"
rc=$?
if [ -n "$slow" ]; then wait_here; : > "$SLOW_DIR/done"; fi
exit $rc
"#,
            real = real.display()
        );
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let git = bin.join("git");
        std::fs::write(&git, script).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&git, std::fs::Permissions::from_mode(0o755)).unwrap();
        SlowGit { dir }
    }

    /// Runs `args` on `env` with this git first on PATH, waits until git
    /// reached `at`, kills helm with SIGKILL and lets git go.
    fn kill_helm_at(&self, env: &TestEnv, args: &[&str], at: &str, when: &str) {
        let bin = self.dir.path().join("bin");
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let _ = std::fs::remove_file(self.dir.path().join("reached"));
        let _ = std::fs::remove_file(self.dir.path().join("go"));
        let _ = std::fs::remove_file(self.dir.path().join("done"));
        let mut helm: Child = env
            .command(args)
            .env("PATH", path)
            .env("SLOW_AT", at)
            .env("SLOW_WHEN", when)
            .env("SLOW_DIR", self.dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let reached = self.dir.path().join("reached");
        while !reached.exists() {
            if let Some(status) = helm.try_wait().unwrap() {
                panic!("helm ended ({status}) before git reached {at}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        helm.kill().unwrap();
        let status = helm.wait().unwrap();
        assert_eq!(status.code(), None, "helm was killed");
        std::fs::write(self.dir.path().join("go"), "").unwrap();
        // The wrapper ends on its own; wait for it so nothing runs on.
        let done = self.dir.path().join("done");
        while !done.exists() {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

fn which_git() -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join("git"))
        .find(|git| git.is_file())
        .expect("git on PATH")
}

#[test]
fn a_push_killed_while_git_pushes_is_completed_by_the_next_push() {
    let slow = SlowGit::new();
    for when in ["before", "after"] {
        let m = Machines::new();
        let id = voyage_with_an_entry(&m.a, "Killed from outside while pushing");
        m.push(&m.a, &id).ok();
        log_with_file(&m.a, &id, "a1.txt", "a1");
        let before = m.remote.tip(&id);
        let file = std::fs::read(m.a.voyage_file(&id)).unwrap();
        let remote = m.remote.arg();
        slow.kill_helm_at(
            &m.a,
            &["voyage", "push", &id, "--remote", &remote],
            "push",
            when,
        );
        // A push writes nothing to the voyage.
        assert_eq!(std::fs::read(m.a.voyage_file(&id)).unwrap(), file, "{when}");
        verified(&m.a, &id);
        match when {
            "before" => assert_eq!(m.remote.tip(&id), before),
            _ => assert_ne!(m.remote.tip(&id), before),
        }
        let pushed = m.push(&m.a, &id).json();
        let moved = if when == "before" { 1 } else { 0 };
        assert_eq!(pushed["pushed"]["entries"], moved, "{when}");
        assert_eq!(m.remote.tip(&id).as_deref(), pushed["head"].as_str());
        m.pull(&m.b, &id).ok();
        assert_eq!(summaries(&m.b, &id), ["read the notes", "a1"], "{when}");
        assert_eq!(story(&m.b, &id), story(&m.a, &id), "{when}");
        m.remote.git(&["fsck", "--strict", "--no-progress"]);
    }
}

#[test]
fn a_pull_killed_while_git_fetches_leaves_the_voyage_as_before() {
    let slow = SlowGit::new();
    for when in ["before", "after"] {
        let m = Machines::new();
        let id = voyage_with_an_entry(&m.a, "Killed from outside while pulling");
        m.push(&m.a, &id).ok();
        m.pull(&m.b, &id).ok();
        log_with_file(&m.a, &id, "a1.txt", "a1");
        m.a.run(&["voyage", "end", &id, "--status", "done"]).ok();
        m.push(&m.a, &id).ok();
        log_with_file(&m.b, &id, "b1.txt", "b1");
        let file = std::fs::read(m.b.voyage_file(&id)).unwrap();
        let remote = m.remote.arg();
        slow.kill_helm_at(
            &m.b,
            &["voyage", "pull", &id, "--remote", &remote],
            "fetch",
            when,
        );
        assert_eq!(std::fs::read(m.b.voyage_file(&id)).unwrap(), file, "{when}");
        verified(&m.b, &id);
        let pulled = m.pull(&m.b, &id).json();
        assert_eq!(pulled["pulled"]["entries"], 1, "{when}");
        assert_eq!(summaries(&m.b, &id), ["read the notes", "a1", "b1"]);
        m.push(&m.b, &id).ok();
        m.pull(&m.a, &id).ok();
        assert_eq!(story(&m.a, &id), story(&m.b, &id), "{when}");
        verified(&m.a, &id);
        verified(&m.b, &id);
    }
}
