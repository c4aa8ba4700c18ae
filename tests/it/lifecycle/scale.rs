//! The lifecycle at scale: compaction while other processes write, and
//! issue 14's "done when" with a 15 MiB build log.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{reduce, story, verify_ok, voyage_with_cargo};
use crate::support::env::{TestEnv, count};

/// Several helm processes observe and log while the voyage is compacted
/// again and again: every command succeeds (waiting, never "database is
/// locked"), nothing is lost, and the voyage verifies.
#[test]
fn compact_while_others_write_loses_nothing() {
    const WRITERS: usize = 3;
    const OPS: usize = 12;
    let env = TestEnv::new();
    let (id, big, _) = voyage_with_cargo(&env);
    env.run(&["artifact", "jettison", &big, "-V", &id]).ok();
    for w in 0..WRITERS {
        env.write(&format!("w{w}.txt"), "0");
    }
    let done = AtomicBool::new(false);
    let (writes, compactions) = std::thread::scope(|scope| {
        let env = &env;
        let id = id.as_str();
        let writers: Vec<_> = (0..WRITERS)
            .map(|w| {
                scope.spawn(move || {
                    let mut runs = Vec::new();
                    for n in 0..OPS {
                        let file = format!("w{w}.txt");
                        env.write(&file, format!("writer {w} op {n}\n").repeat(200));
                        runs.push(env.run(&["observe", "-V", id, "file-contents", &file]));
                        runs.push(env.log(id, "waiting", &format!("writer {w} op {n}")));
                    }
                    runs
                })
            })
            .collect();
        let done = &done;
        let compactor = scope.spawn(move || {
            let mut runs = Vec::new();
            while !done.load(Ordering::Relaxed) || runs.is_empty() {
                runs.push(env.run(&["voyage", "compact", id]));
                runs.push(env.run(&["artifact", "list", "-V", id]));
            }
            runs
        });
        let writes: Vec<_> = writers
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        done.store(true, Ordering::Relaxed);
        (writes, compactor.join().unwrap())
    });
    for run in writes.iter().chain(&compactions) {
        assert_eq!(run.code, 0, "{run:?}");
        assert!(!run.stderr.contains("locked"), "{run:?}");
    }
    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "logbook"), 1 + (WRITERS * OPS) as i64);
    let summaries: Vec<String> = conn
        .prepare("SELECT summary FROM logbook")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for w in 0..WRITERS {
        for n in 0..OPS {
            assert!(summaries.contains(&format!("writer {w} op {n}")));
        }
    }
    verify_ok(&env, &id);
}

/// A build log of `bytes` bytes: timestamped lines of crates, versions,
/// paths, warnings and timings drawn from a fixed-seed generator, so it
/// compresses like real output rather than like a repeated line.
pub(super) fn build_log(bytes: usize) -> String {
    const WORDS: [&str; 16] = [
        "Compiling",
        "Checking",
        "Running",
        "Finished",
        "warning:",
        "unused",
        "variable",
        "borrow",
        "lifetime",
        "serde",
        "tokio",
        "rusqlite",
        "clap",
        "zstd",
        "test",
        "ok",
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut log = String::with_capacity(bytes + 200);
    while log.len() < bytes {
        let r = next();
        log.push_str(&format!(
            "[{:02}:{:02}:{:02}.{:03}] {} {}-{:x} v{}.{}.{} (src/{}/{:x}.rs:{}) {}ms\n",
            r % 24,
            (r >> 5) % 60,
            (r >> 11) % 60,
            (r >> 17) % 1000,
            WORDS[(r >> 27) as usize % 16],
            WORDS[(r >> 31) as usize % 16],
            next() % 4096,
            (r >> 35) % 4,
            (r >> 37) % 40,
            (r >> 43) % 20,
            WORDS[(r >> 49) as usize % 16],
            next(),
            (r >> 53) % 900,
            next() % 100_000,
        ));
    }
    log
}

/// Issue 14, done when: a voyage holding a 15 MiB build log is reduced and
/// compacted to under 10% of its size, while `voyage show` tells the same
/// story with the summary in place.
#[test]
fn a_voyage_with_a_15_mib_build_log_shrinks_below_a_tenth() {
    let env = TestEnv::new();
    let id = env.new_voyage("Fix the flaky build");
    env.write("build.log", build_log(15 << 20));
    env.write("Cargo.toml", "[package]\nname = \"demo\"\n");
    let log = env.run(&["observe", "-V", &id, "file-contents", "build.log", "--json"]);
    let log = log.json()["artifact"].as_str().unwrap().to_string();
    env.run(&["observe", "-V", &id, "file-contents", "Cargo.toml"])
        .ok();
    env.log(&id, "blocked", "the build log shows a linker timeout")
        .ok();
    env.run(&["voyage", "end", &id, "--status", "diagnosed"])
        .ok();
    let story_before = story(&env, &id);
    let human_before = env.run(&["voyage", "show", &id]).ok().stdout.clone();
    let size = |path| std::fs::metadata(path).unwrap().len();
    let before = size(env.voyage_file(&id));
    assert!(before > 1 << 20, "the log is stored: {before} bytes");

    let summary = "15 MiB of cargo output; the link step of helm timed out after 300 s.\n";
    reduce(&env, &id, &[&log], summary).json();
    let compacted = env.run(&["voyage", "compact", &id, "--json"]).json();
    let after = size(env.voyage_file(&id));
    assert_eq!(compacted["bytesBefore"].as_u64(), Some(before));
    assert_eq!(compacted["bytesAfter"].as_u64(), Some(after));
    assert!(
        after * 10 < before,
        "{after} bytes is not under 10% of {before}"
    );

    assert_eq!(story(&env, &id), story_before);
    let human_after = env.run(&["voyage", "show", &id]).ok().stdout.clone();
    for line in human_before
        .lines()
        .filter(|l| l.contains("──") || l.contains("file-contents"))
    {
        let head = line.split("  ").next().unwrap();
        assert!(
            human_after.contains(head),
            "{head:?} is gone from:\n{human_after}"
        );
    }
    assert!(human_after.contains(&log[..12]), "{human_after}");
    let shown = env.run(&["artifact", "show", "-V", &id, &log]);
    assert!(
        shown.ok().stdout.contains("link step of helm timed out"),
        "{shown:?}"
    );
    verify_ok(&env, &id);
}
