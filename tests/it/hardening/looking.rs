//! Looking never reads what it should not and never hangs: `rust-project`
//! stays inside its root and reads only bounded regular files; one bad doc
//! file is recorded, not fatal; `file-contents` refuses FIFOs, devices and
//! folders at once; neither reads a helm voyage file. Every helm run here is
//! bounded by a deadline so a regression fails instead of hanging the suite.

use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support::env::{Run, TestEnv};

pub(super) fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// Runs helm, killing it if it has not finished within a minute: a hang is
/// a failure, not a stuck test run. (The deadline is generous; pass or fail
/// never depends on speed.)
pub(super) fn run_bounded(env: &TestEnv, args: &[&str]) -> Run {
    bounded(env.command(args), &format!("helm {args:?}"))
}

/// Runs `command` as [`run_bounded`] does.
pub(super) fn bounded(mut command: std::process::Command, what: &str) -> Run {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("helm runs");
    // Drained while helm runs, so a big answer cannot fill the pipe.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            pipe.read_to_end(&mut text).unwrap();
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("{what} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code().unwrap_or(-1),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

fn unreadable(payload: &Value) -> Vec<(String, String)> {
    payload["unreadable"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|u| {
                    (
                        u["path"].as_str().unwrap().to_string(),
                        u["reason"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn rust_project_never_follows_a_link_out_of_the_project() {
    let env = TestEnv::new();
    let id = env.new_voyage("Links");
    let secret = env.root().join("secret.env");
    std::fs::write(&secret, "TOKEN=hunter2-secret\n").unwrap();
    std::fs::create_dir_all(env.root().join("outside")).unwrap();
    std::fs::write(env.root().join("outside/guide.md"), "outside-guide\n").unwrap();
    env.write("crate/Cargo.toml", "[package]\nname = \"demo\"\n");
    env.write("crate/notes/inside.md", "inside-notes\n");
    symlink(&secret, env.work().join("crate/README.md")).unwrap();
    symlink("../../secret.env", env.work().join("crate/CONTRIBUTING.md")).unwrap();
    symlink(env.root().join("outside"), env.work().join("crate/docs")).unwrap();
    // A link that stays inside is followed.
    symlink("notes/inside.md", env.work().join("crate/GUIDE.md")).unwrap();
    let doc = run_bounded(
        &env,
        &["observe", "-V", &id, "rust-project", "crate", "--json"],
    )
    .json();
    let text = doc.to_string();
    assert!(!text.contains("hunter2"), "the secret was read: {text}");
    assert!(!text.contains("outside-guide"), "{text}");
    let payload = &doc["payload"];
    assert_eq!(payload["docs"][0]["path"], "GUIDE.md");
    assert_eq!(payload["docs"][0]["content"], "inside-notes\n");
    let bad = unreadable(payload);
    for path in ["CONTRIBUTING.md", "README.md"] {
        assert!(
            bad.iter()
                .any(|(p, why)| p == path && why.contains("outside the project")),
            "{path}: {bad:?}"
        );
    }
}

#[test]
fn rust_project_reads_bounded_regular_files_and_records_what_it_could_not() {
    let env = TestEnv::new();
    let id = env.new_voyage("Odd docs");
    env.write("crate/Cargo.toml", "[package]\nname = \"demo\"\n");
    env.write("crate/src/lib.rs", "//! Demo.\n");
    env.write("crate/BIG.md", "x".repeat(300 * 1024));
    env.write("crate/docs/ok.md", "fine\n");
    mkfifo(&env.work().join("crate/NOTES.md"));
    symlink("missing.md", env.work().join("crate/CHANGES.md")).unwrap();
    // Links to /dev/zero (a device: never read, let alone without end).
    symlink("/dev/zero", env.work().join("crate/docs/zero.md")).unwrap();
    let odd = std::ffi::OsStr::from_bytes(b"READ\xffME.md");
    std::fs::write(env.work().join("crate").join(odd), "odd\n").unwrap();
    let doc = run_bounded(
        &env,
        &["observe", "-V", &id, "rust-project", "crate", "--json"],
    )
    .json();
    let payload = &doc["payload"];
    let docs: Vec<&str> = payload["docs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert_eq!(docs, ["BIG.md", "docs/ok.md"]);
    assert_eq!(payload["docs"][0]["truncated"], true);
    assert_eq!(
        payload["docs"][0]["content"].as_str().unwrap().len(),
        256 * 1024
    );
    assert_eq!(payload["crateDocs"][0]["doc"], "Demo.");
    let bad = unreadable(payload);
    let reason = |path: &str| {
        bad.iter()
            .find(|(p, _)| p == path)
            .map(|(_, why)| why.clone())
            .unwrap_or_else(|| panic!("{path} not recorded: {bad:?}"))
    };
    assert!(reason("NOTES.md").contains("FIFO"), "{bad:?}");
    assert!(reason("CHANGES.md").contains("link to nothing"), "{bad:?}");
    assert!(
        reason("docs/zero.md").contains("outside the project"),
        "{bad:?}"
    );
    assert!(reason("READ\u{fffd}ME.md").contains("not UTF-8"), "{bad:?}");
    assert_eq!(bad.len(), 4, "{bad:?}");
}

#[test]
fn file_contents_refuses_fifos_devices_and_folders_at_once() {
    let env = TestEnv::new();
    let id = env.new_voyage("Not files");
    mkfifo(&env.work().join("pipe"));
    symlink("pipe", env.work().join("pipe-link")).unwrap();
    std::fs::create_dir_all(env.work().join("folder")).unwrap();
    for (path, what) in [
        ("pipe", "FIFO"),
        ("pipe-link", "FIFO"),
        ("/dev/zero", "device"),
        ("/dev/null", "device"),
        ("folder", "directory"),
    ] {
        let run = run_bounded(&env, &["observe", "-V", &id, "file-contents", path]);
        let stderr = run.fails(2);
        assert!(stderr.contains(what), "{path}: {stderr}");
    }
    let slate = env.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"], serde_json::json!([]), "{slate}");
}

/// A voyage file is opened only through SQLite: read as file contents, its
/// descriptor's close would drop the locks of a steer running beside the
/// look in `helm mcp` (ADR 0011). Named directly, through a link, or as a
/// project's doc, it is refused and nothing of it is read.
#[test]
fn a_voyage_file_is_never_read_as_file_contents() {
    let mut env = TestEnv::new();
    // The home inside the project, so a doc can link to a voyage in it.
    let home = env.work().join("crate/.helm");
    env.set("HELM_HOME", home.to_str().unwrap());
    let id = env.new_voyage("Look at myself");
    let file = home.join(format!("voyages/{id}.sqlite"));
    let link = env.work().join("voyage-link.sqlite");
    symlink(&file, &link).unwrap();
    for path in [&file, &link] {
        let run = run_bounded(
            &env,
            &[
                "observe",
                "-V",
                &id,
                "file-contents",
                path.to_str().unwrap(),
            ],
        );
        let stderr = run.fails(2);
        assert!(stderr.contains("is a helm voyage file"), "{stderr}");
        assert!(stderr.contains("nothing was put on the slate"), "{stderr}");
    }
    env.write("crate/Cargo.toml", "[package]\nname = \"demo\"\n");
    symlink(&file, env.work().join("crate/README.md")).unwrap();
    let doc = run_bounded(
        &env,
        &["observe", "-V", &id, "rust-project", "crate", "--json"],
    )
    .json();
    assert_eq!(doc["payload"]["docs"], serde_json::json!([]), "{doc}");
    let bad = unreadable(&doc["payload"]);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!(bad[0].0, "README.md");
    assert!(bad[0].1.contains("helm voyage file"), "{bad:?}");
    let slate = env.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"].as_array().map(Vec::len), Some(1), "{slate}");
}

/// Issue 20 §2: a folder swapped for a link to outside the project between
/// the look's check and its read never leads the read outside. Bounded runs
/// while another thread swaps `docs/` and the link as fast as it can; no
/// run may show what is outside, whatever the interleaving.
#[test]
fn rust_project_never_reads_outside_while_a_folder_is_swapped_for_a_link() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    let env = TestEnv::new();
    let id = env.new_voyage("Swapped");
    env.write("crate/Cargo.toml", "[package]\nname = \"demo\"\n");
    let outside = env.root().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    for i in 0..200 {
        env.write(&format!("crate/docs/d{i}.md"), "inside\n");
        std::fs::write(outside.join(format!("d{i}.md")), "SECRET-OUTSIDE\n").unwrap();
    }
    let docs = env.work().join("crate/docs");
    let held_dir = env.root().join("held-dir");
    let held_link = env.root().join("held-link");
    symlink(&outside, &held_link).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let stop = Arc::clone(&stop);
        let (docs, held_dir, held_link) = (docs.clone(), held_dir.clone(), held_link.clone());
        std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stop.load(Ordering::Relaxed) {
                std::fs::rename(&docs, &held_dir).unwrap();
                std::fs::rename(&held_link, &docs).unwrap();
                std::fs::rename(&docs, &held_link).unwrap();
                std::fs::rename(&held_dir, &docs).unwrap();
                swaps += 1;
            }
            swaps
        })
    };
    let mut leaks = Vec::new();
    for run in 0..50 {
        let looked = run_bounded(&env, &["observe", "-V", &id, "rust-project", "crate"]);
        for stream in [&looked.stdout, &looked.stderr] {
            if stream.contains("SECRET-OUTSIDE") {
                leaks.push(run);
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    assert!(swapper.join().unwrap() > 0);
    assert_eq!(
        leaks,
        Vec::<i32>::new(),
        "runs that read outside the project"
    );
    // Nothing outside was stored either.
    let conn = env.sqlite(&id);
    let mut stmt = conn.prepare("SELECT data FROM artifacts").unwrap();
    let payloads: Vec<Vec<u8>> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(!payloads.is_empty());
    for data in payloads {
        let json = zstd::decode_all(&data[..]).unwrap();
        assert!(!String::from_utf8_lossy(&json).contains("SECRET-OUTSIDE"));
    }
}
