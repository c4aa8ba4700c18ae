//! The rule set: gitleaks' default rules kept as data (`gitleaks.json`,
//! written by `scripts/gitleaks-rules.py`; source and licence in `NOTICE`),
//! turned into static tables when helm is built (`build.rs`): a process
//! reads no JSON and allocates no rule to start scanning. Following gitleaks
//! is a rerun of the script, not an edit here.
//!
//! Compiling 200-odd regexes would cost every small `observe` tens of
//! milliseconds, so only the keywords are indexed up front (gitleaks
//! prefilters by keyword too, see [`Keywords`]); a rule's regex and its
//! allowlists are compiled the first time one of its keywords is seen.

use std::sync::OnceLock;

use regex::bytes::Regex;
use regex_automata::meta;

use super::keywords::Keywords;
use super::reach::Reach;

/// One rule as gitleaks gives it, keywords lowercased.
struct RuleData {
    id: &'static str,
    regex: &'static str,
    keywords: &'static [&'static str],
    entropy: Option<f64>,
    secret_group: Option<usize>,
    allowlists: &'static [AllowData],
}

/// One allowlist as gitleaks gives it, stopwords lowercased.
struct AllowData {
    regexes: &'static [&'static str],
    against: Against,
    stopwords: &'static [&'static str],
}

// RULES, GLOBAL, WORDS (every keyword once) and WOKEN (for each word, the
// rules it wakes), from gitleaks.json.
include!(concat!(env!("OUT_DIR"), "/gitleaks_rules.rs"));

/// What an allowlist's regexes are matched against.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Against {
    Secret,
    Match,
    Line,
}

/// One allowlist: a finding it matches is not a secret.
pub(crate) struct Allow {
    sources: &'static [&'static str],
    regexes: OnceLock<Vec<Regex>>,
    pub(crate) against: Against,
    /// Lowercased; a secret containing one is not a secret.
    pub(crate) stopwords: &'static [&'static str],
}

impl Allow {
    fn new(data: &'static AllowData) -> Allow {
        Allow {
            sources: data.regexes,
            regexes: OnceLock::new(),
            against: data.against,
            stopwords: data.stopwords,
        }
    }

    /// The regexes, compiled on first use; one that does not compile is
    /// left out (a test holds every one to compiling).
    pub(crate) fn regexes(&self) -> &[Regex] {
        self.regexes
            .get_or_init(|| self.sources.iter().filter_map(|s| compile(s)).collect())
    }
}

/// One rule.
pub(crate) struct Rule {
    /// gitleaks' id, e.g. `github-pat`: what a redaction is named by.
    pub(crate) id: &'static str,
    pub(crate) source: &'static str,
    compiled: OnceLock<Option<(meta::Regex, Reach)>>,
    /// The least Shannon entropy a secret must have, if any.
    pub(crate) entropy: Option<f64>,
    /// The capture group that is the secret; else the first that matched,
    /// else the whole match.
    pub(crate) group: Option<usize>,
    pub(crate) allows: Vec<Allow>,
    /// Its keywords, lowercased: where its match starts is read from them.
    keywords: &'static [&'static str],
}

impl Rule {
    /// The regex, compiled on first use; `None` if it does not compile.
    pub(crate) fn regex(&self) -> Option<&meta::Regex> {
        self.compiled().map(|(regex, _)| regex)
    }

    /// How far a match can reach; `None` if the regex does not compile.
    pub(crate) fn reach(&self) -> Option<Reach> {
        self.compiled().map(|(_, reach)| *reach)
    }

    fn compiled(&self) -> Option<&(meta::Regex, Reach)> {
        self.compiled
            .get_or_init(|| compile_rule(self.source, self.keywords))
            .as_ref()
    }
}

/// Every rule, and the keywords that wake them.
pub(crate) struct Rules {
    pub(crate) rules: Vec<Rule>,
    pub(crate) global: Allow,
    pub(crate) keywords: Keywords,
    /// For each keyword (by its index), the rules it wakes.
    pub(crate) woken: &'static [&'static [usize]],
}

impl Rules {
    /// The most bytes a match of any rule whose matches are bounded can
    /// hold: how far the pieces of a stream scanned without line breaks
    /// overlap. Parsed (not compiled) once, when a stream first needs it.
    pub(crate) fn longest(&self) -> usize {
        static LONGEST: OnceLock<usize> = OnceLock::new();
        *LONGEST.get_or_init(|| {
            self.rules
                .iter()
                .filter_map(|rule| parse(rule.source))
                .filter_map(|hir| hir.properties().maximum_len())
                .max()
                .unwrap_or(0)
        })
    }
}

/// The rule set, made on first use from the compiled-in tables.
pub(crate) fn rules() -> &'static Rules {
    static RULES_SET: OnceLock<Rules> = OnceLock::new();
    RULES_SET.get_or_init(load)
}

fn load() -> Rules {
    Rules {
        rules: RULES
            .iter()
            .map(|rule| Rule {
                id: rule.id,
                source: rule.regex,
                compiled: OnceLock::new(),
                entropy: rule.entropy,
                group: rule.secret_group,
                allows: rule.allowlists.iter().map(Allow::new).collect(),
                keywords: rule.keywords,
            })
            .collect(),
        global: Allow::new(&GLOBAL),
        keywords: Keywords::new(WORDS),
        woken: WOKEN,
    }
}

/// A rule's regex. ASCII classes, as in Go's regexp, whose `\w`, `\s` and
/// `\b` gitleaks wrote these for: Unicode ones made `[\w-]{90,120}` an
/// automaton that took a small observe hundreds of milliseconds to build.
/// Byte regexes, since an ASCII class may stop inside a character. A lazy
/// DFA cache big enough that the generic rule's regex is not left to the
/// PikeVM. No literal prefilter: a rule reads only the lines its keywords
/// are on, where skipping ahead gains little, and extracting the literals
/// was three quarters of the generic rule's compile time (0.67 → 0.14 ms, a
/// cost every small `observe` of text that says "key" paid). A pool of
/// [`POOL`] caches, where the default sizes it by asking the system for its
/// CPUs: reading the cgroup's quota files was a fiftieth of a small
/// observe's CPU. No one-pass DFA: it only resolves a match's groups, which
/// the bounded backtracker does as well on a match's few bytes, and building
/// it was a tenth of a rule's compile. Parsed once, the parse giving the
/// match's reach as well as the regex.
fn compile_rule(source: &str, keywords: &[&str]) -> Option<(meta::Regex, Reach)> {
    let config = meta::Config::new()
        .auto_prefilter(false)
        .utf8_empty(false)
        .nfa_size_limit(Some(64 << 20))
        .hybrid_cache_capacity(16 << 20)
        .pool_capacity(POOL)
        .onepass(false);
    let hir = parse(source)?;
    let regex = meta::Builder::new()
        .configure(config)
        .build_from_hir(&hir)
        .ok()?;
    Some((regex, Reach::of(&hir, keywords)))
}

/// How many search caches a rule's regex keeps for threads other than the
/// one that built it (more threads share them, or make one for a search):
/// what `regex-automata` takes when it cannot ask the system.
const POOL: usize = 8;

/// A rule's regex parsed, with the classes [`compile_rule`] gives it.
pub(crate) fn parse(source: &str) -> Option<regex_syntax::hir::Hir> {
    regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(&literal_braces(source))
        .ok()
}

/// An allowlist's regex: compiled only when a rule has found something.
fn compile(source: &str) -> Option<Regex> {
    regex::bytes::RegexBuilder::new(&literal_braces(source))
        .unicode(false)
        .size_limit(64 << 20)
        .dfa_size_limit(16 << 20)
        .build()
        .ok()
}

/// gitleaks' regexes are Go's, which read a `{` that does not open a
/// repetition (`{{ secrets.X }}`) as a literal; Rust's regex refuses it
/// unescaped.
pub(super) fn literal_braces(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut escaped = false;
    for (i, c) in source.char_indices() {
        if escaped {
            escaped = false;
            out.push(c);
            continue;
        }
        match c {
            '\\' => {
                escaped = true;
                out.push(c);
            }
            '{' if !repetition(&source[i..]) => out.push_str("\\{"),
            _ => out.push(c),
        }
    }
    out
}

/// Whether `rest` starts with `{n}`, `{n,}` or `{n,m}`.
fn repetition(rest: &str) -> bool {
    let Some(end) = rest.find('}') else {
        return false;
    };
    let inner = &rest[1..end];
    let mut parts = inner.splitn(2, ',');
    let first = parts.next().unwrap_or_default();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(first) && parts.next().is_none_or(|m| m.is_empty() || digits(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON the build script reads, to hold its tables to it.
    const DATA: &str = include_str!("gitleaks.json");

    #[test]
    fn the_compiled_in_tables_say_what_the_json_says() {
        let data: serde_json::Value = serde_json::from_str(DATA).unwrap();
        let json_rules = data["rules"].as_array().unwrap();
        assert_eq!(RULES.len(), json_rules.len());
        let lower = |v: &serde_json::Value| -> Vec<String> {
            v.as_array()
                .map(|a| {
                    a.iter()
                        .map(|s| s.as_str().unwrap().to_lowercase())
                        .collect()
                })
                .unwrap_or_default()
        };
        for (index, (rule, json)) in RULES.iter().zip(json_rules).enumerate() {
            assert_eq!(rule.id, json["id"], "rule {index}");
            assert_eq!(rule.regex, json["regex"], "{}", rule.id);
            assert_eq!(rule.keywords, lower(&json["keywords"]), "{}", rule.id);
            assert_eq!(rule.entropy, json["entropy"].as_f64(), "{}", rule.id);
            let group = json["secretGroup"].as_u64().map(|g| g as usize);
            assert_eq!(rule.secret_group, group, "{}", rule.id);
            let allows = json["allowlists"].as_array().map(Vec::len).unwrap_or(0);
            assert_eq!(rule.allowlists.len(), allows, "{}", rule.id);
            for (allow, json) in rule
                .allowlists
                .iter()
                .zip(json["allowlists"].as_array().into_iter().flatten())
            {
                let regexes: Vec<&str> = json["regexes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| r.as_str().unwrap())
                    .collect();
                assert_eq!(allow.regexes, regexes, "{}", rule.id);
                assert_eq!(allow.stopwords, lower(&json["stopwords"]), "{}", rule.id);
                let against = match json["regexTarget"].as_str() {
                    Some("match") => Against::Match,
                    Some("line") => Against::Line,
                    _ => Against::Secret,
                };
                assert!(allow.against == against, "{}", rule.id);
            }
            for keyword in rule.keywords {
                let at = WORDS.iter().position(|w| w == keyword).unwrap();
                assert!(WOKEN[at].contains(&index), "{keyword} wakes {}", rule.id);
            }
        }
        let words: usize = WOKEN.iter().map(|w| w.len()).sum();
        let keywords: usize = RULES.iter().map(|r| r.keywords.len()).sum();
        assert_eq!(words, keywords, "every (keyword, rule) pair once");
        let global = &data["allowlist"];
        assert_eq!(
            GLOBAL.regexes.len(),
            global["regexes"].as_array().unwrap().len()
        );
        assert_eq!(GLOBAL.stopwords, lower(&global["stopwords"]));
    }

    #[test]
    fn every_rule_and_allowlist_compiles_and_the_asked_for_classes_are_there() {
        assert!(RULES.len() > 150, "{}", RULES.len());
        let set = rules();
        assert_eq!(set.rules.len(), RULES.len());
        for rule in &set.rules {
            assert!(rule.regex().is_some(), "{} does not compile", rule.id);
            for allow in &rule.allows {
                assert_eq!(allow.regexes().len(), allow.sources.len(), "{}", rule.id);
            }
        }
        assert_eq!(set.global.regexes().len(), set.global.sources.len());
        for id in [
            "github-pat",
            "github-oauth",
            "github-app-token",
            "github-refresh-token",
            "github-fine-grained-pat",
            "aws-access-token",
            "private-key",
            "slack-bot-token",
            "slack-user-token",
            "slack-webhook-url",
            "stripe-access-token",
            "generic-api-key",
        ] {
            assert!(set.rules.iter().any(|r| r.id == id), "{id} is missing");
        }
    }
}
