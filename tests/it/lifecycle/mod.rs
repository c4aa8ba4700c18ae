//! The artifact lifecycle (issue 14): `artifact list`, `reduce`, `jettison`
//! and `voyage compact`, on active and ended voyages, while others write,
//! and what `show`, `verify`, `observe` and `export`/`import` make of them.

mod scale;

use serde_json::Value;

use crate::support::env::{TestEnv, count};

/// A voyage whose entry 1 observed `big.txt` and `small.txt`, with
/// `small.txt` observed again onto the slate. Returns (id, big, small).
pub(super) fn voyage_with_cargo(env: &TestEnv) -> (String, String, String) {
    let id = env.new_voyage("Lighten the cargo");
    env.write("big.txt", scale::build_log(64 << 10));
    env.write("small.txt", "small\n");
    let observe = |file: &str| {
        env.run(&["observe", "-V", &id, "file-contents", file, "--json"])
            .json()["artifact"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let big = observe("big.txt");
    let small = observe("small.txt");
    env.log(&id, "waiting", "looked at the build").ok();
    observe("small.txt");
    (id, big, small)
}

pub(super) fn artifacts(env: &TestEnv, id: &str) -> Vec<Value> {
    let list = env.run(&["artifact", "list", "-V", id, "--json"]).json();
    list["artifacts"].as_array().unwrap().clone()
}

fn listed(env: &TestEnv, id: &str, hash: &str) -> Value {
    artifacts(env, id)
        .into_iter()
        .find(|a| a["hash"] == hash)
        .unwrap_or_else(|| panic!("{hash} is not listed"))
}

/// The length of the payload JSON `artifact show` prints.
fn shown_len(env: &TestEnv, id: &str, hash: &str) -> u64 {
    let shown = env.run(&["artifact", "show", "-V", id, hash]);
    shown.ok().stdout.trim_end_matches('\n').len() as u64
}

pub(super) fn verify_ok(env: &TestEnv, id: &str) {
    let run = env.run(&["voyage", "verify", id, "--json"]);
    assert_eq!(run.json()["ok"], true, "{run:?}");
}

/// What `voyage show --json` says about each entry and its bearing, in the
/// fields the contract names (the lifecycle may add marks beside them).
pub(super) fn story(env: &TestEnv, id: &str) -> Value {
    let mut shown = env.run(&["voyage", "show", id, "--json"]).json();
    for entry in shown["entries"].as_array_mut().unwrap() {
        for observation in entry["bearing"].as_array_mut().unwrap() {
            *observation = serde_json::json!({
                "target": observation["target"],
                "artifact": observation["artifact"],
                "observedAt": observation["observedAt"],
            });
        }
    }
    serde_json::json!({"voyage": shown["voyage"], "entries": shown["entries"]})
}

pub(super) fn reduce(
    env: &TestEnv,
    id: &str,
    hashes: &[&str],
    summary: &str,
) -> crate::support::env::Run {
    env.write("summary.txt", summary);
    let mut args = vec!["artifact", "reduce"];
    args.extend_from_slice(hashes);
    args.extend_from_slice(&[
        "-V",
        id,
        "--method",
        "human",
        "--summary-file",
        "summary.txt",
    ]);
    args.push("--json");
    env.run(&args)
}

fn status(env: &TestEnv, id: &str, hash: &str) -> (String, i64) {
    env.sqlite(id)
        .query_row(
            "SELECT status, length(data) FROM artifacts WHERE hash = ?1",
            [hash],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

#[test]
fn list_shows_sizes_states_and_references_largest_first() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    let all = artifacts(&env, &id);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0]["hash"], big.as_str(), "largest first: {all:?}");
    let stored = |a: &Value| a["storedBytes"].as_u64().unwrap();
    assert!(stored(&all[0]) >= stored(&all[1]));
    // Streamed payloads carry no size in their frame: counted, not guessed.
    let payload = all[0]["payloadBytes"].as_u64().unwrap();
    assert_eq!(payload, shown_len(&env, &id, &big));
    assert_eq!(all[0]["entries"], serde_json::json!([1]));
    assert_eq!(all[0]["slate"], false);
    assert_eq!(all[1]["slate"], true);
    assert_eq!(all[1]["status"], "stowed");
    assert_eq!(all[1]["summary"], Value::Null);
    let shown = env
        .run(&["artifact", "show", "-V", &id, &small])
        .ok()
        .stdout
        .clone();
    assert_eq!(
        all[1]["payloadBytes"].as_u64().unwrap() as usize,
        shown.trim_end().len()
    );

    let human = env.run(&["artifact", "list", "-V", &id]);
    let lines: Vec<&str> = human.ok().stdout.lines().collect();
    assert!(lines[0].starts_with("ARTIFACT      STATUS"), "{lines:?}");
    assert!(
        lines[1].starts_with(&big[..12]) && lines[1].ends_with("entry 1"),
        "{lines:?}"
    );
    assert!(lines[2].ends_with("slate, entry 1"), "{lines:?}");
    verify_ok(&env, &id);
}

#[test]
fn reduce_stores_a_summary_and_drops_the_payload() {
    let env = TestEnv::new();
    let (id, big, _) = voyage_with_cargo(&env);
    let before = story(&env, &id);
    let run = reduce(&env, &id, &[&big[..10]], "64 KiB of build output\n");
    let reduced = run.json()["reduced"][0].clone();
    assert_eq!(reduced["hash"], big.as_str());
    assert_eq!(reduced["method"], "human");
    assert!(reduced["freedBytes"].as_u64().unwrap() > 0);
    assert!(run.stderr.contains("helm voyage compact"), "{run:?}");
    let summary = reduced["summary"].as_str().unwrap().to_string();

    assert_eq!(status(&env, &id, &big), ("reduced".to_string(), 0));
    let conn = env.sqlite(&id);
    let (derived, method): (String, String) = conn
        .query_row(
            "SELECT derived_hash, method FROM artifact_derivations WHERE source_hash = ?1",
            [&big],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (derived.as_str(), method.as_str()),
        (summary.as_str(), "human")
    );

    // show prints the summary and says on stderr that it is reduced.
    let shown = env.run(&["artifact", "show", "-V", &id, &big]);
    let payload: Value = serde_json::from_str(&shown.ok().stdout).unwrap();
    assert_eq!(
        payload,
        serde_json::json!({"kind": "summary", "of": big, "method": "human", "text": "64 KiB of build output"})
    );
    assert!(shown.stderr.contains("is reduced"), "{shown:?}");
    assert!(shown.stderr.contains(&summary), "{shown:?}");

    let source = listed(&env, &id, &big);
    assert_eq!(source["status"], "reduced");
    assert_eq!(source["storedBytes"], 0);
    assert_eq!(source["payloadBytes"], Value::Null);
    assert_eq!(source["summary"], summary.as_str());
    assert_eq!(listed(&env, &id, &summary)["summaryOf"], big.as_str());
    assert_eq!(story(&env, &id), before, "no entry changes");
    verify_ok(&env, &id);
}

#[test]
fn reduce_refuses_what_it_cannot_summarise_and_changes_nothing() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    let kind = |run: crate::support::env::Run| run.error_json()["error"]["kind"].clone();

    assert_eq!(kind(reduce(&env, &id, &[&big], " \n\t\n")), "usage");
    let blank = env.run_with_stdin(
        &[
            "artifact",
            "reduce",
            &big,
            "-V",
            &id,
            "--method",
            "m",
            "--summary-file",
            "-",
        ],
        b"   ",
    );
    assert_eq!(
        blank.fails(2).lines().next().unwrap(),
        "error: the summary is empty"
    );
    assert_eq!(kind(reduce(&env, &id, &["ffffffff"], "s")), "not-found");
    assert_eq!(kind(reduce(&env, &id, &["xyz"], "s")), "usage");
    let missing = env.run(&[
        "artifact",
        "reduce",
        &big,
        "-V",
        &id,
        "--method",
        "m",
        "--summary-file",
        "nope.txt",
    ]);
    assert!(missing.fails(1).contains("nope.txt"), "{missing:?}");
    assert_eq!(status(&env, &id, &big).0, "stowed");

    let summary = reduce(&env, &id, &[&big], "the build").json()["reduced"][0]["summary"]
        .as_str()
        .unwrap()
        .to_string();
    // A summary is not reduced again, and neither is a reduced artifact.
    let run = reduce(&env, &id, &[&summary], "shorter");
    assert_eq!(kind(run), "conflict");
    let again = reduce(&env, &id, &[&big], "again");
    assert!(again.stderr.contains("already reduced"), "{again:?}");
    // All or nothing: a good hash named beside a refused one stays stowed.
    assert_eq!(
        kind(reduce(&env, &id, &[&small, &summary], "both")),
        "conflict"
    );
    let (state, bytes) = status(&env, &id, &small);
    assert_eq!(state, "stowed");
    assert!(bytes > 0);
    assert_eq!(count(&env.sqlite(&id), "artifact_derivations"), 1);
    // A jettisoned payload has nothing left to summarise.
    env.run(&["artifact", "jettison", &small, "-V", &id]).ok();
    assert_eq!(kind(reduce(&env, &id, &[&small], "s")), "conflict");
    verify_ok(&env, &id);
}

#[test]
fn jettison_drops_payloads_and_keeps_every_reference() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    let before = story(&env, &id);
    let run = env.run(&[
        "artifact",
        "jettison",
        &big,
        &small[..8],
        "-V",
        &id,
        "--json",
    ]);
    let gone = run.json()["jettisoned"].as_array().unwrap().clone();
    assert_eq!(gone.len(), 2);
    assert!(
        gone.iter()
            .all(|g| g["changed"] == true && g["freedBytes"].as_u64() > Some(0))
    );
    assert_eq!(status(&env, &id, &big), ("jettisoned".to_string(), 0));
    assert_eq!(status(&env, &id, &small), ("jettisoned".to_string(), 0));
    assert_eq!(story(&env, &id), before, "no entry changes");
    assert_eq!(listed(&env, &id, &small)["slate"], true);

    let shown = env.run(&["artifact", "show", "-V", &id, &big, "--json"]);
    assert_eq!(shown.error_json()["error"]["kind"], "not-found");
    assert!(shown.stderr.contains("jettisoned"), "{shown:?}");

    // Again: nothing to do, and said so.
    let again = env.run(&["artifact", "jettison", &big, "-V", &id]);
    assert!(
        again.ok().stdout.contains("already jettisoned"),
        "{again:?}"
    );
    verify_ok(&env, &id);
}

#[test]
fn jettison_refuses_summaries_and_reduced_artifacts_all_or_nothing() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    let summary = reduce(&env, &id, &[&big], "the build").json()["reduced"][0]["summary"]
        .as_str()
        .unwrap()
        .to_string();
    for refused in [&summary, &big] {
        let run = env.run(&["artifact", "jettison", &small, refused, "-V", &id, "--json"]);
        assert_eq!(run.error_json()["error"]["kind"], "conflict", "{run:?}");
    }
    assert_eq!(status(&env, &id, &small).0, "stowed");
    assert_eq!(status(&env, &id, &summary).0, "stowed");
    verify_ok(&env, &id);
}

#[test]
fn an_ended_voyage_is_lightened_without_changing_an_entry() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    env.run(&["voyage", "end", &id, "--status", "merged"]).ok();
    let before = story(&env, &id);
    reduce(&env, &id, &[&big], "the build").json();
    env.run(&["artifact", "jettison", &small, "-V", &id]).ok();
    let compacted = env.run(&["voyage", "compact", &id, "--json"]).json();
    assert!(
        compacted["bytesAfter"].as_u64() < compacted["bytesBefore"].as_u64(),
        "{compacted}"
    );
    assert_eq!(story(&env, &id), before);
    assert_eq!(before["voyage"]["status"], "ended");
    verify_ok(&env, &id);
}

#[test]
fn observing_the_same_payload_again_stows_it_again() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    reduce(&env, &id, &[&big], "the build").json();
    env.run(&["artifact", "jettison", &small, "-V", &id]).ok();
    for (file, hash) in [("big.txt", &big), ("small.txt", &small)] {
        let observed = env.run(&["observe", "-V", &id, "file-contents", file, "--json"]);
        assert_eq!(observed.json()["artifact"], hash.as_str());
        assert_eq!(status(&env, &id, hash).0, "stowed");
        let shown = env.run(&["artifact", "show", "-V", &id, hash]);
        assert_eq!(shown.ok().stderr, "", "a stowed payload is shown as it is");
        assert_eq!(
            serde_json::from_str::<Value>(&shown.stdout).unwrap()["files"][0]["path"]
                .as_str()
                .map(|p| p.ends_with(file)),
            Some(true),
            "{shown:?}"
        );
    }
    verify_ok(&env, &id);
}

/// A source stowed again can be reduced again: the same summary text gives
/// the same summary artifact (one derivation), a new text a newer summary.
#[test]
fn a_restowed_artifact_can_be_reduced_again() {
    let env = TestEnv::new();
    let (id, big, _) = voyage_with_cargo(&env);
    let summary_of = |text: &str| {
        reduce(&env, &id, &[&big], text).json()["reduced"][0]["summary"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let restow = || {
        env.run(&["observe", "-V", &id, "file-contents", "big.txt"])
            .ok();
    };
    let first = summary_of("the build");
    restow();
    assert_eq!(summary_of("the build"), first);
    assert_eq!(count(&env.sqlite(&id), "artifact_derivations"), 1);
    restow();
    let second = summary_of("the build, again");
    assert_ne!(second, first);
    assert_eq!(count(&env.sqlite(&id), "artifact_derivations"), 2);
    assert_eq!(listed(&env, &id, &big)["summary"], second.as_str());
    let shown = env.run(&["artifact", "show", "-V", &id, &big]);
    assert!(shown.ok().stdout.contains("the build, again"), "{shown:?}");
    verify_ok(&env, &id);
}

#[test]
fn export_and_import_keep_the_states() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    reduce(&env, &id, &[&big], "the build").json();
    env.run(&["artifact", "jettison", &small, "-V", &id]).ok();
    let before = artifacts(&env, &id);
    let out = env.root().join("handoff.sqlite");
    env.run(&["voyage", "export", &id, "--out", out.to_str().unwrap()])
        .ok();
    let mut other = TestEnv::new();
    other.set("HELM_HOME", env.root().join("other").to_str().unwrap());
    other.run(&["voyage", "import", out.to_str().unwrap()]).ok();
    assert_eq!(artifacts(&other, &id), before);
    let shown = other.run(&["artifact", "show", "-V", &id, &big]);
    assert!(shown.ok().stdout.contains("the build"), "{shown:?}");
    verify_ok(&other, &id);
}

/// verify does not re-hash a payload that is gone, but finds a reduced
/// artifact without its derivation and a summary that is not stowed.
#[test]
fn verify_checks_derivations_and_summaries() {
    let env = TestEnv::new();
    let (id, big, small) = voyage_with_cargo(&env);
    let summary = reduce(&env, &id, &[&big], "the build").json()["reduced"][0]["summary"]
        .as_str()
        .unwrap()
        .to_string();
    env.run(&["artifact", "jettison", &small, "-V", &id]).ok();
    let verified = env.run(&["voyage", "verify", &id, "--json"]).json();
    // Only the summary is left to re-hash.
    assert_eq!(verified["voyages"][0]["artifacts"], 1);

    let conn = env.sqlite(&id);
    conn.execute(
        "UPDATE artifacts SET status = 'jettisoned' WHERE hash = ?1",
        [&summary],
    )
    .unwrap();
    conn.execute(
        "UPDATE artifacts SET status = 'reduced' WHERE hash = ?1",
        [&small],
    )
    .unwrap();
    let run = env.run(&["voyage", "verify", &id, "--json"]);
    assert_eq!(run.code, 1, "{run:?}");
    let problems =
        serde_json::from_str::<Value>(&run.stdout).unwrap()["voyages"][0]["problems"].clone();
    assert_eq!(
        problems,
        serde_json::json!([
            format!("artifact {small}: it is reduced but no derivation names its summary"),
            format!("artifact {summary}: the summary of {big} is jettisoned, not stowed"),
        ])
    );
}
