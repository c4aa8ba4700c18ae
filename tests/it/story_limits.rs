//! `voyage show --limit N` and `--from ENTRY`: a long logbook shown a
//! stretch at a time, with a line on stderr saying what was left out.

use crate::support::env::TestEnv;

/// A voyage with `n` log entries, numbered 1..=n, summaries `step K`.
fn logged(n: usize) -> (TestEnv, String) {
    let mut env = TestEnv::new();
    let voyage = env.new_voyage("a long one");
    env.set("HELM_VOYAGE", &voyage);
    for k in 1..=n {
        env.log(&voyage, "working", &format!("step {k}")).ok();
    }
    (env, voyage)
}

fn shown_entries(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|line| line.starts_with("── "))
        .map(|line| line.split(" ── ").next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn limit_keeps_the_newest_and_from_starts_where_asked() {
    let (env, _) = logged(6);
    let all = env.run(&["voyage", "show"]);
    assert_eq!(shown_entries(&all.stdout).len(), 6, "{}", all.stdout);
    assert!(!all.stderr.contains("not shown"), "{}", all.stderr);

    let newest = env.run(&["voyage", "show", "--limit", "2"]);
    newest.ok();
    assert_eq!(
        shown_entries(&newest.stdout),
        ["── Log 5", "── Log 6"],
        "{}",
        newest.stdout
    );
    assert!(
        newest.stderr.contains("4 earlier entries not shown"),
        "{}",
        newest.stderr
    );

    let middle = env.run(&["voyage", "show", "--from", "3", "--limit", "2"]);
    assert_eq!(shown_entries(&middle.stdout), ["── Log 3", "── Log 4"]);
    assert!(
        middle
            .stderr
            .contains("2 earlier entries and 2 later entries not shown"),
        "{}",
        middle.stderr
    );

    let from = env.run(&["voyage", "show", "--from", "6", "--json"]).json();
    assert_eq!(from["entries"].as_array().map(Vec::len), Some(1), "{from}");

    let zero = env.run(&["voyage", "show", "--limit", "0"]);
    zero.fails(2);
    assert!(zero.stderr.contains("entries 1–6"), "{}", zero.stderr);
}

/// A range holding no entry is an error naming the entries there are, not
/// an empty story that reads as an empty voyage.
#[test]
fn from_outside_the_logbook_names_its_range() {
    let (env, _) = logged(6);
    for from in ["7", "0", "-1"] {
        let past = env.run(&["voyage", "show", "--from", from]);
        past.fails(2);
        assert!(
            past.stderr
                .contains(&format!("--from {from} is outside the logbook")),
            "{}",
            past.stderr
        );
        assert!(past.stderr.contains("entries 1–6"), "{}", past.stderr);
    }
    let json = env.run(&["voyage", "show", "--from", "9", "--json"]);
    json.fails(2);
    assert_eq!(json.error_json()["error"]["kind"], "usage", "{json:?}");
}
