//! `helm slate list|erase|clear` and `helm log`: seal, record, clear.

use crate::support::env::{TestEnv, count};

#[test]
fn erase_takes_the_observe_syntax_and_clear_empties() {
    let env = TestEnv::new();
    let id = env.new_voyage("slate");
    env.write("a.txt", "a");
    env.write("b.txt", "b");
    env.run(&["observe", "-V", &id, "file-contents", "a.txt"])
        .ok();
    env.run(&["observe", "-V", &id, "file-contents", "b.txt"])
        .ok();
    env.run(&["observe", "-V", &id, "directory-tree", "."]).ok();

    let list = env.run(&["slate", "list", "-V", &id]);
    list.ok();
    assert!(list.stdout.starts_with("TARGET"), "{}", list.stdout);
    assert_eq!(list.stdout.lines().count(), 4);

    let erased = env
        .run(&[
            "slate",
            "erase",
            "-V",
            &id,
            "file-contents",
            "./a.txt",
            "--json",
        ])
        .json();
    assert_eq!(erased["erased"], true);
    let again = env
        .run(&[
            "slate",
            "erase",
            "-V",
            &id,
            "file-contents",
            "a.txt",
            "--json",
        ])
        .json();
    assert_eq!(again["erased"], false);
    let slate = env.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"].as_array().unwrap().len(), 2);

    // A deleted file can still be erased by its path.
    std::fs::remove_file(env.work().join("b.txt")).unwrap();
    let gone = env
        .run(&[
            "slate",
            "erase",
            "-V",
            &id,
            "file-contents",
            "b.txt",
            "--json",
        ])
        .json();
    assert_eq!(gone["erased"], true);

    let cleared = env.run(&["slate", "clear", "-V", &id, "--json"]).json();
    assert_eq!(cleared["cleared"], 1);
    assert_eq!(count(&env.sqlite(&id), "slate"), 0);
    // Artifacts stay: they are content, cheap to keep, and may be sealed elsewhere.
    assert_eq!(count(&env.sqlite(&id), "artifacts"), 3);
}

#[test]
fn log_seals_the_slate_into_the_bearing_and_clears_it() {
    let env = TestEnv::new();
    let id = env.new_voyage("log");
    env.write("a.txt", "a");
    env.write("b.txt", "b");
    let a = env
        .run(&["observe", "-V", &id, "file-contents", "a.txt", "--json"])
        .json();
    let b = env
        .run(&["observe", "-V", &id, "file-contents", "b.txt", "--json"])
        .json();

    let entry = env
        .run(&[
            "log",
            "-V",
            &id,
            "--as",
            "agent-7",
            "--role",
            "reviewer",
            "--method",
            "sonnet 4-6, thinking high",
            "--summary",
            "both files read; waiting on CI",
            "waiting",
            "--json",
        ])
        .json();
    assert_eq!(entry["id"], 1);
    assert_eq!(entry["kind"], "log");
    assert_eq!(entry["identity"], "agent-7");
    assert_eq!(entry["role"], "reviewer");
    assert_eq!(entry["method"], "sonnet 4-6, thinking high");
    assert_eq!(entry["summary"], "both files read; waiting on CI");
    assert_eq!(
        entry["action"],
        serde_json::json!({"kind": "log", "status": "waiting"})
    );
    let artifacts: Vec<&str> = entry["bearing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["artifact"].as_str().unwrap())
        .collect();
    assert_eq!(
        artifacts,
        [
            a["artifact"].as_str().unwrap(),
            b["artifact"].as_str().unwrap()
        ]
    );

    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "slate"), 0);
    assert_eq!(count(&conn, "bearing_observations"), 2);
    let (identity, role, method, action): (String, String, String, String) = conn
        .query_row(
            "SELECT identity, role, method, action FROM logbook",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!((identity.as_str(), role.as_str()), ("agent-7", "reviewer"));
    assert_eq!(method, "sonnet 4-6, thinking high");
    assert_eq!(action, r#"{"kind":"log","status":"waiting"}"#);
    let orphans: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(orphans, 0);

    // A log with an empty slate records an empty bearing.
    let next = env
        .run(&[
            "log",
            "-V",
            &id,
            "--as",
            "a",
            "--role",
            "r",
            "--method",
            "m",
            "--summary",
            "nothing new",
            "ready",
            "--json",
        ])
        .json();
    assert_eq!(next["bearing"].as_array().unwrap().len(), 0);
}

#[test]
fn provenance_is_required_and_status_is_checked() {
    let env = TestEnv::new();
    let id = env.new_voyage("provenance");
    env.write("a.txt", "a");
    env.run(&["observe", "-V", &id, "file-contents", "a.txt"])
        .ok();

    let no_as = env.run(&[
        "log",
        "-V",
        &id,
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "waiting",
    ]);
    let stderr = no_as.fails(2);
    assert!(stderr.contains("missing --as"), "{stderr}");
    let blank = env.run(&[
        "log",
        "-V",
        &id,
        "--as",
        " ",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "ready",
    ]);
    assert!(blank.fails(2).contains("--as"));
    let bad_status = env.run(&[
        "log",
        "-V",
        &id,
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "   ",
    ]);
    // States are freeform (issue 11), but never blank.
    assert!(bad_status.fails(2).contains("state is empty"));

    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "logbook"), 0);
    assert_eq!(count(&conn, "slate"), 1);
}

#[test]
fn a_repeated_request_id_records_once() {
    let env = TestEnv::new();
    let id = env.new_voyage("retries");
    let args = [
        "log",
        "-V",
        &id,
        "--as",
        "a",
        "--role",
        "r",
        "--method",
        "m",
        "--summary",
        "s",
        "--request-id",
        "req-1",
        "blocked",
        "--json",
    ];
    let first = env.run(&args).json();
    let second = env.run(&args).json();
    assert_eq!(first["id"], second["id"]);
    assert_eq!(first["replayed"], false);
    assert_eq!(second["replayed"], true);
    assert_eq!(first["action"]["requestId"], "req-1");
    assert_eq!(count(&env.sqlite(&id), "logbook"), 1);

    // The same id for a different action is refused rather than silently replayed.
    let mut other = args;
    other[13] = "ready";
    let conflict = env.run(&other);
    assert!(conflict.fails(1).contains("req-1"), "{}", conflict.stderr);
}
