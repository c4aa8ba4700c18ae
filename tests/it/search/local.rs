//! Search over local work: across voyages, ranking, each filter, files
//! observed, secrets redacted before storing never found, malformed queries.

use super::{found, log_as, search};
use crate::redaction::{line, secrets};
use crate::support::env::TestEnv;

#[test]
fn finds_entries_and_observations_across_voyages_best_first() {
    let env = TestEnv::new();
    let quat = env.new_voyage("Fix the quaternion normaliser");
    let other = env.new_voyage("Tidy the docs");
    env.write(
        "src/quat.rs",
        "fn normalise(q: Quat) -> Quat { q / q.norm() }\n",
    );
    env.run(&["observe", "-V", &quat, "file-contents", "src/quat.rs"])
        .ok();
    log_as(
        &env,
        &quat,
        "alice",
        "waiting",
        "decided: a bounds check before the normaliser divides",
    );
    log_as(
        &env,
        &other,
        "bob",
        "blocked",
        "bounds check bounds check bounds check in the docs",
    );
    log_as(&env, &other, "bob", "ready", "unrelated words only");

    let doc = search(&env, &["bounds check"]);
    assert_eq!(doc["query"], "bounds check");
    let hits = found(&doc);
    assert_eq!(
        hits,
        [
            (other.clone(), "entry 1".to_string(), "log".to_string()),
            (quat.clone(), "entry 1".to_string(), "log".to_string()),
        ],
        "the entry saying it three times ranks first: {doc}"
    );
    let first = &doc["results"][0];
    assert_eq!(first["voyage"]["intent"], "Tidy the docs");
    assert_eq!(first["identity"], "bob");
    assert!(
        first["snippet"]
            .as_str()
            .unwrap()
            .contains("[bounds] [check]"),
        "{first}"
    );
    let (a, b) = (
        first["score"].as_f64().unwrap(),
        doc["results"][1]["score"].as_f64().unwrap(),
    );
    assert!(a > b, "scores fall: {doc}");
    assert!(first["recordedAt"].as_str().unwrap().ends_with('Z'));

    // The file observed is found by its contents, with its target and artifact.
    let doc = search(&env, &["normalise"]);
    let result = &doc["results"][0];
    assert_eq!(result["kind"], "observation", "{doc}");
    assert_eq!(result["target"]["kind"], "file-contents");
    assert_eq!(result["artifact"].as_str().unwrap().len(), 64);
    assert_eq!(
        result["identity"], "alice",
        "the entry that sealed it: {doc}"
    );
    assert!(result.get("entry").is_none(), "{result}");

    // Prefixes, phrases and NOT are FTS5's.
    assert_eq!(found(&search(&env, &["normalis*"])).len(), 2);
    assert_eq!(
        found(&search(&env, &["\"bounds check\" NOT docs"])).len(),
        1
    );

    // Human output: one block per result, the match in brackets off a terminal.
    let human = env
        .run(&["search", "quaternion OR divides"])
        .ok()
        .stdout
        .clone();
    assert!(human.contains("Fix the quaternion normaliser"), "{human}");
    assert!(human.contains("entry 1 · log · alice"), "{human}");
    assert!(human.contains("[divides]"), "{human}");
    assert!(human.contains("score "), "{human}");
}

#[test]
fn each_filter_narrows_the_results() {
    let env = TestEnv::new();
    let one = env.new_voyage("first");
    let two = env.new_voyage("second");
    env.write("notes.md", "the widget crashes on empty input\n");
    env.run(&["observe", "-V", &one, "file-contents", "notes.md"])
        .ok();
    log_as(&env, &one, "alice", "waiting", "widget plan");
    log_as(&env, &two, "bob", "blocked", "widget blocked on review");

    assert_eq!(found(&search(&env, &["widget"])).len(), 3);
    let only_two = found(&search(&env, &["widget", "-V", &two]));
    assert_eq!(only_two, [(two.clone(), "entry 1".into(), "log".into())]);
    let bobs = found(&search(&env, &["widget", "--as", "bob"]));
    assert_eq!(bobs, [(two.clone(), "entry 1".into(), "log".into())]);
    let seen = found(&search(&env, &["widget", "--kind", "observation"]));
    assert_eq!(
        seen,
        [(one.clone(), "file-contents".into(), "observation".into())]
    );
    assert_eq!(
        found(&search(&env, &["widget", "--kind", "steer"])).len(),
        0
    );
    assert_eq!(
        found(&search(&env, &["widget", "--kind", "proposal"])).len(),
        0
    );
    assert_eq!(found(&search(&env, &["widget", "--kind", "log"])).len(), 2);
    assert_eq!(found(&search(&env, &["widget", "--limit", "1"])).len(), 1);
    assert_eq!(
        found(&search(&env, &["widget", "--since", "2000-01-01"])).len(),
        3
    );
    assert_eq!(
        found(&search(
            &env,
            &["widget", "--since", "2999-01-01T00:00:00Z"]
        ))
        .len(),
        0
    );
    // HELM_VOYAGE names the voyage other commands work in; search stays across voyages.
    let out = env
        .command(&["search", "widget", "--json"])
        .env("HELM_VOYAGE", &one)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(found(&doc).len(), 3, "{doc}");

    // Bad filters are usage errors.
    let run = env.run(&["search", "widget", "--since", "last week", "--json"]);
    run.fails(2);
    assert_eq!(run.error_json()["error"]["kind"], "usage");
    env.run(&["search", "widget", "--kind", "comment"]).fails(2);
    env.run(&["search", "widget", "--limit", "0"]).fails(2);
    let run = env.run(&["search", "widget", "-V", "ffff", "--json"]);
    assert_eq!(run.error_json()["error"]["kind"], "not-found");
}

#[test]
fn a_secret_observed_in_a_file_cannot_be_found() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("secrets stay home");
    let all = secrets();
    let text: String = all
        .iter()
        .map(|(rule, s)| format!("{}\n", line(rule, s)))
        .collect();
    env.write(".env", format!("deploy settings\n{text}"));
    env.run(&["observe", "-V", &voyage, "file-contents", ".env"])
        .ok();
    log_as(&env, &voyage, "alice", "waiting", "looked at the settings");

    // The file is found, by what it says and by its markers.
    assert_eq!(found(&search(&env, &["deploy settings"])).len(), 1);
    assert!(!found(&search(&env, &["redacted"])).is_empty());
    for (rule, secret) in &all {
        let line = secret.lines().nth(1).unwrap_or(secret);
        for query in [
            format!("\"{line}\""),
            format!("\"{}\"", &line[line.len().saturating_sub(20)..]),
        ] {
            let doc = search(&env, &[&query]);
            assert_eq!(found(&doc), [], "{rule} found by {query}: {doc}");
        }
    }
    let index = std::fs::read(env.home().join("search.sqlite")).unwrap();
    crate::redaction::assert_absent(
        "search.sqlite",
        &index,
        &all.iter()
            .map(|(_, s)| s.lines().nth(1).unwrap_or(s))
            .collect::<Vec<_>>(),
    );
}

#[test]
fn a_malformed_query_is_a_usage_error_in_helms_words() {
    let env = TestEnv::new();
    let voyage = env.new_voyage("anything");
    log_as(&env, &voyage, "alice", "waiting", "some words");
    for query in [
        "\"unclosed",
        "AND",
        "words AND",
        "(open",
        "nosuchfield:word",
        " ",
    ] {
        let run = env.run(&["search", query, "--json"]);
        let said = run.fails(2).to_string();
        let error = run.error_json()["error"].clone();
        assert_eq!(error["kind"], "usage", "{query}: {said}");
        let message = error["message"].as_str().unwrap();
        for raw in ["fts5", "SQL", "sqlite", "panicked"] {
            assert!(!message.contains(raw), "{query}: {message}");
        }
        assert!(error["hint"].as_str().is_some(), "{query}: {error}");
    }
    // On an empty home too: the query is read before anything is searched.
    let empty = TestEnv::new();
    let run = empty.run(&["search", "\"unclosed", "--json"]);
    assert_eq!(run.error_json()["error"]["kind"], "usage", "{run:?}");
    assert_eq!(found(&search(&empty, &["anything"])), []);
}
