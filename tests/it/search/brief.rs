//! The brief points at other voyages of the home that match its intent
//! (issue 44 item 5): their ids and intents, best first, never the voyage
//! itself and never one that shares no word with it.

use super::log_as;
use crate::support::env::TestEnv;

#[test]
fn the_brief_names_other_voyages_matching_its_intent_best_first() {
    let env = TestEnv::new();
    let earlier = env.new_voyage("Bounds check in the quaternion normaliser");
    let docs = env.new_voyage("Tidy the contributor docs");
    let mention = env.new_voyage("Release notes for 0.4");
    log_as(
        &env,
        &earlier,
        "alice",
        "decided",
        "the quaternion normaliser divides by zero without a bounds check",
    );
    log_as(&env, &docs, "bob", "ready", "contributor guide reworded");
    log_as(
        &env,
        &mention,
        "bob",
        "ready",
        "mentions the normaliser once",
    );
    let now = env.new_voyage("Quaternion normaliser: the bounds check again");
    log_as(
        &env,
        &now,
        "carol",
        "started",
        "the quaternion normaliser bounds check is back",
    );

    let brief = env.run(&["voyage", "brief", &now, "--json"]).ok().json();
    let related: Vec<&str> = brief["related"]
        .as_array()
        .unwrap_or_else(|| panic!("no related voyages in {brief}"))
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        related,
        [earlier.as_str(), mention.as_str()],
        "the voyage matching every word first, the one mentioning one word after, \
         neither the brief's own voyage nor one sharing no word: {brief}"
    );
    assert_eq!(
        brief["related"][0]["intent"],
        "Bounds check in the quaternion normaliser"
    );

    let human = env.run(&["voyage", "brief", &now]).ok().stdout.clone();
    let short: String = earlier.replace('-', "").chars().take(12).collect();
    assert!(
        human.contains("Related voyages") && human.contains(&short),
        "{human}"
    );
}

#[test]
fn a_brief_whose_intent_matches_nothing_elsewhere_names_no_voyage() {
    let env = TestEnv::new();
    let alone = env.new_voyage("Quaternion normaliser");
    env.new_voyage("Tidy the docs");
    let brief = env.run(&["voyage", "brief", &alone, "--json"]).ok().json();
    assert!(brief.get("related").is_none(), "{brief}");
    let human = env.run(&["voyage", "brief", &alone]).ok().stdout.clone();
    assert!(!human.contains("Related voyages"), "{human}");
}
