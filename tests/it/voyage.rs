//! `helm voyage new|list|show|end`, prefixes, HELM_VOYAGE and the files on disk.

use crate::support::env::{TestEnv, count};

#[test]
fn new_prints_a_v7_id_and_creates_a_private_file() {
    let env = TestEnv::new();
    let id = env.new_voyage("Advance #42: fix widget crash");
    let uuid = uuid::Uuid::parse_str(&id).expect("a UUID");
    assert_eq!(uuid.get_version_num(), 7);
    let file = env.voyage_file(&id);
    assert!(file.is_file());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(&env.home()), 0o700);
        assert_eq!(mode(&env.home().join("voyages")), 0o700);
    }
    // No temporary files are left behind.
    let names: Vec<_> = std::fs::read_dir(env.home().join("voyages"))
        .unwrap()
        .collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn the_file_has_seed_002s_schema() {
    let env = TestEnv::new();
    let id = env.new_voyage("schema");
    let conn = env.sqlite(&id);
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 1);
    let mut tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    tables.sort();
    assert_eq!(
        tables,
        [
            "artifact_derivations",
            "artifacts",
            "bearing_observations",
            "logbook",
            "slate",
            "voyage"
        ]
    );
    let columns = |table: &str| -> Vec<String> {
        conn.prepare(&format!(
            "SELECT name FROM pragma_table_info('{table}') ORDER BY cid"
        ))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    };
    assert_eq!(
        columns("voyage"),
        [
            "id",
            "intent",
            "created_at",
            "status",
            "ended_at",
            "ended_status"
        ]
    );
    assert_eq!(columns("artifacts"), ["hash", "data", "status"]);
    assert_eq!(
        columns("artifact_derivations"),
        ["source_hash", "derived_hash", "method", "created_at"]
    );
    assert_eq!(columns("slate"), ["target", "artifact_hash", "observed_at"]);
    assert_eq!(
        columns("logbook"),
        [
            "id",
            "recorded_at",
            "identity",
            "action",
            "summary",
            "role",
            "method"
        ]
    );
    assert_eq!(
        columns("bearing_observations"),
        ["logbook_id", "target", "artifact_hash", "observed_at"]
    );
    let (vid, status): (String, String) = conn
        .query_row("SELECT id, status FROM voyage", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((vid.as_str(), status.as_str()), (id.as_str(), "active"));
}

#[test]
fn list_shows_active_voyages_newest_first_and_filters() {
    let env = TestEnv::new();
    let first = env.new_voyage("first");
    let second = env.new_voyage("second");
    let third = env.new_voyage("third");
    env.run(&["voyage", "end", &second, "--status", "merged"])
        .ok();

    let ids = |args: &[&str]| -> Vec<String> {
        env.run(args).json()["voyages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        ids(&["voyage", "list", "--json"]),
        [third.clone(), first.clone()]
    );
    assert_eq!(
        ids(&["voyage", "list", "--ended", "--json"]),
        [second.as_str()]
    );
    assert_eq!(
        ids(&["voyage", "list", "--all", "--json"]),
        [third, second, first]
    );

    let human = env.run(&["voyage", "list", "--all"]);
    human.ok();
    assert!(human.stdout.starts_with("ID"), "{}", human.stdout);
    assert!(human.stdout.contains("second"));
    assert!(human.stdout.contains("ended"));
}

#[test]
fn prefixes_resolve_and_ambiguity_lists_candidates() {
    let env = TestEnv::new();
    let a = env.new_voyage("a");
    let b = env.new_voyage("b");
    // v7 ids made within moments share their leading timestamp digits.
    let common: usize = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    assert!(common >= 4);
    let shared = &a[..4];
    let err = env.run(&["voyage", "show", shared]);
    let stderr = err.fails(1);
    assert!(stderr.contains("ambiguous"), "{stderr}");
    assert!(stderr.contains(&a.replace('-', "")[..12]), "{stderr}");
    assert!(stderr.contains(&b.replace('-', "")[..12]), "{stderr}");

    // A unique prefix (hyphens optional, any case) works.
    let unique = &b[..common + 1];
    let shown = env
        .run(&["voyage", "show", &unique.to_uppercase(), "--json"])
        .json();
    assert_eq!(shown["voyage"]["id"], b.as_str());

    let missing = env.run(&["voyage", "show", "ffffffff"]);
    assert!(missing.fails(1).contains("no voyage matches 'ffffffff'"));
    let malformed = env.run(&["voyage", "show", "not-hex!"]);
    assert!(malformed.fails(2).contains("not a voyage id"));
}

#[test]
fn helm_voyage_stands_in_for_the_flag() {
    let mut env = TestEnv::new();
    let id = env.new_voyage("env");
    env.write("a.txt", "hello");
    env.set("HELM_VOYAGE", &id[..13]);
    env.run(&["observe", "file-contents", "a.txt"]).ok();
    let slate = env.run(&["slate", "list", "--json"]).json();
    assert_eq!(slate["slate"].as_array().unwrap().len(), 1);
    // `voyage show` takes it too.
    env.run(&["voyage", "show"]).ok();
}

#[test]
fn a_missing_voyage_flag_is_a_usage_error_with_a_hint() {
    let env = TestEnv::new();
    env.write("a.txt", "x");
    let run = env.run(&["observe", "file-contents", "a.txt"]);
    let stderr = run.fails(2);
    assert!(stderr.contains("no voyage given"), "{stderr}");
    assert!(stderr.contains("HELM_VOYAGE"), "{stderr}");
}

#[test]
fn ended_voyages_refuse_observe_and_log_but_still_show() {
    let env = TestEnv::new();
    let id = env.new_voyage("short trip");
    env.write("a.txt", "x");
    let ended = env
        .run(&["voyage", "end", &id, "--status", "done", "--json"])
        .json();
    assert_eq!(ended["status"], "ended");
    assert_eq!(ended["endedStatus"], "done");

    let observe = env.run(&["observe", "-V", &id, "file-contents", "a.txt"]);
    assert!(observe.fails(1).contains("ended"));
    let log = env.log(&id, "ready", "late");
    assert!(log.fails(1).contains("ended"));
    let again = env.run(&["voyage", "end", &id]);
    assert!(again.fails(1).contains("ended"));

    let conn = env.sqlite(&id);
    assert_eq!(count(&conn, "slate"), 0);
    assert_eq!(count(&conn, "logbook"), 0);
    let story = env.run(&["voyage", "show", &id]);
    story.ok();
    assert!(story.stdout.contains("ended: done"), "{}", story.stdout);
}

#[test]
fn show_tells_the_story_with_bearings() {
    let env = TestEnv::new();
    let id = env.new_voyage("Advance #42: fix widget crash");
    env.write("src/widget.rs", "fn widget() {}\n");
    env.run(&["observe", "-V", &id, "file-contents", "src/widget.rs"])
        .ok();
    env.log(&id, "waiting", "asked for feedback on the plan")
        .ok();
    env.log(&id, "ready", "feedback in").ok();

    let story = env.run(&["voyage", "show", &id]);
    story.ok();
    let text = &story.stdout;
    assert!(
        text.starts_with("Voyage: Advance #42: fix widget crash"),
        "{text}"
    );
    assert!(text.contains("── Log 1 ── waiting"), "{text}");
    assert!(text.contains("── Log 2 ── ready"), "{text}");
    assert!(text.contains("tester as coder"), "{text}");
    assert!(text.contains("asked for feedback on the plan"), "{text}");
    assert!(text.contains("file-contents "), "{text}");
    assert!(text.contains("widget.rs"), "{text}");

    let json = env.run(&["voyage", "show", &id, "--json"]).json();
    let entries = json["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["kind"], "log");
    assert_eq!(entries[0]["action"]["status"], "waiting");
    assert_eq!(entries[0]["identity"], "tester");
    assert_eq!(entries[0]["bearing"].as_array().unwrap().len(), 1);
    assert_eq!(entries[0]["bearing"][0]["target"]["kind"], "file-contents");
    assert_eq!(entries[1]["bearing"].as_array().unwrap().len(), 0);
}

#[test]
fn a_future_schema_is_refused_and_left_untouched() {
    let env = TestEnv::new();
    let id = env.new_voyage("from the future");
    {
        let conn = env.sqlite(&id);
        conn.pragma_update(None, "user_version", 2).unwrap();
    }
    let before = std::fs::read(env.voyage_file(&id)).unwrap();
    env.write("a.txt", "x");
    for args in [
        vec!["voyage", "show", id.as_str()],
        vec!["observe", "-V", id.as_str(), "file-contents", "a.txt"],
        vec!["slate", "clear", "-V", id.as_str()],
    ] {
        let run = env.run(&args);
        let stderr = run.fails(1);
        assert!(stderr.contains("schema version 2"), "{stderr}");
        assert!(stderr.contains("upgrade helm"), "{stderr}");
    }
    assert_eq!(std::fs::read(env.voyage_file(&id)).unwrap(), before);
}

#[test]
fn files_that_are_not_voyages_get_clear_errors_and_list_goes_on() {
    let env = TestEnv::new();
    let good = env.new_voyage("good");
    let voyages = env.home().join("voyages");
    let garbage = "01000000-0000-7000-8000-000000000001";
    std::fs::write(voyages.join(format!("{garbage}.sqlite")), b"this is not sqlite at all, not even close......................................................................").unwrap();
    let foreign = "01000000-0000-7000-8000-000000000002";
    {
        let conn = rusqlite::Connection::open(voyages.join(format!("{foreign}.sqlite"))).unwrap();
        conn.execute_batch("CREATE TABLE other (x); INSERT INTO other VALUES (1);")
            .unwrap();
    }
    let show = env.run(&["voyage", "show", garbage]);
    assert!(
        show.fails(1).contains("not a SQLite database"),
        "{}",
        show.stderr
    );
    let show = env.run(&["voyage", "show", foreign]);
    assert!(
        show.fails(1).contains("not a helm voyage"),
        "{}",
        show.stderr
    );

    let list = env.run(&["voyage", "list", "--all", "--json"]);
    let json = list.json();
    assert_eq!(json["voyages"].as_array().unwrap().len(), 1);
    assert_eq!(json["voyages"][0]["id"], good.as_str());
    assert_eq!(json["unreadable"].as_array().unwrap().len(), 2);
    assert!(list.stderr.contains(garbage), "{}", list.stderr);
}

#[test]
fn json_errors_are_one_document_on_stderr() {
    let env = TestEnv::new();
    let run = env.run(&["voyage", "show", "abcdef", "--json"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    let error = run.error_json();
    assert_eq!(error["error"]["kind"], "not-found");
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("abcdef")
    );

    let usage = env.run(&["voyage", "frobnicate", "--json"]);
    assert_eq!(usage.code, 2);
    assert_eq!(usage.error_json()["error"]["kind"], "usage");
}

#[test]
fn help_and_version_succeed() {
    let env = TestEnv::new();
    let help = env.run(&["--help"]);
    help.ok();
    assert!(help.stdout.contains("observe"));
    assert!(help.stdout.contains("helm voyage new"));
    env.run(&["--version"]).ok();
    let empty_intent = env.run(&["voyage", "new", "  "]);
    assert!(empty_intent.fails(2).contains("intent is empty"));
}

#[test]
fn list_stays_true_through_its_cache() {
    let env = TestEnv::new();
    let id = env.new_voyage("cached");
    let entries = |env: &TestEnv| {
        let list = env.run(&["voyage", "list", "--all", "--json"]).json();
        (
            list["voyages"][0]["entries"].as_u64().unwrap(),
            list["voyages"][0]["status"].clone(),
        )
    };
    assert_eq!(entries(&env), (0, serde_json::json!("active")));
    assert!(env.home().join("cache/voyage-list.json").is_file());
    env.log(&id, "ready", "one").ok();
    assert_eq!(entries(&env).0, 1);
    env.log(&id, "ready", "two").ok();
    env.run(&["voyage", "end", &id]).ok();
    assert_eq!(entries(&env), (2, serde_json::json!("ended")));
    // A damaged cache is ignored and rewritten.
    std::fs::write(env.home().join("cache/voyage-list.json"), b"{not json").unwrap();
    assert_eq!(entries(&env), (2, serde_json::json!("ended")));
    // A voyage whose file is gone drops out.
    std::fs::remove_file(env.voyage_file(&id)).unwrap();
    let list = env.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(list["voyages"].as_array().unwrap().len(), 0);
}
