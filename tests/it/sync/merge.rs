//! Two machines writing the same voyage, then agreeing: entries in push
//! order, each once, numbered alike; ends and the artifact lifecycle.

use serde_json::Value;

use super::{Machines, log_with_file, story, summaries, verified, voyage_with_an_entry};

fn entry<'a>(story: &'a Value, summary: &str) -> &'a Value {
    story["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["summary"] == summary)
        .unwrap_or_else(|| panic!("no entry {summary}: {story}"))
}

fn without_id(entry: &Value) -> Value {
    let mut entry = entry.clone();
    entry.as_object_mut().unwrap().remove("id");
    entry
}

#[test]
fn concurrent_logs_on_two_machines_agree_after_a_refused_push_and_a_pull() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Two machines, one voyage");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();

    log_with_file(&m.a, &id, "a1.txt", "a1");
    log_with_file(&m.a, &id, "a2.txt", "a2");
    log_with_file(&m.b, &id, "b1.txt", "b1");
    m.b.run(&[
        "log",
        "-V",
        &id,
        "--as",
        "bob",
        "--role",
        "reviewer",
        "--method",
        "human",
        "--summary",
        "b2",
        "--request-id",
        "bob-2",
        "blocked",
    ])
    .ok();
    let b1_before = without_id(entry(&story(&m.b, &id), "b1"));
    assert_eq!(entry(&story(&m.b, &id), "b1")["id"], 2);

    // Both push at once: one wins, the other is refused and loses nothing.
    let mut pushes: Vec<_> = [&m.a, &m.b]
        .iter()
        .map(|env| {
            env.command(&["voyage", "push", &id, "--remote", &m.remote.arg(), "--json"])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = pushes
        .drain(..)
        .map(|child| child.wait_with_output().unwrap())
        .collect();
    let won: Vec<bool> = outputs.iter().map(|o| o.status.success()).collect();
    assert_eq!(won.iter().filter(|w| **w).count(), 1, "{outputs:?}");
    let (winner, loser) = if won[0] { (&m.a, &m.b) } else { (&m.b, &m.a) };
    let refused = &outputs[if won[0] { 1 } else { 0 }];
    assert_eq!(refused.status.code(), Some(1));
    let err: Value = serde_json::from_slice(&refused.stderr).unwrap();
    assert_eq!(err["error"]["kind"], "diverged", "{err}");
    assert!(
        err["error"]["hint"].as_str().unwrap().contains("pull"),
        "{err}"
    );
    let tip = m.remote.tip(&id);

    // Refused again while nothing was pulled; then pull, push, pull.
    assert_eq!(m.push(loser, &id).error_json()["error"]["kind"], "diverged");
    assert_eq!(m.remote.tip(&id), tip);
    // The pull says the loser's own entries moved, as a person cites them.
    let pulled = loser.run(&["voyage", "pull", &id, "--remote", &m.remote.arg()]);
    pulled.ok();
    assert!(
        pulled.stdout.contains("pulled 2 entries")
            && pulled
                .stdout
                .contains("; entries 2–3 made here are now 4–5"),
        "{}",
        pulled.stdout
    );
    m.push(loser, &id).ok();
    m.pull(winner, &id).ok();

    let expected_tail: Vec<&str> = if won[0] {
        vec!["a1", "a2", "b1", "b2"]
    } else {
        vec!["b1", "b2", "a1", "a2"]
    };
    let mut expected = vec!["read the notes"];
    expected.extend(expected_tail);
    assert_eq!(summaries(&m.a, &id), expected);
    assert_eq!(story(&m.a, &id), story(&m.b, &id));
    let numbers: Vec<u64> = story(&m.a, &id)["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5]);
    // A renumbered entry kept its content, bearing and all.
    assert_eq!(without_id(entry(&story(&m.b, &id), "b1")), b1_before);
    verified(&m.a, &id);
    verified(&m.b, &id);
    // Its request id still answers a retry, on either machine.
    for env in [&m.a, &m.b] {
        let replay = env.run(&[
            "log",
            "-V",
            &id,
            "--as",
            "bob",
            "--role",
            "reviewer",
            "--method",
            "human",
            "--summary",
            "b2",
            "--request-id",
            "bob-2",
            "blocked",
            "--json",
        ]);
        assert_eq!(replay.json()["replayed"], true);
    }
    assert_eq!(m.push(&m.a, &id).json()["pushed"]["entries"], 0);
    assert_eq!(m.push(&m.b, &id).json()["pushed"]["entries"], 0);
    m.remote.git(&["fsck", "--strict", "--no-progress"]);
}

#[test]
fn an_end_on_one_machine_ends_the_voyage_everywhere() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Ended on one machine");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    m.a.run(&["voyage", "end", &id, "--status", "merged"]).ok();
    let pushed = m.push(&m.a, &id).json();
    assert_eq!(pushed["voyage"]["status"], "ended");
    m.pull(&m.b, &id).ok();
    let shown = story(&m.b, &id);
    assert_eq!(shown["voyage"]["status"], "ended");
    assert_eq!(shown["voyage"]["endedStatus"], "merged");
    assert_eq!(shown, story(&m.a, &id));
    let refused = m.b.log(&id, "waiting", "too late");
    assert!(refused.fails(1).contains("ended"), "{refused:?}");
    verified(&m.b, &id);

    // A fresh home gets the voyage already ended.
    let c = crate::support::env::TestEnv::new();
    m.pull(&c, &id).ok();
    assert_eq!(story(&c, &id), shown);
}

#[test]
fn two_ends_keep_the_earlier_and_tell_of_the_later() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Ended twice");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    let first =
        m.b.run(&["voyage", "end", &id, "--status", "abandoned", "--json"])
            .json();
    let later =
        m.a.run(&["voyage", "end", &id, "--status", "merged", "--json"])
            .json();
    m.push(&m.a, &id).ok();
    assert_eq!(m.push(&m.b, &id).error_json()["error"]["kind"], "diverged");
    m.pull(&m.b, &id).ok();
    m.push(&m.b, &id).ok();
    m.pull(&m.a, &id).ok();
    let told = story(&m.a, &id);
    assert_eq!(told, story(&m.b, &id));
    assert_eq!(told["voyage"]["endedAt"], first["endedAt"]);
    assert_eq!(
        told["voyage"]["endedStatus"],
        format!(
            "abandoned (also ended at {}: merged)",
            human_time(later["endedAt"].as_str().unwrap())
        )
    );
    verified(&m.a, &id);
    verified(&m.b, &id);
}

/// The artifacts the logbook names (not those only the slate holds),
/// sorted by hash.
fn artifacts(env: &crate::support::env::TestEnv, id: &str) -> Value {
    let listed = env.run(&["artifact", "list", "-V", id, "--json"]).json();
    let mut kept: Vec<Value> = listed["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["slate"] == false || !a["entries"].as_array().unwrap().is_empty())
        .cloned()
        .map(|mut a| {
            // How big a payload is stored depends on each machine's compression.
            a.as_object_mut().unwrap().remove("storedBytes");
            a
        })
        .collect();
    kept.sort_by_key(|a| a["hash"].as_str().unwrap().to_string());
    Value::Array(kept)
}

#[test]
fn reduce_and_jettison_travel_and_the_slate_stays_home() {
    let m = Machines::new();
    let id = voyage_with_an_entry(&m.a, "Lightened on both machines");
    log_with_file(&m.a, &id, "big.txt", "read the big file");
    log_with_file(&m.a, &id, "log.txt", "read the log");
    m.push(&m.a, &id).ok();
    m.pull(&m.b, &id).ok();
    let shown = story(&m.a, &id);
    let hash = |summary: &str| {
        entry(&shown, summary)["bearing"][0]["artifact"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (notes, big, log) = (
        hash("read the notes"),
        hash("read the big file"),
        hash("read the log"),
    );

    // a reduces `big` and jettisons `log`; b jettisons `big` meanwhile.
    m.a.write("summary.txt", "a big file of notes\n");
    m.a.run(&[
        "artifact",
        "reduce",
        &big,
        "-V",
        &id,
        "--method",
        "human",
        "--summary-file",
        "summary.txt",
    ])
    .ok();
    m.a.run(&["artifact", "jettison", &log, "-V", &id]).ok();
    m.b.run(&["artifact", "jettison", &big, "-V", &id]).ok();
    // b's slate holds an observation that must not travel.
    m.b.write("private.txt", "b's own\n");
    let private =
        m.b.run(&[
            "observe",
            "-V",
            &id,
            "file-contents",
            "private.txt",
            "--json",
        ])
        .json();

    let pushed = m.push(&m.a, &id).json();
    assert_eq!(pushed["pushed"]["entries"], 0);
    assert_eq!(
        pushed["pushed"]["artifacts"], 3,
        "big, its summary, log: {pushed}"
    );
    assert_eq!(m.push(&m.b, &id).error_json()["error"]["kind"], "diverged");
    m.pull(&m.b, &id).ok();
    m.push(&m.b, &id).ok();
    m.pull(&m.a, &id).ok();

    // Reduced beats jettisoned; the summary shows on both machines.
    assert_eq!(artifacts(&m.a, &id), artifacts(&m.b, &id));
    let listed = artifacts(&m.b, &id);
    let status = |hash: &str| {
        listed
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["hash"] == hash)
            .unwrap()["status"]
            .clone()
    };
    assert_eq!(status(&big), "reduced");
    assert_eq!(status(&log), "jettisoned");
    assert_eq!(status(&notes), "stowed");
    let summary = m.b.run(&["artifact", "show", &big, "-V", &id]).json();
    assert_eq!(summary["text"], "a big file of notes");
    assert_eq!(story(&m.a, &id), story(&m.b, &id));
    verified(&m.a, &id);
    verified(&m.b, &id);
    let files = m.remote.files(&id);
    assert!(
        !files.contains(private["artifact"].as_str().unwrap()),
        "the slate left home: {files}"
    );
    assert!(files.contains(&format!("lifecycle-{big}.json")), "{files}");
    let slate = m.b.run(&["slate", "list", "-V", &id, "--json"]).json();
    assert_eq!(slate["slate"].as_array().unwrap().len(), 1);
}

/// `2026-11-29T01:50:24.821371Z` as helm's human lines say it:
/// `2026-11-29 01:50:24 UTC`.
fn human_time(rfc3339: &str) -> String {
    format!("{} UTC", rfc3339[..19].replace('T', " "))
}
