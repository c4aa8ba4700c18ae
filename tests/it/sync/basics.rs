//! Push, pull, the remote's layout, the default remote, listing.

use super::{Machines, git, story, summaries, verified, voyage_with_an_entry};

#[test]
fn a_pushed_voyage_pulls_into_another_home_as_it_was() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Share: push then pull");
    m.a.write("plan.md", "# plan\n");
    m.a.run(&["observe", "-V", &id, "file-contents", "plan.md"])
        .ok();
    m.a.run(&[
        "log",
        "-V",
        &id,
        "--as",
        "alice <a@x>",
        "--role",
        "planner",
        "--method",
        "human",
        "--summary",
        "wrote the plan",
        "--request-id",
        "r-7",
        "ready",
    ])
    .ok();
    // Left on the slate: never synced.
    m.a.write("scratch.txt", "only here\n");
    let scratch =
        m.a.run(&[
            "observe",
            "-V",
            &id,
            "file-contents",
            "scratch.txt",
            "--json",
        ])
        .json();

    let pushed = m.push(&m.a, &id).json();
    assert_eq!(pushed["voyage"]["id"], id.as_str());
    assert_eq!(pushed["pushed"]["entries"], 2);
    assert_eq!(pushed["pushed"]["artifacts"], 2);
    assert_eq!(pushed["ref"], format!("refs/helm/voyages/{id}"));
    assert_eq!(pushed["remote"], m.remote.arg());
    let head = pushed["head"].as_str().unwrap().to_string();
    assert_eq!(head.len(), 40);
    assert_eq!(m.remote.tip(&id).as_deref(), Some(head.as_str()));

    // Only helm's ref, a clean fsck, one commit per entry by its identity.
    assert_eq!(m.remote.refs(), [format!("refs/helm/voyages/{id}")]);
    m.remote.git(&["fsck", "--strict", "--no-progress"]);
    let log = m.remote.git(&["log", "--format=%an|%cn|%s", &head]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].starts_with("alice  a@x|helm|helm: entry 2: ready"),
        "{log}"
    );
    assert!(lines[1].starts_with("tester|helm|helm: entry 1"), "{log}");
    let files = m.remote.files(&id);
    assert!(
        !files.contains(scratch["artifact"].as_str().unwrap()),
        "the slate left home: {files}"
    );
    // Each commit holds only what it adds: the last one, entry 2 and its file.
    let tree = m.remote.git(&["ls-tree", "--name-only", &head]);
    let plan = story(&m.a, &id)["entries"][1]["bearing"][0]["artifact"]
        .as_str()
        .unwrap()
        .to_string();
    let plan = format!("artifact-{plan}.json");
    assert_eq!(
        tree.lines().collect::<Vec<_>>(),
        [plan.as_str(), "entry-00000002.json", "voyage.json"]
    );

    let pulled = m.pull(&m.b, &id).json();
    assert_eq!(pulled["pulled"]["entries"], 2);
    assert_eq!(pulled["pulled"]["artifacts"], 2);
    assert_eq!(pulled["head"], head.as_str());
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    verified(&m.a, &id);
    verified(&m.b, &id);
    let slate = m.b.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"].as_array().unwrap().len(), 0);
    // The request id travelled inside the action: a replay records nothing.
    let replay = m.b.run(&[
        "log",
        "-V",
        &id,
        "--as",
        "alice <a@x>",
        "--role",
        "planner",
        "--method",
        "human",
        "--summary",
        "wrote the plan",
        "--request-id",
        "r-7",
        "ready",
        "--json",
    ]);
    assert_eq!(replay.json()["replayed"], true);

    // Pulled again: nothing moves.
    let again = m.pull(&m.b, &id).json();
    assert_eq!(
        again["pulled"],
        serde_json::json!({"entries": 0, "artifacts": 0})
    );
}

#[test]
fn a_push_with_nothing_new_leaves_the_ref_where_it_was() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Nothing new");
    let first = m.push(&m.a, &id).json();
    let second = m.push(&m.a, &id).json();
    assert_eq!(
        second["pushed"],
        serde_json::json!({"entries": 0, "artifacts": 0})
    );
    assert_eq!(second["head"], first["head"]);
    assert_eq!(m.remote.tip(&id).as_deref(), first["head"].as_str());
    let human =
        m.a.run(&["voyage", "push", &id, "--remote", &m.remote.arg()]);
    assert!(human.ok().stdout.contains("nothing to push"), "{human:?}");
}

#[test]
fn the_remote_defaults_to_origin_of_the_repository_here() {
    let m = Machines::new();
    for env in [&m.a, &m.b] {
        git(&env.work(), &["init", "--quiet"]);
        git(&env.work(), &["remote", "add", "origin", &m.remote.arg()]);
    }
    let id = voyage_with_an_entry(&m.a, "Origin by default");
    let pushed = m.a.run(&["voyage", "push", &id, "--json"]).json();
    assert_eq!(pushed["remote"], "origin");
    // HELM_VOYAGE names the voyage, as for every voyage command.
    let pulled =
        m.b.command(&["voyage", "pull", "--json"])
            .env("HELM_VOYAGE", &id)
            .output()
            .unwrap();
    assert!(pulled.status.success(), "{pulled:?}");
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    // helm wrote nothing into the repository here: no ref, no config.
    let refs = git(&m.a.work(), &["for-each-ref", "--format=%(refname)"]);
    assert_eq!(refs.trim(), "");
    let config = std::fs::read_to_string(m.a.work().join(".git/config")).unwrap();
    assert!(!config.contains("helm"), "{config}");

    // No remote of that name: a configuration error that says so.
    let err =
        m.a.run(&["voyage", "push", &id, "--remote", "upstream", "--json"])
            .error_json();
    assert_eq!(err["error"]["kind"], "config");
    assert!(
        err["error"]["message"]
            .as_str()
            .unwrap()
            .contains("upstream"),
        "{err}"
    );
}

#[test]
fn list_remote_shows_the_voyages_without_pulling_them() {
    let m = Machines::new();
    let first = voyage_with_an_entry(&m.a, "Listed: first");
    let second = m.a.new_voyage("Listed: second, ended");
    m.a.run(&["voyage", "end", &second, "--status", "done"])
        .ok();
    m.push(&m.a, &first).ok();
    m.push(&m.a, &second).ok();

    let listed =
        m.b.run(&[
            "voyage",
            "list",
            "--remote",
            &m.remote.arg(),
            "--all",
            "--json",
        ])
        .json();
    let local = m.a.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(
        listed["voyages"], local["voyages"],
        "the same shape as voyage list --json"
    );
    assert_eq!(listed["unreadable"], serde_json::json!([]));
    let active =
        m.b.run(&["voyage", "list", "--remote", &m.remote.arg(), "--json"])
            .json();
    let ids: Vec<&str> = active["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [first.as_str()]);
    // Nothing was pulled.
    let here = m.b.run(&["voyage", "list", "--all", "--json"]).json();
    assert_eq!(here["voyages"], serde_json::json!([]));
    let human =
        m.b.run(&["voyage", "list", "--remote", &m.remote.arg(), "--all"]);
    assert!(
        human.ok().stdout.contains("Listed: second, ended"),
        "{human:?}"
    );
}

#[test]
fn voyages_not_here_are_pulled_by_prefix_or_all_at_once() {
    let m = Machines::new();
    let one = voyage_with_an_entry(&m.a, "Pulled by prefix");
    let two = voyage_with_an_entry(&m.a, "Pulled with --all");
    m.push(&m.a, &one).ok();
    m.push(&m.a, &two).ok();

    let pulled = m.pull(&m.b, &one[..18]).json();
    assert_eq!(pulled["voyage"]["id"], one.as_str());
    let all =
        m.b.run(&[
            "voyage",
            "pull",
            "--all",
            "--remote",
            &m.remote.arg(),
            "--json",
        ])
        .json();
    let mut ids: Vec<&str> = all["voyages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["voyage"]["id"].as_str().unwrap())
        .collect();
    ids.sort();
    let mut expected = [one.as_str(), two.as_str()];
    expected.sort();
    assert_eq!(ids, expected);
    assert_eq!(summaries(&m.b, &two), summaries(&m.a, &two));

    let missing = m.pull(&m.b, "0123abcd").error_json();
    assert_eq!(missing["error"]["kind"], "not-found");
    let gone = m
        .pull(&m.b, "01234567-89ab-7def-8123-456789abcdef")
        .error_json();
    assert_eq!(gone["error"]["kind"], "not-found");
}

#[test]
fn the_repositorys_own_network_settings_reach_the_remote() {
    // What `actions/checkout` does with a token in `http.*.extraheader`, a
    // URL rewrite in the repository's own configuration stands in for here:
    // `team:` means the remote only to git run in this repository.
    let m = Machines::new();
    for env in [&m.a, &m.b] {
        git(&env.work(), &["init", "--quiet"]);
        let rewrite = format!("url.{}.insteadOf", m.remote.arg());
        git(&env.work(), &["config", &rewrite, "team:"]);
        git(&env.work(), &["remote", "add", "origin", "team:"]);
    }
    let id = voyage_with_an_entry(&m.a, "Credentials of the repository here");
    let pushed = m.a.run(&["voyage", "push", &id, "--json"]).json();
    assert_eq!(pushed["pushed"]["entries"], 1);
    assert!(m.remote.tip(&id).is_some());
    m.b.run(&["voyage", "pull", &id, "--json"]).json();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
}

#[test]
fn an_old_voyage_numbered_with_a_gap_is_numbered_on_before_it_travels() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Numbered by an older helm");
    m.a.log(&id, "ready", "second").ok();
    m.a.log(&id, "blocked", "third").ok();
    // As a voyage whose entry 2 was once numbered 7 holds it.
    let conn = m.a.sqlite(&id);
    conn.execute_batch(
        "PRAGMA foreign_keys = OFF;
         UPDATE logbook SET id = 7 WHERE id = 2;
         UPDATE bearing_observations SET logbook_id = 7 WHERE logbook_id = 2;",
    )
    .unwrap();
    drop(conn);
    assert_eq!(summaries(&m.a, &id), ["read the notes", "third", "second"]);

    m.push(&m.a, &id).ok();
    let numbers = |env: &crate::support::env::TestEnv| -> Vec<u64> {
        story(env, &id)["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(numbers(&m.a), [1, 2, 3]);
    m.pull(&m.b, &id).ok();
    assert_eq!(story(&m.b, &id), story(&m.a, &id));
    verified(&m.a, &id);
}
