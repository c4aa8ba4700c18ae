//! A first pull killed while it fills the new voyage's file (helm's
//! test-only `HELM_SYNC_KILL_AT`) leaves a hidden `.pull-….sqlite.new` and
//! its rollback journal in `voyages/`. No listing or verify takes them for a
//! voyage, and the next sync of the home, pull or push, removes them.

use super::{Machines, story, verified, voyage_with_an_entry};
use crate::support::env::TestEnv;

/// The hidden files of `voyages/` that a pull makes a voyage in.
fn in_the_making(env: &TestEnv) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.home().join("voyages"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".pull-"))
        .collect();
    names.sort();
    names
}

/// `b` pulls `id` for the first time and dies with the new file half made.
fn killed_first_pull(m: &Machines, id: &str) {
    let output =
        m.b.command(&["voyage", "pull", id, "--remote", &m.remote.arg()])
            .env("HELM_SYNC_KILL_AT", "pull-written")
            .output()
            .unwrap();
    assert_eq!(output.status.code(), None, "helm was to die: {output:?}");
    let left = in_the_making(&m.b);
    assert!(
        left.iter().any(|n| n.ends_with(".sqlite.new"))
            && left.iter().any(|n| n.ends_with(".sqlite.new-journal")),
        "the kill leaves the file and its journal: {left:?}"
    );
}

/// Neither `voyage list` nor `voyage verify --all` sees a voyage, or a
/// problem, in what the kill left.
fn never_a_voyage(env: &TestEnv, voyages: usize) {
    let listed = env.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(listed["voyages"].as_array().unwrap().len(), voyages);
    assert_eq!(listed["unreadable"].as_array().map_or(0, Vec::len), 0);
    let verify = env.run(&["voyage", "verify", "--all", "--json"]);
    assert_eq!(verify.code, 0, "{verify:?}");
    assert!(!verify.stdout.contains(".pull-"), "{}", verify.stdout);
}

#[test]
fn a_killed_first_pull_leaves_nothing_after_the_next_pull() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Killed while arriving, pulled again");
    m.push(&m.a, &id).ok();
    killed_first_pull(&m, &id);
    never_a_voyage(&m.b, 0);

    m.pull(&m.b, &id).ok();
    assert_eq!(in_the_making(&m.b), Vec::<String>::new());
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    never_a_voyage(&m.b, 1);
    m.b.assert_sound(&id);
}

#[test]
fn a_killed_first_pull_leaves_nothing_after_the_next_push() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Killed while arriving, then a push");
    m.push(&m.a, &id).ok();
    let own = voyage_with_an_entry(&m.b, "A voyage of b's own");
    killed_first_pull(&m, &id);
    never_a_voyage(&m.b, 1);

    m.push(&m.b, &own).ok();
    assert_eq!(in_the_making(&m.b), Vec::<String>::new());
    never_a_voyage(&m.b, 1);
    verified(&m.b, &own);
    m.pull(&m.b, &id).ok();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    m.b.assert_sound(&id);
}
