//! `helm voyage export|import`: a consistent single-file copy of a voyage, even
//! while other processes write to it, and adding such a copy to another home.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde_json::Value;

use crate::support::env::{Run, TestEnv, count};

/// Runs helm with `HELM_HOME` pointed at `home` instead of the env's own.
fn run_in(env: &TestEnv, home: &Path, args: &[&str]) -> Run {
    let output = env
        .command(args)
        .env("HELM_HOME", home)
        .output()
        .expect("helm runs");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A voyage with an observation sealed into a log entry and one left on the slate.
fn voyage_with_history(env: &TestEnv) -> String {
    let id = env.new_voyage("Portable: hand the voyage on");
    env.write("notes.txt", "first notes\n");
    env.run(&["observe", "-V", &id, "file-contents", "notes.txt"])
        .ok();
    env.log(&id, "waiting", "asked for feedback").ok();
    env.run(&["observe", "-V", &id, "directory-tree", "."]).ok();
    id
}

fn integrity(path: &Path) -> (String, i64) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    (check, version)
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_voyage_round_trips_through_export_and_import() {
    let env = TestEnv::new();
    let id = voyage_with_history(&env);
    let out = env.root().join("handoff.sqlite");
    let out_text = out.to_str().unwrap();

    let run = env.run(&["voyage", "export", &id[..8], "--out", out_text]);
    run.ok();
    assert_eq!(run.stdout.trim(), out_text);
    assert!(run.stderr.contains("exported voyage"), "{}", run.stderr);
    assert_eq!(integrity(&out), ("ok".to_string(), 1));
    #[cfg(unix)]
    assert_eq!(mode(&out), 0o600);

    // The export is the voyage: the same story, read from another home.
    let other = env.root().join("other-home");
    let imported = run_in(&env, &other, &["voyage", "import", out_text]);
    imported.ok();
    assert_eq!(imported.stdout.trim(), id);
    let file = other.join("voyages").join(format!("{id}.sqlite"));
    #[cfg(unix)]
    assert_eq!(mode(&file), 0o600);
    let here = env.run(&["voyage", "show", &id, "--json"]).json();
    let there = run_in(&env, &other, &["voyage", "show", &id, "--json"]).json();
    assert_eq!(here["voyage"], there["voyage"]);
    assert_eq!(here["entries"], there["entries"]);
    assert_eq!(here["slate"], there["slate"]);
    let hash = here["entries"][0]["bearing"][0]["artifact"]
        .as_str()
        .unwrap()
        .to_string();
    let payload = run_in(&env, &other, &["artifact", "show", "-V", &id, &hash]).json();
    assert_eq!(payload["files"][0]["content"], "first notes\n");
    // It is a working voyage there: it takes new entries.
    run_in(
        &env,
        &other,
        &[
            "log",
            "-V",
            &id,
            "--as",
            "ci",
            "--role",
            "release",
            "--method",
            "script",
            "--summary",
            "picked up",
            "ready",
        ],
    )
    .ok();
    run_in(&env, &other, &["voyage", "verify", &id]).ok();
    // No temporary files are left beside the voyage.
    let names: Vec<_> = std::fs::read_dir(other.join("voyages"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");

    // --json: the import prints the voyage; the export names what it wrote.
    let third = env.root().join("third-home");
    let doc = run_in(&env, &third, &["voyage", "import", out_text, "--json"]).json();
    assert_eq!(doc["id"], id);
    assert_eq!(doc["intent"], "Portable: hand the voyage on");
    let again = env.root().join("again.sqlite");
    let doc = env
        .run(&[
            "voyage",
            "export",
            &id,
            "--out",
            again.to_str().unwrap(),
            "--json",
        ])
        .json();
    assert_eq!(doc["voyage"]["id"], id);
    assert_eq!(doc["path"], again.to_str().unwrap());
    assert_eq!(doc["bytes"], std::fs::metadata(&again).unwrap().len());
}

#[test]
fn export_refuses_to_overwrite_unless_forced() {
    let env = TestEnv::new();
    let id = env.new_voyage("overwrite");
    let out = env.write("taken.sqlite", "precious");
    let out_text = out.to_str().unwrap();
    let run = env.run(&["voyage", "export", &id, "--out", out_text, "--json"]);
    assert_eq!(run.error_json()["error"]["kind"], "conflict");
    assert_eq!(std::fs::read(&out).unwrap(), b"precious");

    env.run(&["voyage", "export", &id, "--out", out_text, "--force"])
        .ok();
    assert_eq!(integrity(&out), ("ok".to_string(), 1));
    #[cfg(unix)]
    assert_eq!(mode(&out), 0o600);

    // A relative path is taken from the working directory.
    env.run(&["voyage", "export", &id, "--out", "relative.sqlite"])
        .ok();
    assert!(env.work().join("relative.sqlite").is_file());
    // A folder is not a file; a missing folder is named.
    let run = env.run(&["voyage", "export", &id, "--out", "."]);
    assert!(run.fails(2).contains("directory"), "{}", run.stderr);
    let run = env.run(&["voyage", "export", &id, "--out", "missing/dir/v.sqlite"]);
    assert!(run.fails(1).contains("missing/dir"), "{}", run.stderr);
    // Only the files asked for were written.
    let mut names: Vec<_> = std::fs::read_dir(env.work())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["relative.sqlite", "taken.sqlite"]);
}

#[test]
fn exports_taken_while_others_write_are_consistent() {
    let env = TestEnv::new();
    let id = env.new_voyage("busy voyage");
    env.write("a.txt", "0");
    let stop = AtomicBool::new(false);
    let writes = AtomicUsize::new(0);
    let exports: Vec<PathBuf> = std::thread::scope(|scope| {
        // Writers: observe a changing file and log, in separate processes,
        // until the exports are done.
        for writer in 0..2 {
            let (env, id, stop, writes) = (&env, &id, &stop, &writes);
            scope.spawn(move || {
                for n in 0..400 {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let run = if n % 2 == 0 {
                        let name = format!("w{writer}.txt");
                        env.write(&name, format!("writer {writer} round {n}\n").repeat(50));
                        env.run(&["observe", "-V", id, "file-contents", &name])
                    } else {
                        env.log(id, "waiting", &format!("writer {writer} round {n}"))
                    };
                    run.ok();
                    writes.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        while writes.load(Ordering::Relaxed) < 4 {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let mut exports = Vec::new();
        for n in 0..5 {
            let out = env.root().join(format!("export-{n}.sqlite"));
            env.run(&["voyage", "export", &id, "--out", out.to_str().unwrap()])
                .ok();
            exports.push(out);
            std::thread::sleep(std::time::Duration::from_millis(30));
        }
        stop.store(true, Ordering::Relaxed);
        exports
    });
    assert!(
        writes.load(Ordering::Relaxed) >= 8,
        "the writers hardly ran"
    );

    let mut previous = 0;
    for (n, out) in exports.iter().enumerate() {
        assert_eq!(integrity(out), ("ok".to_string(), 1), "export {n}");
        let conn = rusqlite::Connection::open(out).unwrap();
        let fk: i64 = conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(fk, 0, "export {n} has dangling references");
        let entries = count(&conn, "logbook");
        assert!(entries >= previous, "export {n} went back in time");
        previous = entries;
        drop(conn);
        let home = env.root().join(format!("home-{n}"));
        let imported = run_in(&env, &home, &["voyage", "import", out.to_str().unwrap()]);
        imported.ok();
        run_in(&env, &home, &["voyage", "verify", &id]).ok();
        let story = run_in(&env, &home, &["voyage", "show", &id, "--json"]).json();
        assert_eq!(
            story["entries"].as_array().unwrap().len() as i64,
            entries,
            "export {n}"
        );
    }
    // The live voyage is still sound after all that.
    env.run(&["voyage", "verify", &id]).ok();
}

#[test]
fn import_refuses_a_duplicate_a_corrupt_file_a_future_schema_and_strangers() {
    let env = TestEnv::new();
    let id = voyage_with_history(&env);
    let exported = env.root().join("good.sqlite");
    env.run(&["voyage", "export", &id, "--out", exported.to_str().unwrap()])
        .ok();
    let kind = |path: &Path| -> (i32, Value) {
        let run = env.run(&["voyage", "import", path.to_str().unwrap(), "--json"]);
        (run.code, run.error_json()["error"].clone())
    };
    let voyages = || {
        std::fs::read_dir(env.home().join("voyages"))
            .unwrap()
            .count()
    };
    assert_eq!(voyages(), 1);

    // The same voyage again.
    let (code, err) = kind(&exported);
    assert_eq!((code, err["kind"].as_str()), (1, Some("conflict")));
    assert!(err["message"].as_str().unwrap().contains(&id), "{err}");

    // A future schema.
    let future = env.root().join("future.sqlite");
    std::fs::copy(&exported, &future).unwrap();
    rusqlite::Connection::open(&future)
        .unwrap()
        .pragma_update(None, "user_version", 2)
        .unwrap();
    assert_eq!(kind(&future).1["kind"], "future-schema");

    // Damaged pages after the schema page.
    let corrupt = env.root().join("corrupt.sqlite");
    let mut bytes = std::fs::read(&exported).unwrap();
    let page: usize = u16::from_be_bytes([bytes[16], bytes[17]]).into();
    assert!(bytes.len() > 3 * page, "the export is too small to damage");
    for (i, byte) in bytes[page..].iter_mut().enumerate() {
        *byte = (i * 7 % 251) as u8;
    }
    std::fs::write(&corrupt, &bytes).unwrap();
    assert_eq!(kind(&corrupt).1["kind"], "corrupt");

    // Not SQLite at all; SQLite but not helm's; helm's schema with a bad id.
    let text = env.write(
        "notes.sqlite",
        "These are notes, not a database. ".repeat(10),
    );
    assert_eq!(kind(&text).1["kind"], "not-a-voyage");
    let stranger = env.root().join("stranger.sqlite");
    rusqlite::Connection::open(&stranger)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); PRAGMA user_version = 1;")
        .unwrap();
    assert_eq!(kind(&stranger).1["kind"], "not-a-voyage");
    let bad_id = env.root().join("bad-id.sqlite");
    std::fs::copy(&exported, &bad_id).unwrap();
    rusqlite::Connection::open(&bad_id)
        .unwrap()
        .execute("UPDATE voyage SET id = 'not-a-uuid'", [])
        .unwrap();
    let err = kind(&bad_id).1;
    assert_eq!(err["kind"], "not-a-voyage");
    assert!(
        err["message"].as_str().unwrap().contains("not a UUID"),
        "{err}"
    );
    let missing = env.root().join("missing.sqlite");
    assert_eq!(kind(&missing).1["kind"], "not-found");

    // Nothing was added and nothing was left behind.
    assert_eq!(voyages(), 1);
    let human = env.run(&["voyage", "import", future.to_str().unwrap()]);
    let stderr = human.fails(1);
    assert!(stderr.contains("future.sqlite"), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
}
