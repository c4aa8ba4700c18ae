//! Every rule finds its own example as the `regex` crate's defaults would
//! (issue 45): `rules::compile_rule` builds each regex with settings of its
//! own (no prefilter, no one-pass DFA, a fixed pool), each chosen for what
//! it costs to build; none may change what a rule matches or which bytes
//! its groups take. The examples are generated from each rule's regex
//! (`edges::Sample`), so a rule added to `gitleaks.json` is checked too.

use regex::bytes::RegexBuilder;

use super::edges::Sample;
use super::rules::{literal_braces, parse, rules};

#[test]
fn every_rule_matches_its_own_example_as_a_default_regex_does() {
    let set = rules();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for rule in &set.rules {
        let hir = parse(rule.source).unwrap_or_else(|| panic!("{} does not parse", rule.id));
        let group = rule.group.map_or(1, |g| g as u32);
        let Some(sample) = Sample::of(&hir, group) else {
            continue;
        };
        let reference = RegexBuilder::new(&literal_braces(rule.source))
            .unicode(false)
            .size_limit(64 << 20)
            .build()
            .unwrap_or_else(|e| panic!("{}: {e}", rule.id));
        let regex = rule
            .regex()
            .unwrap_or_else(|| panic!("{} does not compile", rule.id));
        let text = [b"say ".as_slice(), &sample.text, b"\nmore\n"].concat();
        // A sample the default regex does not match (a boundary the
        // generator did not meet) says nothing; the count below keeps
        // those few.
        let Some(expected) = reference.captures(&text) else {
            continue;
        };
        checked += 1;
        let expected: Vec<Option<(usize, usize)>> = expected
            .iter()
            .map(|m| m.map(|m| (m.start(), m.end())))
            .collect();
        let got: Vec<Option<(usize, usize)>> = match regex.captures_iter(&text).next() {
            Some(caps) => (0..caps.group_len())
                .map(|i| caps.get_group(i).map(|s| (s.start, s.end)))
                .collect(),
            None => Vec::new(),
        };
        if got != expected {
            wrong.push(format!(
                "{}: {:?} gave {got:?}, the default regex {expected:?}",
                rule.id,
                String::from_utf8_lossy(&text)
            ));
        }
    }
    assert!(
        checked * 10 >= set.rules.len() * 9,
        "only {checked} of {} rules' examples were matched at all",
        set.rules.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
