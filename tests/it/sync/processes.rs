//! What a one-entry sync costs in processes (issue 45, goal 2: a one-entry
//! push ≤ 1.5× a one-commit `git push`). A push reads what the last sync
//! left (the snapshot's ref, commit and tree, `voyage.json`, the last
//! entry) from the private repository's loose files, so once a voyage's
//! syncs write loose objects it starts no `git cat-file`: the user's
//! configuration, the push, and the refs' transaction after it. A remote
//! that moved meanwhile is still refused by name, read through git.

use super::counted::Counted;
use super::{Machines, story, voyage_with_an_entry};

#[test]
fn a_one_entry_push_reads_the_last_sync_from_files_and_runs_three_git_commands() {
    let mut m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Counted pushes");
    // The first push writes through `git fast-import` (a pack); the second
    // reads that pack through git and writes its own few objects loose.
    m.push(&m.a, &id).ok();
    m.a.log(&id, "ready", "second").ok();
    m.push(&m.a, &id).ok();

    let counted = Counted::new(&m.a);
    m.a.set("PATH", &counted.path);
    m.a.log(&id, "ready", "third").ok();
    counted.clear();
    let pushed = m.push(&m.a, &id).ok().json();
    assert_eq!(pushed["pushed"]["entries"], 1, "{pushed}");
    let mut commands = counted.commands();
    commands.sort();
    assert_eq!(
        commands,
        ["config", "push", "update-ref"],
        "a one-entry push after a loose one runs no cat-file"
    );
    assert_eq!(m.remote.tip(&id).as_deref(), pushed["head"].as_str());
    m.pull(&m.b, &id).ok();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));

    // The other machine moves the remote on; this one's next push reads
    // what the remote holds now through git, and refuses, naming the voyage.
    m.b.log(&id, "ready", "from b").ok();
    m.push(&m.b, &id).ok();
    m.a.log(&id, "ready", "from a").ok();
    counted.clear();
    let refused = m.push(&m.a, &id).error_json();
    assert_eq!(refused["error"]["kind"], "diverged", "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains(&id), "{message}");
    assert_eq!(counted.count("cat-file"), 1, "{:?}", counted.commands());
    assert_ne!(m.remote.tip(&id).as_deref(), None);
    assert_eq!(
        story(&m.b, &id)["entries"].as_array().unwrap().len(),
        4,
        "the remote keeps b's entry"
    );
}
