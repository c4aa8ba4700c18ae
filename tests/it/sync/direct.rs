//! A small push or pull writes its few objects itself (loose objects in the
//! private repository), a first sync or one that moves artifacts goes
//! through `git fast-import` (ADR 0016 as amended by issue 35). Whichever
//! way a machine wrote it, its snapshot of a remote commit is the same tree
//! as every other machine's, on the two parents it must have, and git finds
//! nothing wrong with any object either way wrote. `push --all` writes the
//! objects of all its small pushes as one pack (issue 45).

use crate::support::env::TestEnv;

use super::{Machines, git, log_with_file, story, verified, voyage_with_an_entry};

/// The machine's snapshot of the voyage: `(commit, tree, parents)`.
fn snapshot(env: &TestEnv, voyage: &str) -> (String, String, Vec<String>) {
    let repo = env.home().join("sync.git");
    let repo = repo.to_str().unwrap();
    let at = |args: &[&str]| {
        let mut all = vec!["--git-dir", repo];
        all.extend_from_slice(args);
        git(env.home().as_path(), &all).trim().to_string()
    };
    let commit = at(&[
        "for-each-ref",
        "--format=%(objectname)",
        &format!("refs/helm/synced/*/{voyage}"),
    ]);
    assert_eq!(commit.len(), 40, "one snapshot of {voyage}: {commit:?}");
    let tree = at(&["rev-parse", &format!("{commit}^{{tree}}")]);
    let parents = at(&["log", "-1", "--format=%P", &commit])
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (commit, tree, parents)
}

/// How many loose objects the machine's private repository holds.
fn loose(env: &TestEnv) -> u64 {
    let repo = env.home().join("sync.git");
    let counted = git(
        env.home().as_path(),
        &["--git-dir", repo.to_str().unwrap(), "count-objects"],
    );
    counted.split_whitespace().next().unwrap().parse().unwrap()
}

fn fsck(env: &TestEnv) {
    let repo = env.home().join("sync.git");
    git(
        env.home().as_path(),
        &[
            "--git-dir",
            repo.to_str().unwrap(),
            "fsck",
            "--strict",
            "--no-progress",
        ],
    );
}

#[test]
fn every_machine_snapshots_a_remote_commit_as_the_same_tree_whichever_way_it_wrote_it() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Direct: small syncs write their own objects");
    // A first push: git fast-import.
    m.push(&m.a, &id).ok();
    let (first, _, _) = snapshot(&m.a, &id);
    assert_eq!(loose(&m.a), 0, "fast-import writes a pack");

    // One entry more: written directly, on top of the snapshot before.
    m.a.log(&id, "waiting", "one entry more").ok();
    let pushed = m.push(&m.a, &id).json();
    assert_eq!(pushed["pushed"]["entries"], 1);
    // The entry, voyage.json, the remote's tree and commit, and the
    // snapshot's tree and commit.
    assert_eq!(loose(&m.a), 6, "a small push writes its objects itself");
    let head = m.remote.tip(&id).unwrap();
    let (_, tree_a, parents) = snapshot(&m.a, &id);
    assert_eq!(
        parents,
        [first, head.clone()],
        "the snapshot before, then the remote commit"
    );
    let author = m.remote.git(&["log", "-1", "--format=%an|%P", &head]);
    let parent = m.remote.git(&["rev-parse", &format!("{head}^")]);
    assert_eq!(author.trim(), format!("tester|{}", parent.trim()));
    assert_eq!(
        m.remote.git(&["ls-tree", "--name-only", &head]).trim(),
        "entry-00000002.json\nvoyage.json",
        "the commit holds only what it adds"
    );

    // A first pull elsewhere builds the whole snapshot with fast-import:
    // the same tree as the one the push wrote directly.
    m.pull(&m.b, &id).ok();
    let (_, tree_b, parents_b) = snapshot(&m.b, &id);
    assert_eq!(parents_b.last(), Some(&head));
    assert_eq!(tree_b, tree_a);

    // Two entries pushed from there (two commits, directly), pulled here
    // (directly): the same tree on both machines.
    m.b.log(&id, "waiting", "from b, first").ok();
    m.b.log(&id, "done", "from b, second").ok();
    assert_eq!(m.push(&m.b, &id).json()["pushed"]["entries"], 2);
    let (before, _, _) = snapshot(&m.a, &id);
    assert_eq!(m.pull(&m.a, &id).json()["pulled"]["entries"], 2);
    let (_, tree_a, parents_a) = snapshot(&m.a, &id);
    let (_, tree_b, _) = snapshot(&m.b, &id);
    assert_eq!(parents_a, [before, m.remote.tip(&id).unwrap()]);
    assert_eq!(tree_a, tree_b);

    // An entry bringing an artifact goes through fast-import on both sides.
    log_with_file(&m.a, &id, "more.txt", "a file of its own");
    assert_eq!(m.push(&m.a, &id).json()["pushed"]["artifacts"], 1);
    m.pull(&m.b, &id).ok();
    assert_eq!(snapshot(&m.a, &id).1, snapshot(&m.b, &id).1);

    // The end alone: a commit with voyage.json only, written directly.
    m.b.run(&["voyage", "end", &id, "--status", "done"]).ok();
    m.push(&m.b, &id).ok();
    assert_eq!(
        m.remote
            .git(&["ls-tree", "--name-only", &m.remote.tip(&id).unwrap()])
            .trim(),
        "voyage.json"
    );
    m.pull(&m.a, &id).ok();
    assert_eq!(snapshot(&m.a, &id).1, snapshot(&m.b, &id).1);

    for env in [&m.a, &m.b] {
        fsck(env);
        verified(env, &id);
    }
    m.remote.git(&["fsck", "--strict", "--no-progress"]);
    assert_eq!(story(&m.a, &id), story(&m.b, &id));
    // Nothing left behind by either way of writing.
    for env in [&m.a, &m.b] {
        let repo = env.home().join("sync.git");
        let refs = git(
            env.home().as_path(),
            &[
                "--git-dir",
                repo.to_str().unwrap(),
                "for-each-ref",
                "--format=%(refname)",
            ],
        );
        assert!(!refs.contains("refs/helm/build/"), "{refs}");
    }
}

/// How many packs the machine's private repository holds.
fn packs(env: &TestEnv) -> usize {
    let dir = env.home().join("sync.git/objects/pack");
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter(|e| e.as_ref().unwrap().path().extension() == Some("pack".as_ref()))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn push_all_writes_the_small_pushes_of_many_voyages_as_one_pack() {
    let m = Machines::new();
    let remote = m.remote.arg();
    let voyages: Vec<String> = (1..=3)
        .map(|i| voyage_with_an_entry(&m.a, &format!("Voyage {i} of three")))
        .collect();
    for id in &voyages {
        m.push(&m.a, id).ok();
        m.a.log(id, "ready", "one more entry").ok();
    }
    let (loose_before, packs_before) = (loose(&m.a), packs(&m.a));

    m.a.run(&["voyage", "push", "--all", "--remote", &remote])
        .ok();
    assert_eq!(
        loose(&m.a),
        loose_before,
        "no voyage's objects were written loose"
    );
    assert_eq!(packs(&m.a), packs_before + 1, "all of them in one pack");
    fsck(&m.a);
    for id in &voyages {
        m.pull(&m.b, id).ok();
        assert_eq!(story(&m.b, id), story(&m.a, id), "{id}");
        verified(&m.b, id);
        // The snapshot written into the pack is the one a pull writes.
        assert_eq!(snapshot(&m.a, id).1, snapshot(&m.b, id).1, "{id}");
    }
}
