//! Many processes, kills at random moments, interrupted steers, verification.

use std::process::Stdio;
use std::time::Duration;

use serde_json::json;

use crate::support::env::{TestEnv, count};
use crate::support::github::github_voyage;

/// A small deterministic generator: the seed is printed, so a failure replays.
struct Lcg(u64);

impl Lcg {
    fn seeded() -> Lcg {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64;
        eprintln!("random seed: {seed}");
        Lcg(seed)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn assert_consistent(env: &TestEnv, voyage: &str) {
    let conn = env.sqlite(voyage);
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    let orphans: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(orphans, 0, "rows pointing at nothing");
    let stray: i64 = conn
        .query_row(
            "SELECT count(*) FROM bearing_observations WHERE logbook_id NOT IN (SELECT id FROM logbook)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stray, 0, "bearing rows without their entry");
    env.assert_sound(voyage);
}

#[test]
fn many_processes_on_one_voyage_lose_nothing() {
    const OBSERVERS: usize = 6;
    const LOGGERS: usize = 2;
    const STEERERS: usize = 2;
    const OPS: usize = 25;
    let (env, gh, voyage) = github_voyage("acme/widgets", "crowded");
    let issue = gh.add_issue("acme/widgets", "busy", "");
    for worker in 0..OBSERVERS {
        for op in 0..OPS {
            env.write(&format!("w{worker}/f{op}.txt"), format!("{worker}/{op}"));
        }
    }
    let env = &env;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for worker in 0..OBSERVERS {
            handles.push(scope.spawn(move || {
                (0..OPS)
                    .map(|op| {
                        env.run(&["observe", "file-contents", &format!("w{worker}/f{op}.txt")])
                    })
                    .filter(|run| run.code != 0)
                    .map(|run| run.stderr)
                    .collect::<Vec<_>>()
            }));
        }
        for worker in 0..LOGGERS {
            handles.push(scope.spawn(move || {
                (0..OPS)
                    .map(|op| {
                        env.run(&[
                            "log",
                            "--as",
                            &format!("logger-{worker}"),
                            "--role",
                            "r",
                            "--method",
                            "m",
                            "--summary",
                            &format!("op {op}"),
                            "waiting",
                        ])
                    })
                    .filter(|run| run.code != 0)
                    .map(|run| run.stderr)
                    .collect::<Vec<_>>()
            }));
        }
        for worker in 0..STEERERS {
            handles.push(scope.spawn(move || {
                (0..OPS / 5)
                    .map(|op| {
                        env.run(&[
                            "steer",
                            "--as",
                            &format!("steerer-{worker}"),
                            "--role",
                            "r",
                            "--method",
                            "m",
                            "--summary",
                            "s",
                            "comment",
                            "--issue",
                            &issue.to_string(),
                            "--body",
                            &format!("{worker}/{op}"),
                        ])
                    })
                    .filter(|run| run.code != 0)
                    .map(|run| run.stderr)
                    .collect::<Vec<_>>()
            }));
        }
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "commands failed: {failures:#?}");

    assert_consistent(env, &voyage);
    let conn = env.sqlite(&voyage);
    let entries = count(&conn, "logbook") as usize;
    assert_eq!(entries, LOGGERS * OPS + STEERERS * (OPS / 5));
    // Every observation is on the slate or sealed in exactly one bearing.
    let on_slate = count(&conn, "slate") as usize;
    let sealed: i64 = conn
        .query_row(
            "SELECT count(DISTINCT target) FROM bearing_observations",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let sealed_rows = count(&conn, "bearing_observations") as usize;
    assert_eq!(sealed as usize, sealed_rows, "no observation sealed twice");
    assert_eq!(on_slate + sealed_rows, OBSERVERS * OPS);
    assert_eq!(
        gh.comments("acme/widgets", issue).len(),
        STEERERS * (OPS / 5)
    );
}

#[test]
fn kill_9_at_random_moments_leaves_a_consistent_voyage() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("killed");
    env.set("HELM_VOYAGE", &voyage);
    // Big enough that hashing and compressing take a moment.
    let line = "the quick brown fox jumps over the lazy dog 0123456789\n";
    env.write("big.txt", line.repeat(200_000));
    env.write("small.txt", "small");
    let mut rng = Lcg::seeded();
    for round in 0..24 {
        let args: Vec<String> = match round % 3 {
            0 => vec!["observe".into(), "file-contents".into(), "big.txt".into()],
            1 => vec!["observe".into(), "directory-tree".into(), ".".into()],
            _ => [
                "log",
                "--as",
                "k",
                "--role",
                "r",
                "--method",
                "m",
                "--summary",
                "s",
                "ready",
            ]
            .map(String::from)
            .to_vec(),
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut child = env
            .command(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.below(40)));
        let _ = child.kill(); // SIGKILL on unix
        let _ = child.wait();
        // The next command works, and the voyage is whole.
        env.run(&["observe", "file-contents", "small.txt"]).ok();
        assert_consistent(&env, &voyage);
    }
    let verified = env.run(&["voyage", "verify", &voyage, "--json"]).json();
    assert_eq!(verified["ok"], true, "{verified}");
}

#[test]
fn a_steer_killed_while_github_answers_is_settled_by_its_retry() {
    let (env, gh, voyage) = github_voyage("acme/widgets", "interrupted");
    let issue = gh.add_issue("acme/widgets", "t", "");
    env.write("a.txt", "context");
    env.run(&["observe", "file-contents", "a.txt"]).ok();
    let steer = |request_id: &str| {
        vec![
            "steer".to_string(),
            "--as".into(),
            "agent".into(),
            "--role".into(),
            "r".into(),
            "--method".into(),
            "m".into(),
            "--summary".into(),
            "s".into(),
            "--request-id".into(),
            request_id.into(),
            "comment".into(),
            "--issue".into(),
            issue.to_string(),
            "--body".into(),
            "hello".into(),
        ]
    };

    // GitHub takes its time to answer; helm is killed meanwhile.
    gh.set_latency(Duration::from_millis(1500));
    let args = steer("req-1");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = env
        .command(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while gh.writes().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    child.kill().unwrap();
    child.wait().unwrap();
    gh.set_latency(Duration::ZERO);

    // GitHub did comment; the voyage recorded nothing and kept its slate.
    assert_eq!(gh.comments("acme/widgets", issue).len(), 1);
    let conn = env.sqlite(&voyage);
    assert_eq!(count(&conn, "logbook"), 0);
    assert_eq!(count(&conn, "slate"), 1);
    assert_consistent(&env, &voyage);

    // The story says so; the retry looks on GitHub, finds the comment and
    // records it without commenting a second time (issue 10).
    let story = env.run(&["voyage", "show", "--json"]).json();
    assert_eq!(story["interrupted"][0]["requestId"], "req-1");
    let mut args = steer("req-1");
    args.push("--json".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let entry = env.run(&args).json();
    assert_eq!(entry["action"]["settled"], "found-on-github");
    assert_eq!(entry["action"]["body"], "hello");
    assert_eq!(entry["bearing"].as_array().unwrap().len(), 1);
    assert_eq!(gh.comments("acme/widgets", issue).len(), 1);
    let story = env.run(&["voyage", "show", "--json"]).json();
    assert_eq!(story["interrupted"].as_array().unwrap().len(), 0);
}

#[test]
fn a_saved_answer_is_recorded_by_the_retry_without_acting_again() {
    let (env, gh, voyage) = github_voyage("acme/widgets", "saved");
    // What a steer killed after GitHub's answer, before its commit, leaves behind.
    let key: String = {
        use sha2::Digest;
        sha2::Sha256::digest(b"req-9")
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()[..24]
            .to_string()
    };
    let dir = env.home().join("pending");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(format!("{voyage}.{key}.json")),
        serde_json::to_vec(&json!({
            "voyage": voyage, "requestId": "req-9", "doing": "comment on issue #1 in acme/widgets",
            "identity": "agent", "startedAt": "2026-11-21T10:00:00.000000Z",
            "answer": {"steer": "comment", "repo": "acme/widgets", "issue": 1, "commentId": 77,
                       "url": "https://github.com/acme/widgets/issues/1#issuecomment-77"}
        }))
        .unwrap(),
    )
    .unwrap();
    let entry = env
        .run(&[
            "steer",
            "--as",
            "agent",
            "--role",
            "r",
            "--method",
            "m",
            "--summary",
            "s",
            "--request-id",
            "req-9",
            "--json",
            "comment",
            "--issue",
            "1",
            "--body",
            "hello",
        ])
        .json();
    assert_eq!(entry["action"]["commentId"], 77);
    assert_eq!(entry["action"]["requestId"], "req-9");
    assert!(gh.requests().is_empty(), "GitHub was not asked again");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "the pending record is settled"
    );
}

#[test]
fn verify_finds_tampered_artifacts_and_broken_files() {
    let env = TestEnv::new();
    let good = env.new_voyage("good");
    let bad = env.new_voyage("bad");
    env.write("a.txt", "payload");
    env.run(&["observe", "-V", &good, "file-contents", "a.txt"])
        .ok();
    env.run(&["observe", "-V", &bad, "file-contents", "a.txt"])
        .ok();
    let ok = env.run(&["voyage", "verify", &good]);
    assert!(ok.ok().stdout.contains("ok"));

    // Swap in the compressed bytes of a different payload.
    let other = zstd::encode_all(&br#"{"files":[]}"#[..], 3).unwrap();
    env.sqlite(&bad)
        .execute("UPDATE artifacts SET data = ?1", [other])
        .unwrap();
    let report = env.run(&["voyage", "verify", "--all", "--json"]);
    assert_eq!(report.code, 1);
    let json: serde_json::Value = serde_json::from_str(&report.stdout).unwrap();
    assert_eq!(json["ok"], false);
    let failed: Vec<_> = json["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["ok"] == false)
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["id"], bad.as_str());
    assert!(
        failed[0]["problems"][0]
            .as_str()
            .unwrap()
            .contains("hashes to")
    );

    // A future schema is a finding, and the file is left as it was.
    env.sqlite(&good)
        .pragma_update(None, "user_version", 9)
        .unwrap();
    let report = env.run(&["voyage", "verify", &good]);
    assert!(
        report.stdout.contains("schema version 9"),
        "{}",
        report.stdout
    );
    assert_eq!(report.code, 1);
}
