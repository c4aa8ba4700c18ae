//! The local tools over one session: voyages, observe, the slate, log,
//! show, brief and artifacts; each result the same document as the CLI's
//! `--json`; and CLI processes writing the same voyage meanwhile.

use serde_json::{Value, json};

use super::{Session, with};
use crate::support::env::TestEnv;

/// A result's document without what differs between two runs.
fn stable(mut document: Value) -> Value {
    if let Some(object) = document.as_object_mut() {
        object.remove("observedAt");
    }
    document
}

#[test]
fn a_local_voyage_through_the_tools_matches_the_cli() {
    let env = TestEnv::new();
    env.write("notes.txt", "hello\n");
    let session = Session::start(&env);

    let voyage = session.ok("voyage_new", json!({"intent": "Tidy the notes"}));
    let id = voyage["id"].as_str().unwrap().to_string();
    assert_eq!(voyage["status"], "active");
    let listed = session.ok("voyage_list", json!({}));
    assert_eq!(listed["voyages"][0]["id"], id.as_str());
    assert_eq!(listed, env.run(&["voyage", "list", "--json"]).json());

    // observe: the document `helm observe --json` prints, payload included.
    let target = json!({"kind": "file-contents", "paths": ["notes.txt"]});
    let seen = session.ok("observe", json!({"voyage": &id[..8], "target": target}));
    assert_eq!(seen["payload"]["files"][0]["content"], "hello\n");
    let cli = env
        .run(&[
            "observe",
            "--voyage",
            &id,
            "file-contents",
            "notes.txt",
            "--json",
        ])
        .json();
    assert_eq!(stable(seen.clone()), stable(cli));

    let slate = session.ok("slate_list", json!({"voyage": id}));
    assert_eq!(slate["slate"].as_array().unwrap().len(), 1);
    assert_eq!(
        slate,
        env.run(&["slate", "list", "-V", &id, "--json"]).json()
    );

    // artifact_show: the payload itself.
    let artifact = session.ok(
        "artifact_show",
        json!({"voyage": id, "hash": &seen["artifact"].as_str().unwrap()[..12]}),
    );
    assert_eq!(artifact, seen["payload"]);

    // log seals the slate into its bearing.
    let logged = session.ok(
        "log",
        with("notes read", json!({"voyage": id, "state": "waiting"})),
    );
    assert_eq!(logged["kind"], "log");
    assert_eq!(logged["identity"], "claude-7");
    assert_eq!(logged["replayed"], false);
    assert_eq!(logged["bearing"][0]["target"]["kind"], "file-contents");
    assert_eq!(
        session.ok("slate_list", json!({"voyage": id}))["slate"],
        json!([])
    );

    let show = session.ok("voyage_show", json!({"voyage": id}));
    assert_eq!(show, env.run(&["voyage", "show", &id, "--json"]).json());
    let brief = session.ok("voyage_brief", json!({"voyage": id}));
    assert_eq!(brief, env.run(&["voyage", "brief", &id, "--json"]).json());
    assert_eq!(brief["lastLogged"]["state"], "waiting");

    // slate_erase takes several targets; slate_clear empties.
    env.write("b.txt", "b");
    for path in ["notes.txt", "b.txt"] {
        let target = json!({"kind": "file-contents", "paths": [path]});
        session.ok("observe", json!({"voyage": id, "target": target}));
    }
    let erased = session.ok(
        "slate_erase",
        json!({"voyage": id, "targets": [
            {"kind": "file-contents", "paths": ["b.txt"]},
            {"kind": "directory-tree", "root": "."}
        ]}),
    );
    assert_eq!(erased["erased"][0]["erased"], true);
    assert_eq!(erased["erased"][1]["erased"], false);
    assert_eq!(
        session.ok("slate_clear", json!({"voyage": id}))["cleared"],
        1
    );

    let ended = session.ok("voyage_end", json!({"voyage": id, "status": "tidy"}));
    assert_eq!(ended["status"], "ended");
    assert_eq!(ended["endedStatus"], "tidy");
    let ended_list = session.ok("voyage_list", json!({"ended": true}));
    assert_eq!(ended_list["voyages"][0]["id"], id.as_str());
}

#[test]
fn helm_voyage_in_the_servers_environment_names_the_voyage() {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("Defaulted");
    env.set("HELM_VOYAGE", &voyage);
    env.write("a.txt", "a");
    let session = Session::start(&env);
    let target = json!({"kind": "file-contents", "paths": ["a.txt"]});
    session.ok("observe", json!({"target": target}));
    let logged = session.ok("log", with("seen a", json!({"state": "ready"})));
    assert_eq!(logged["bearing"].as_array().unwrap().len(), 1);
    let show = session.ok("voyage_show", json!({}));
    assert_eq!(show["voyage"]["id"], voyage.as_str());
}

#[test]
fn a_log_retried_with_its_request_id_records_once() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Retry");
    let session = Session::start(&env);
    let args = with(
        "waiting on CI",
        json!({"voyage": voyage, "state": "waiting", "requestId": "r-1"}),
    );
    let first = session.ok("log", args.clone());
    let again = session.ok("log", args);
    assert_eq!(first["replayed"], false);
    assert_eq!(again["replayed"], true);
    assert_eq!(again["id"], first["id"]);
    // The CLI sees the same key.
    let cli = env.run(&[
        "log",
        "-V",
        &voyage,
        "--as",
        "claude-7",
        "--role",
        "coder",
        "--method",
        "m",
        "--summary",
        "s",
        "--request-id",
        "r-1",
        "waiting",
        "--json",
    ]);
    assert_eq!(cli.json()["replayed"], true);
    let show = session.ok("voyage_show", json!({"voyage": voyage}));
    assert_eq!(show["entries"].as_array().unwrap().len(), 1);
}

#[test]
fn cli_processes_write_the_same_voyage_during_the_session() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Shared");
    for i in 0..20 {
        env.write(&format!("f{i}.txt"), format!("file {i}"));
    }
    let session = Session::start(&env);

    // A CLI process writes between two calls: the next call sees it.
    env.log(&voyage, "waiting", "from the CLI").ok();
    let show = session.ok("voyage_show", json!({"voyage": voyage}));
    assert_eq!(show["entries"][0]["summary"], "from the CLI");

    // CLI processes and the session write at the same time: every write
    // lands, none fails on a locked database.
    std::thread::scope(|scope| {
        let cli = scope.spawn(|| {
            for i in 0..10 {
                let path = format!("f{i}.txt");
                env.run(&["observe", "-V", &voyage, "file-contents", &path])
                    .ok();
                env.log(&voyage, "waiting", &format!("cli {i}")).ok();
            }
        });
        for i in 10..20 {
            let target = json!({"kind": "file-contents", "paths": [format!("f{i}.txt")]});
            session.ok("observe", json!({"voyage": voyage, "target": target}));
            session.ok(
                "log",
                with(
                    &format!("mcp {i}"),
                    json!({"voyage": voyage, "state": "ready"}),
                ),
            );
        }
        cli.join().unwrap();
    });
    let show = session.ok("voyage_show", json!({"voyage": voyage}));
    let entries = show["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 21);
    let bearings: usize = entries
        .iter()
        .map(|e| e["bearing"].as_array().unwrap().len())
        .sum();
    // Every observation was sealed by some entry or is still on the slate.
    let slate = show["slate"].as_array().unwrap().len();
    assert_eq!(bearings + slate, 20);
    env.assert_sound(&voyage);
}
