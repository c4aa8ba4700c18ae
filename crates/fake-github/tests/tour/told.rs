//! What the human output shows, the JSON carries (issue 43 item 11): the tour's voyage
//! told by `voyage show` for people and by `voyage show --json` for programs, and every
//! fact of the first found in the second. A fact is a word of the story; the words only
//! the story's layout says (its labels, `UTC`, the arrows) are not facts. The JSON
//! carries more than the story (ids, exact times, the freshness parts), so the walk goes
//! from the story to the JSON.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The story's own words: labels and layout, not facts of the voyage.
const LAYOUT: [&str; 14] = [
    "Voyage",
    "started",
    "UTC",
    "Steer",
    "Log",
    "via",
    "bearing",
    "observations",
    "title",
    "→",
    "base",
    "reviewers",
    "pinned",
    "commit",
];

pub(crate) fn the_json_carries_what_the_story_shows(helm: &Path, home: &Path) {
    let run = |args: &[&str]| {
        let output = Command::new(helm)
            .args(args)
            .env_clear()
            .env("HOME", home)
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HELM_HOME", home.join("helm"))
            .env("NO_COLOR", "1")
            .env("HELM_PAGER", "")
            .output()
            .expect("helm runs");
        assert!(output.status.success(), "helm {args:?}: {output:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    let list: Value = serde_json::from_str(&run(&["voyage", "list", "--all", "--json"])).unwrap();
    let voyages = list["voyages"].as_array().expect("the tour's voyages");
    assert_eq!(
        voyages.len(),
        2,
        "the GitHub voyage and the GitLab one: {list}"
    );
    for voyage in voyages {
        let id = voyage["id"].as_str().expect("a voyage id");
        told_alike(&run, id);
    }
}

/// Every word `voyage show` prints of voyage `id` is in its `--json`.
fn told_alike(run: &dyn Fn(&[&str]) -> String, id: &str) {
    let story = run(&["voyage", "show", id]);
    let json: Value = serde_json::from_str(&run(&["voyage", "show", id, "--json"])).unwrap();
    let mut leaves = String::new();
    collect(&json, &mut leaves);
    let separators = |c: char| c.is_whitespace() || "·,()\"“”─>:".contains(c);
    let mut missing = Vec::new();
    for line in story.lines() {
        for word in line.split(separators).map(|w| w.trim_matches('.')) {
            if !word.is_empty() && !LAYOUT.contains(&word) && !leaves.contains(word) {
                missing.push(format!("{word:?} in {:?}", line.trim()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the story says what its JSON does not carry:\n{}\n--- story\n{story}\n--- json\n{json:#}",
        missing.join("\n")
    );
    // A pushed entry names its signer in both (tests/it/sync/signed.rs); the tour
    // pushes nothing, so neither says one here.
    assert!(!story.contains("pushed "), "{story}");
}

/// Every string and number of `value`, one a line.
fn collect(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => map.values().for_each(|v| collect(v, out)),
        Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        Value::String(text) => {
            out.push_str(text);
            out.push('\n');
        }
        Value::Number(n) => {
            out.push_str(&n.to_string());
            out.push('\n');
        }
        Value::Bool(_) | Value::Null => {}
    }
}
