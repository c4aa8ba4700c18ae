//! Tables: voyages, the slate, artifacts, verify, interrupted steers.

use super::{local_voyage, settings, shown};
use crate::support::env::TestEnv;

#[test]
fn voyage_list_shows_active_voyages() {
    let mut env = TestEnv::new();
    local_voyage(&mut env);
    let ended = env.new_voyage("an ended voyage");
    env.run(&["voyage", "end", &ended, "--status", "abandoned"])
        .ok();
    env.new_voyage("a \u{1b}[31mred\u{1b}[0m intent");
    let active = env.run(&["voyage", "list"]);
    let all = env.run(&["voyage", "list", "--all"]);
    settings(&env).bind(|| {
        insta::assert_snapshot!("voyage_list_active", shown(&active));
        insta::assert_snapshot!("voyage_list_all", shown(&all));
    });
}

#[test]
fn an_empty_home_lists_no_voyages() {
    let env = TestEnv::new();
    let run = env.run(&["voyage", "list"]);
    settings(&env).bind(|| insta::assert_snapshot!("voyage_list_empty", shown(&run)));
}

#[test]
fn slate_list_shows_what_is_not_sealed() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("slate");
    env.set("HELM_VOYAGE", &voyage);
    let empty = env.run(&["slate", "list"]);
    env.write("src/a.rs", "fn a() {}\n");
    env.write("src/b.rs", "fn b() {}\n");
    env.run(&["observe", "file-contents", "src/a.rs", "src/b.rs"])
        .ok();
    env.run(&["observe", "directory-tree", "src", "--max-depth", "1"])
        .ok();
    let full = env.run(&["slate", "list"]);
    settings(&env).bind(|| {
        insta::assert_snapshot!("slate_list_empty", shown(&empty));
        insta::assert_snapshot!("slate_list", shown(&full));
    });
}

#[test]
fn verify_reports_ok_and_failed_voyages() {
    let mut env = TestEnv::new();
    let voyage = local_voyage(&mut env);
    let ok = env.run(&["voyage", "verify", &voyage]);
    let other = zstd::encode_all(&br#"{"files":[]}"#[..], 3).unwrap();
    env.sqlite(&voyage)
        .execute(
            "UPDATE artifacts SET data = ?1 WHERE rowid = (SELECT min(rowid) FROM artifacts)",
            [other],
        )
        .unwrap();
    let failed = env.run(&["voyage", "verify", &voyage]);
    settings(&env).bind(|| {
        insta::assert_snapshot!("verify_ok", shown(&ok));
        insta::assert_snapshot!("verify_failed", shown(&failed));
    });
}

#[test]
fn artifact_list_shows_sizes_status_and_references() {
    let mut env = TestEnv::new();
    let voyage = local_voyage(&mut env);
    let run = env.run(&["artifact", "list", "-V", &voyage]);
    settings(&env).bind(|| insta::assert_snapshot!("artifact_list", shown(&run)));
}

#[test]
fn a_home_of_ended_voyages_says_how_to_list_them() {
    let env = TestEnv::new();
    for intent in ["first", "second"] {
        let voyage = env.new_voyage(intent);
        env.run(&["voyage", "end", &voyage, "--status", "merged"])
            .ok();
    }
    let run = env.run(&["voyage", "list"]);
    let json = env.run(&["voyage", "list", "--json"]).json();
    assert_eq!(json["voyages"], serde_json::json!([]));
    assert_eq!(json["endedNotListed"], 2);
    settings(&env).bind(|| insta::assert_snapshot!("voyage_list_only_ended", shown(&run)));
}
