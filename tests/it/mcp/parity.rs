//! Every tool, called for real in one session against the fake GitHub, its
//! result validated against its `outputSchema`; and the tools that mirror
//! `voyage verify|compact`, `artifact list|reduce|jettison` and
//! `interrupted list|settle|discard` returning the CLI's `--json` documents.

use serde_json::json;

use super::schemas::TOOLS;
use super::{Session, with};
use crate::support::env::TestEnv;
use crate::support::fake_github::{FakeGitHub, Fault};

const REPO: &str = "acme/widgets";

/// A steer whose answer GitHub drops after acting: interrupted.
fn interrupted_comment(session: &Session, voyage: &str, issue: u64, request: &str) {
    let error = session.err(
        "steer",
        with(
            "plan",
            json!({"voyage": voyage, "requestId": request,
                   "action": {"kind": "comment", "issue": issue, "body": request}}),
        ),
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("may have acted"),
        "{error}"
    );
}

/// Text zstd cannot shrink much, so dropping it frees pages.
fn noise(len: usize) -> String {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            char::from(b'a' + (state % 26) as u8)
        })
        .collect()
}

#[test]
fn every_tool_result_validates_against_its_output_schema() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("HELM_GITHUB_TIMEOUT", "2");
    env.write("notes.txt", "hello\n");
    env.write("tree/a.txt", "a");
    let issue = gh.add_issue(REPO, "Bug", "It crashes");
    let session = Session::start(&env);

    let voyage = session.ok("voyage_new", json!({"intent": "Every tool"}));
    let id = voyage["id"].as_str().unwrap().to_string();
    session.ok("voyage_list", json!({"all": true}));
    let file = json!({"kind": "file-contents", "paths": ["notes.txt"]});
    let seen = session.ok("observe", json!({"voyage": id, "target": file}));
    session.ok(
        "observe",
        json!({"voyage": id, "target": {"kind": "directory-tree", "root": "tree"}}),
    );
    session.ok(
        "observe",
        json!({"voyage": id, "target": {"kind": "github-issue", "number": issue}}),
    );
    session.ok("slate_list", json!({"voyage": id}));
    session.ok(
        "slate_erase",
        json!({"voyage": id, "targets": [{"kind": "directory-tree", "root": "tree"}]}),
    );
    session.ok(
        "log",
        with("looked", json!({"voyage": id, "state": "waiting"})),
    );
    session.ok(
        "steer",
        with(
            "answer",
            json!({"voyage": id, "action": {"kind": "comment", "issue": issue, "body": "On it"}}),
        ),
    );
    session.ok("observe", json!({"voyage": id, "target": file}));
    session.ok("slate_clear", json!({"voyage": id}));

    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    interrupted_comment(&session, &id, issue, "r-settle");
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    interrupted_comment(&session, &id, issue, "r-discard");
    let listed = session.ok("interrupted", json!({"voyage": id, "operation": "list"}));
    assert_eq!(listed["interrupted"].as_array().unwrap().len(), 2);
    let settled = session.ok(
        "interrupted",
        json!({"voyage": id, "operation": "settle", "attempt": "r-settle"}),
    );
    assert_eq!(settled["outcome"], "recorded");
    let discarded = session.ok(
        "interrupted",
        json!({"voyage": id, "operation": "discard", "attempt": "r-discard"}),
    );
    assert_eq!(discarded["outcome"], "discarded");

    session.ok(
        "steer",
        with(
            "propose",
            json!({"voyage": id, "propose": true, "action": {"kind": "comment", "issue": issue, "body": "Proposed"}}),
        ),
    );
    session.ok("proposals", json!({"voyage": id}));
    session.ok("voyage_show", json!({"voyage": id}));
    session.ok("voyage_brief", json!({"voyage": id}));
    let hash = seen["artifact"].as_str().unwrap();
    session.ok("artifact_show", json!({"voyage": id, "hash": hash}));
    session.ok("artifact_list", json!({"voyage": id}));
    session.ok(
        "artifact_reduce",
        json!({"voyage": id, "hashes": [&hash[..12]], "method": "human", "summary": "a greeting"}),
    );
    // A reduced artifact shows its summary, which has a schema too.
    session.ok("artifact_show", json!({"voyage": id, "hash": hash}));
    let tree = session.ok("artifact_list", json!({"voyage": id}))["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["status"] == "stowed" && a["summaryOf"].is_null())
        .map(|a| a["hash"].as_str().unwrap().to_string())
        .unwrap();
    session.ok("artifact_jettison", json!({"voyage": id, "hashes": [tree]}));
    session.ok("voyage_compact", json!({"voyage": id}));
    session.ok("voyage_verify", json!({"voyage": id}));
    session.ok("voyage_verify", json!({"all": true}));
    session.ok("search", json!({"query": "summary OR waiting"}));
    // Through a bare repository standing in for the team's remote.
    let remote = crate::sync::Remote::new();
    session.ok("voyage_push", json!({"voyage": id, "remote": remote.arg()}));
    session.ok("voyage_pull", json!({"voyage": id, "remote": remote.arg()}));
    session.ok("voyage_end", json!({"voyage": id, "status": "done"}));

    let mut all: Vec<String> = session.tools().iter().map(|t| t.name.to_string()).collect();
    all.sort();
    let validated: Vec<String> = session.validated().into_iter().collect();
    assert_eq!(validated, all, "a tool was never called here");
    assert_eq!(all.len(), TOOLS.len());
}

#[test]
fn the_lifecycle_tools_return_the_clis_documents() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("Lifecycle");
    env.write("big.txt", noise(200_000));
    env.write("small.txt", "y");
    env.run(&["observe", "-V", &voyage, "file-contents", "big.txt"])
        .ok();
    env.run(&["observe", "-V", &voyage, "file-contents", "small.txt"])
        .ok();
    let session = Session::start(&env);

    let listed = session.ok("artifact_list", json!({"voyage": voyage}));
    let cli = env
        .run(&["artifact", "list", "-V", &voyage, "--json"])
        .json();
    assert_eq!(listed, cli);
    let big = listed["artifacts"][0]["hash"].as_str().unwrap().to_string();
    let small = listed["artifacts"][1]["hash"].as_str().unwrap().to_string();

    let reduced = session.ok(
        "artifact_reduce",
        json!({"voyage": voyage, "hashes": [big], "method": "human", "summary": "200 kB of noise\n"}),
    );
    assert_eq!(reduced["reduced"][0]["hash"], big.as_str());
    assert_eq!(reduced["reduced"][0]["method"], "human");
    let summary = session.ok("artifact_show", json!({"voyage": voyage, "hash": big}));
    assert_eq!(summary["kind"], "summary");
    assert_eq!(summary["text"], "200 kB of noise");
    // Reducing again is refused, and says so as a tool error.
    let again = session.err(
        "artifact_reduce",
        json!({"voyage": voyage, "hashes": [big], "method": "human", "summary": "again"}),
    );
    assert_eq!(again["kind"], "conflict");
    let none = session.err("artifact_jettison", json!({"voyage": voyage, "hashes": []}));
    assert_eq!(none["kind"], "usage");

    let gone = session.ok(
        "artifact_jettison",
        json!({"voyage": voyage, "hashes": [small.clone()]}),
    );
    assert_eq!(gone["jettisoned"][0]["changed"], true);
    let twice = session.ok(
        "artifact_jettison",
        json!({"voyage": voyage, "hashes": [small]}),
    );
    assert_eq!(
        twice,
        json!({"jettisoned": [{"hash": gone["jettisoned"][0]["hash"], "changed": false, "freedBytes": 0}]})
    );

    let compacted = session.ok("voyage_compact", json!({"voyage": voyage}));
    let after = compacted["bytesAfter"].as_u64().unwrap();
    assert!(
        after < compacted["bytesBefore"].as_u64().unwrap(),
        "{compacted}"
    );
    assert_eq!(
        compacted["path"],
        env.voyage_file(&voyage).to_str().unwrap()
    );

    let verified = session.ok("voyage_verify", json!({"voyage": voyage}));
    assert_eq!(
        verified,
        env.run(&["voyage", "verify", &voyage, "--json"]).json()
    );
    assert_eq!(verified["ok"], true);
    let all = session.ok("voyage_verify", json!({"all": true}));
    assert_eq!(all, verified);
    let both = session.err("voyage_verify", json!({"voyage": voyage, "all": true}));
    assert_eq!(both["kind"], "usage");

    let listed = session.ok(
        "interrupted",
        json!({"voyage": voyage, "operation": "list"}),
    );
    assert_eq!(
        listed,
        env.run(&["interrupted", "list", "-V", &voyage, "--json"])
            .json()
    );
    assert_eq!(listed, json!({"interrupted": []}));
}

#[test]
fn an_interrupted_steer_is_settled_through_the_tools() {
    let gh = FakeGitHub::start();
    let mut env = TestEnv::for_github(&gh, REPO);
    env.set("HELM_GITHUB_TIMEOUT", "2");
    let voyage = env.new_voyage("Settle");
    let issue = gh.add_issue(REPO, "Bug", "");
    gh.inject(Fault::drop_after_acting("POST", "/comments"));
    let session = Session::start(&env);
    interrupted_comment(&session, &voyage, issue, "r-1");

    let listed = session.ok(
        "interrupted",
        json!({"voyage": voyage, "operation": "list"}),
    );
    assert_eq!(listed["interrupted"][0]["requestId"], "r-1");
    assert_eq!(
        listed,
        env.run(&["interrupted", "list", "-V", &voyage, "--json"])
            .json()
    );
    let settled = session.ok(
        "interrupted",
        json!({"voyage": voyage, "operation": "settle", "attempt": " r-1 "}),
    );
    assert_eq!(settled["outcome"], "recorded");
    assert_eq!(settled["entry"]["action"]["settled"], "found-on-github");
    assert_eq!(gh.comments(REPO, issue).len(), 1, "settling never acts");
    let story = session.ok("voyage_show", json!({"voyage": voyage}));
    assert_eq!(story["entries"].as_array().unwrap().len(), 1);
    assert_eq!(story["interrupted"], json!([]));
    let again = session.err(
        "interrupted",
        json!({"voyage": voyage, "operation": "settle", "attempt": "r-1"}),
    );
    assert_eq!(again["kind"], "not-found");
}
