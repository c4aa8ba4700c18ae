//! `voyage list` answers from what is inside each voyage file (its row's id
//! and `created_at`), the same with a warm cache as with none (issue 10 §2,
//! issue 15).

use std::path::Path;

use serde_json::Value;

use crate::support::env::TestEnv;

/// `voyage list --all --json` twice: with no cache, then with the cache the
/// first run left. Both must say the same; returns the JSON and stderr.
fn list_cold_and_warm(env: &TestEnv) -> (Value, String) {
    let _ = std::fs::remove_dir_all(env.home().join("cache"));
    let cold = env.run(&["voyage", "list", "--all", "--json"]);
    let warm = env.run(&["voyage", "list", "--all", "--json"]);
    assert!(env.home().join("cache/voyage-list.json").is_file());
    assert_eq!(cold.json(), warm.json(), "warm and cold listings differ");
    assert_eq!(cold.stderr, warm.stderr, "warm and cold warnings differ");
    (cold.json(), cold.stderr)
}

fn ids(list: &Value) -> Vec<&str> {
    list["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect()
}

#[test]
fn list_takes_ids_from_the_voyage_row_and_warns_about_a_misnamed_file() {
    let env = TestEnv::new();
    let kept = env.new_voyage("named as it should be");
    let moved = env.new_voyage("named for another id");
    let other = uuid::Uuid::now_v7().hyphenated().to_string();
    let misnamed = env.home().join(format!("voyages/{other}.sqlite"));
    std::fs::rename(env.voyage_file(&moved), &misnamed).unwrap();

    let (list, stderr) = list_cold_and_warm(&env);
    assert_eq!(ids(&list), [moved.as_str(), kept.as_str()]);
    assert!(stderr.contains(&misnamed.display().to_string()), "{stderr}");
    assert!(
        stderr.contains(&format!("holds voyage {moved}")),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("rename the file to {moved}.sqlite")));
    assert!(!stderr.contains(&format!("voyage {other}")), "{stderr}");

    let human = env.run(&["voyage", "list", "--all"]);
    assert!(human.ok().stdout.contains(&moved.replace('-', "")[..8]));
    assert!(!human.stdout.contains(&other.replace('-', "")[..12]));
}

#[test]
fn list_reports_a_voyage_row_whose_id_is_not_a_uuid() {
    let env = TestEnv::new();
    let good = env.new_voyage("fine");
    let bad = env.new_voyage("id damaged");
    env.sqlite(&bad)
        .execute("UPDATE voyage SET id = 'not-a-uuid'", [])
        .unwrap();

    let (list, stderr) = list_cold_and_warm(&env);
    assert_eq!(ids(&list), [good.as_str()]);
    let unreadable = list["unreadable"].as_array().unwrap();
    assert_eq!(unreadable.len(), 1, "{list}");
    assert!(unreadable[0]["path"].as_str().unwrap().contains(&bad));
    assert!(
        unreadable[0]["error"]
            .as_str()
            .unwrap()
            .contains("not a UUID")
    );
    assert!(stderr.contains("not a UUID"), "{stderr}");
}

#[test]
fn list_orders_voyages_by_when_they_started_not_by_id() {
    let env = TestEnv::new();
    // The original helm's ids are random (v4): 9c54… sorts after 5fab…,
    // although 5fab… started six seconds later. Both started before this one.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upstream-voyages");
    let newest = env.new_voyage("started now");
    for name in [
        "9c54720f-6d86-4341-a73e-bcb8c1b39322",
        "5fabe0ec-6878-4623-8831-4a6642efa3ca",
    ] {
        std::fs::copy(
            fixtures.join(format!("{name}.sqlite")),
            env.voyage_file(name),
        )
        .unwrap();
    }

    let (list, stderr) = list_cold_and_warm(&env);
    assert_eq!(
        ids(&list),
        [
            newest.as_str(),
            "5fabe0ec-6878-4623-8831-4a6642efa3ca",
            "9c54720f-6d86-4341-a73e-bcb8c1b39322",
        ]
    );
    assert_eq!(stderr, "");
    assert_eq!(list["voyages"][2]["entries"], 4);
    assert_eq!(list["voyages"][2]["status"], "ended");
    let active = env.run(&["voyage", "list", "--json"]).json();
    assert_eq!(
        ids(&active),
        [newest.as_str(), "5fabe0ec-6878-4623-8831-4a6642efa3ca"]
    );
}

#[test]
fn list_reads_committed_entries_while_a_writer_holds_its_lock() {
    let env = TestEnv::new();
    let id = env.new_voyage("busy");
    env.log(&id, "ready", "committed").ok();
    let mut conn = env.sqlite(&id);
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    tx.execute(
        "INSERT INTO logbook (recorded_at, identity, action, summary, role, method)
         VALUES ('2026-11-22T05:00:00.000000Z', 'tester', '{\"kind\":\"log\",\"status\":\"ready\"}',
                 'not yet committed', 'coder', 'human')",
        [],
    )
    .unwrap();
    let (list, _) = list_cold_and_warm(&env);
    assert_eq!(list["voyages"][0]["entries"], 1);
    tx.commit().unwrap();
    let list = env.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(list["voyages"][0]["entries"], 2);
    env.assert_sound(&id);
}
