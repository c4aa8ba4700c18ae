//! Issue 29: nothing helm reads from `$HELM_HOME` can hang it. A FIFO, a
//! device or a huge file where a cache belongs (the actor cache, the
//! listing cache) is ignored with a warning on stderr, and the command
//! completes; one where a pending steer record belongs is refused. A FIFO
//! opened for reading would block until a writer came: a steer after
//! GitHub acted, holding the voyage's write lock, waited for ever.

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::support::env::{TestEnv, steer_args};
use crate::support::fake_github::{FakeGitHub, VIEWER};
use crate::support::github::github_voyage;

const REPO: &str = "acme/widgets";

/// Replaces `path` by a FIFO nobody writes to.
fn fifo_at(path: &Path) {
    let _ = std::fs::remove_file(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// Replaces `path` by a sparse file far larger than any cache.
fn huge_at(path: &Path) {
    let _ = std::fs::remove_file(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::fs::File::create(path).unwrap();
    file.set_len(96 << 20).unwrap();
}

/// Runs helm; a run blocked on a FIFO is killed and the test fails (a
/// guard against hanging the suite, not a timed assertion: a correct helm
/// never waits on these files at all).
fn run_unblocked(env: &TestEnv, args: &[&str]) -> Output {
    let mut child = env
        .command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("helm starts");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            let output = child.wait_with_output().unwrap();
            panic!("helm {args:?} hung on a file in $HELM_HOME: {output:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The actor cache file the first steer left (one token, one file).
fn actor_cache(env: &TestEnv) -> std::path::PathBuf {
    let dir = env.home().join("cache").join("actors");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1);
    files[0].path()
}

fn close_issue(env: &TestEnv, gh: &FakeGitHub, title: &str) -> Output {
    let issue = gh.add_issue(REPO, title, "Steps.").to_string();
    env.run(&["observe", "github-issue", &issue]).ok();
    let action = ["close-issue", "--issue", &issue, "--json"];
    run_unblocked(env, &steer_args(&action))
}

#[test]
fn a_fifo_or_a_huge_file_at_the_actor_cache_never_holds_a_steer() {
    let (env, gh, voyage) = github_voyage(REPO, "Who acted, with a FIFO in the cache");
    let first = close_issue(&env, &gh, "One");
    assert!(first.status.success(), "{first:?}");
    let cache = actor_cache(&env);

    for (what, make) in [("fifo", fifo_at as fn(&Path)), ("huge", huge_at)] {
        make(&cache);
        let steered = close_issue(&env, &gh, &format!("With a {what} file"));
        assert!(steered.status.success(), "{what}: {steered:?}");
        let entry: serde_json::Value = serde_json::from_slice(&steered.stdout).unwrap();
        assert_eq!(entry["action"]["actor"], VIEWER, "{what}: asked GET /user");
        let stderr = String::from_utf8_lossy(&steered.stderr);
        assert!(
            stderr.contains("warning:") && stderr.contains(&cache.display().to_string()),
            "{what}: {stderr}"
        );
    }
    env.assert_sound(&voyage);
}

#[test]
fn a_fifo_or_a_huge_file_at_the_listing_cache_is_ignored() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Listed beside a FIFO");
    let cache = env.home().join("cache").join("voyage-list.json");
    for (what, make) in [("fifo", fifo_at as fn(&Path)), ("huge", huge_at)] {
        make(&cache);
        let listed = run_unblocked(&env, &["voyage", "list", "--json"]);
        assert!(listed.status.success(), "{what}: {listed:?}");
        let document: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
        assert_eq!(document["voyages"][0]["id"], voyage.as_str(), "{what}");
        let stderr = String::from_utf8_lossy(&listed.stderr);
        assert!(
            stderr.contains("warning:") && stderr.contains("voyage-list.json"),
            "{what}: {stderr}"
        );
    }
}

#[test]
fn a_fifo_among_the_pending_records_never_holds_a_show_or_a_verify() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Pending records beside a FIFO");
    let record = env
        .home()
        .join("pending")
        .join(format!("{voyage}.attempt.json"));
    fifo_at(&record);
    let shown = run_unblocked(&env, &["voyage", "show", &voyage, "--json"]);
    assert!(shown.status.success(), "{shown:?}");
    let verified = run_unblocked(&env, &["voyage", "verify", &voyage, "--json"]);
    assert!(verified.status.success(), "{verified:?}");
    let listed = run_unblocked(&env, &["interrupted", "list", "--voyage", &voyage]);
    assert!(listed.status.success(), "{listed:?}");
}
