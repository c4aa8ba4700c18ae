//! Finding secrets in one text, as gitleaks judges a fragment: a rule runs
//! only where one of its keywords appears; its match's secret (the capture
//! group) must reach the rule's entropy and pass every allowlist.

use std::collections::BTreeMap;

use super::keywords::Hit;
use super::rules::{Against, Allow, Rule, rules};

/// One secret in a text: the rule that found it and the secret's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub rule: &'static str,
    pub start: usize,
    pub end: usize,
    /// Where the rule's whole match starts (its key, before the secret): a
    /// stream that must scan a match again keeps it from there.
    pub(crate) matched: usize,
}

/// How far past its keyword a rule whose match can hold any number of line
/// breaks (a key block's `[\s\S]`) reads.
const SPAN: usize = 64 << 10;

/// Every secret in `text`, in order, none overlapping another.
///
/// A rule runs only around its keywords: on the keyword's line, as many
/// lines after it as its match can hold line breaks (gitleaks' generic rule
/// takes a value from the line after its key) and as many before it as its
/// match can hold before its keyword (none, for most), or, for a rule whose
/// match can hold any number (a key block), from there on for [`SPAN`].
/// Running the generic rule's regex over whole megabytes of text that
/// merely mention a `key` somewhere cost a 256 MiB file minutes; the lines
/// around its keywords cost it little.
pub(crate) fn find(text: &str) -> Vec<Found> {
    find_from(text, rules().keywords.find(text.as_bytes()))
}

/// [`find`], given where the keywords are in `text` (every one of them).
pub(crate) fn find_from(text: &str, hits: Vec<Hit>) -> Vec<Found> {
    let set = rules();
    let bytes = text.as_bytes();
    // (rule, start, end) of each window a rule is to read.
    let mut windows: Vec<(usize, usize, usize)> = Vec::new();
    // The line of the last hit (hits come in order, often several a line),
    // and the windows of so many lines around it already measured.
    let mut line: Option<(usize, usize)> = None;
    let mut around: Vec<((usize, usize), usize, usize)> = Vec::new();
    for hit in hits {
        let (start, end) = match line {
            Some((start, end)) if (start..end).contains(&hit.start) => (start, end),
            _ => {
                let start = memchr::memrchr(b'\n', &bytes[..hit.start]).map_or(0, |i| i + 1);
                let end =
                    memchr::memchr(b'\n', &bytes[hit.end..]).map_or(text.len(), |i| hit.end + i);
                line = Some((start, end));
                around.clear();
                (start, end)
            }
        };
        for &rule in set.woken[hit.word] {
            let Some(reach) = set.rules[rule].reach() else {
                continue;
            };
            let (from, to) = match (reach.before, reach.lines) {
                (_, Some(0)) => (start, end),
                (Some(up), Some(down)) => match around.iter().find(|(m, _, _)| *m == (up, down)) {
                    Some(&(_, from, to)) => (from, to),
                    None => {
                        let (from, to) = lines_around(bytes, start, end, up, down);
                        around.push(((up, down), from, to));
                        (from, to)
                    }
                },
                _ => (start, floor(text, hit.end.saturating_add(SPAN))),
            };
            windows.push((rule, from, to));
        }
    }
    if windows.is_empty() {
        return Vec::new();
    }
    windows.sort_unstable();
    let mut found = Vec::new();
    let mut current: Option<(usize, usize, usize)> = None;
    for (rule, start, end) in windows {
        match &mut current {
            // The same rule on an overlapping or adjacent window: one read.
            Some((r, _, e)) if *r == rule && start <= *e + 1 => *e = (*e).max(end),
            _ => {
                if let Some((r, s, e)) = current.take() {
                    find_by(&set.rules[r], &set.global, text, s, e, &mut found);
                }
                current = Some((rule, start, end));
            }
        }
    }
    if let Some((r, s, e)) = current {
        find_by(&set.rules[r], &set.global, text, s, e, &mut found);
    }
    // The earliest first, the longest of those, a rule that knows the
    // token's shape before the generic one; then drop what overlaps.
    let generic = |f: &Found| f.rule.starts_with("generic-");
    found.sort_by(|a, b| (a.start, b.end, generic(a)).cmp(&(b.start, a.end, generic(b))));
    let mut kept: Vec<Found> = Vec::with_capacity(found.len());
    for f in found {
        if kept.last().is_none_or(|last| f.start >= last.end) {
            kept.push(f);
        }
    }
    kept
}

/// The line `start..end` with `up` lines before it and `down` after it.
fn lines_around(bytes: &[u8], start: usize, end: usize, up: usize, down: usize) -> (usize, usize) {
    let mut from = start;
    for _ in 0..up {
        if from == 0 {
            break;
        }
        from = memchr::memrchr(b'\n', &bytes[..from - 1]).map_or(0, |i| i + 1);
    }
    let mut to = end;
    for _ in 0..down {
        if to >= bytes.len() {
            break;
        }
        to = memchr::memchr(b'\n', &bytes[to + 1..]).map_or(bytes.len(), |i| to + 1 + i);
    }
    (from, to)
}

/// `at`, or the nearest character boundary of `text` before it.
fn floor(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The secrets `rule` finds in `text[from..to]`.
fn find_by(
    rule: &'static Rule,
    global: &Allow,
    text: &str,
    from: usize,
    to: usize,
    found: &mut Vec<Found>,
) {
    let Some(regex) = rule.regex() else { return };
    let window = &text.as_bytes()[from..to];
    // One search a match, its groups with it.
    for caps in regex.captures_iter(window) {
        let Some(whole) = caps.get_match() else {
            continue;
        };
        let span = match rule.group {
            Some(group) => caps.get_group(group),
            None => (1..caps.group_len()).find_map(|i| caps.get_group(i)),
        }
        .unwrap_or(whole.span());
        let secret = &window[span.range()];
        if secret.is_empty() {
            continue;
        }
        if let Some(least) = rule.entropy
            && entropy(secret) < least
        {
            continue;
        }
        let whole_bytes = &window[whole.range()];
        let line = line_of(text, from + whole.start(), from + whole.end());
        let lower = String::from_utf8_lossy(secret).to_lowercase();
        let allowed = |allow: &Allow| {
            let target = match allow.against {
                Against::Secret => secret,
                Against::Match => whole_bytes,
                Against::Line => line.as_bytes(),
            };
            allow.regexes().iter().any(|r| r.is_match(target))
                || allow.stopwords.iter().any(|w| lower.contains(w))
        };
        if allowed(global) || rule.allows.iter().any(allowed) {
            continue;
        }
        // A byte class may stop inside a character: the whole character goes.
        found.push(Found {
            rule: rule.id,
            start: floor(text, from + span.start),
            end: ceil(text, from + span.end),
            matched: floor(text, from + whole.start()),
        });
    }
}

/// `at`, or the nearest character boundary of `text` after it.
fn ceil(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The lines of `text` that the bytes `start..end` touch.
fn line_of(text: &str, start: usize, end: usize) -> &str {
    let bytes = text.as_bytes();
    let from = memchr::memrchr(b'\n', &bytes[..start]).map_or(0, |i| i + 1);
    let to = memchr::memchr(b'\n', &bytes[end..]).map_or(text.len(), |i| end + i);
    &text[floor(text, from)..ceil(text, to)]
}

/// Shannon entropy in bits per byte (a secret is ASCII, where gitleaks'
/// characters are bytes).
fn entropy(text: &[u8]) -> f64 {
    let mut counts = [0usize; 256];
    for &b in text {
        counts[b as usize] += 1;
    }
    let total = text.len();
    counts
        .iter()
        .filter(|&&n| n > 0)
        .map(|&n| {
            let p = n as f64 / total as f64;
            -p * p.log2()
        })
        .sum()
}

/// The marker a secret is replaced by.
pub(crate) fn marker(rule: &str) -> String {
    format!("[redacted: {rule}]")
}

/// `text` with each secret replaced by its marker, and how many each rule
/// found; `None` when there is none.
pub(crate) fn redact(text: &str) -> Option<(String, BTreeMap<&'static str, u64>)> {
    redact_found(text, find(text))
}

/// [`redact`], given the secrets [`find`] found in `text`.
pub(crate) fn redact_found(
    text: &str,
    found: Vec<Found>,
) -> Option<(String, BTreeMap<&'static str, u64>)> {
    if found.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut counts = BTreeMap::new();
    let mut at = 0;
    for f in &found {
        out.push_str(&text[at..f.start]);
        out.push_str(&marker(f.rule));
        *counts.entry(f.rule).or_default() += 1;
        at = f.end;
    }
    out.push_str(&text[at..]);
    Some((out, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Secrets of each class the issue names, built at run time so that this
    /// file holds none a scanner would flag.
    pub(crate) fn samples() -> Vec<(&'static str, String)> {
        let tail36 = "R8xq2ZkP7mLw4NvB9cTj3HsY6dFgA1eUoQiK";
        vec![
            ("github-pat", format!("ghp_{tail36}")),
            ("github-oauth", format!("gho_{tail36}")),
            ("github-app-token", format!("ghu_{tail36}")),
            ("github-app-token", format!("ghs_{tail36}")),
            ("github-refresh-token", format!("ghr_{tail36}")),
            (
                "github-fine-grained-pat",
                format!("github_pat_{}{}", "11ABCDEFG0", tail36.repeat(2)),
            ),
            ("aws-access-token", format!("AKIA{}", "Q7ZK2M4XW6PL3RTB")),
            (
                "slack-bot-token",
                format!(
                    "xoxb-{}-{}-{}",
                    "1234567890", "9876543210123", "Ab3dEf7hIj2kLm9n"
                ),
            ),
            (
                "stripe-access-token",
                format!("sk_{}_{}", "live", "4eC39HqLyjWDarjtT1zdp7dc"),
            ),
        ]
    }

    #[test]
    fn each_class_is_found_and_replaced_by_its_rule_name() {
        for (rule, secret) in samples() {
            let text = format!("before {secret} after\n");
            let (out, counts) = redact(&text).unwrap_or_else(|| panic!("{rule} missed"));
            assert_eq!(out, format!("before [redacted: {rule}] after\n"), "{rule}");
            assert_eq!(counts.get(rule), Some(&1), "{rule}");
        }
    }

    #[test]
    fn a_private_key_block_and_generic_assignments_are_redacted() {
        let body = "MIIEowIBAAKCAQEAx4Zt3Qw9".repeat(4);
        let key = format!("-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----");
        let (out, counts) = redact(&format!("key:\n{key}\nrest")).unwrap();
        assert_eq!(out, "key:\n[redacted: private-key]\nrest");
        assert_eq!(counts.get("private-key"), Some(&1));
        for line in [
            "password=Zx8kQ2pLw9vRt4m",
            "DB_SECRET = \"h7Gk2pQ9xZ4mW8vT\"",
            "api_token: 9fK2xQ7pLm4vW8zR3tYb",
        ] {
            let (out, _) = redact(line).unwrap_or_else(|| panic!("{line} missed"));
            assert!(out.contains("[redacted: generic-api-key]"), "{out}");
        }
    }

    #[test]
    fn a_value_on_the_lines_after_its_key_is_found_as_gitleaks_finds_it() {
        for (text, value) in [
            (
                "db:\n  password:\n    Zx8kQ2pLw9vRt4mB\n  port: 5432\n",
                "Zx8kQ2pLw9vRt4mB",
            ),
            (
                "API_TOKEN =\n  \"h7Gk2pQ9xZ4mW8vTq3\"\n",
                "h7Gk2pQ9xZ4mW8vTq3",
            ),
            (
                "secret\n=\n\n9fK2xQ7pLm4vW8zR3tYb\nrest\n",
                "9fK2xQ7pLm4vW8zR3tYb",
            ),
        ] {
            let (out, counts) = redact(text).unwrap_or_else(|| panic!("{text:?} missed"));
            assert!(!out.contains(value), "{out:?}");
            assert_eq!(counts.get("generic-api-key"), Some(&1), "{text:?}");
        }
        // What keeps the scan cheap: the generic rule reads the lines after
        // its key, none above it.
        let generic = rules().rules.iter().find(|r| r.id == "generic-api-key");
        let reach = generic.and_then(|r| r.reach()).unwrap();
        assert_eq!((reach.before, reach.lines), (Some(0), Some(9)));
        // The same value with its key far above, past what the rule admits, is not.
        let far = format!("password:{}Zx8kQ2pLw9vRt4mB\n", "\n".repeat(12));
        assert_eq!(find(&far), Vec::new());
    }

    #[test]
    fn a_secret_beside_letters_of_other_scripts_is_cut_on_character_bounds() {
        let token = samples()[0].1.clone();
        let (out, _) = redact(&format!("clé:{token}é\n")).unwrap();
        assert_eq!(out, "clé:[redacted: github-pat]é\n");
    }

    #[test]
    fn ordinary_text_and_low_entropy_values_are_left_alone() {
        for text in [
            "The token is read from GH_TOKEN.",
            "password=password",
            "let key = map.get(&name)?;",
            "AKIAIOSFODNN7EXAMPLE",
        ] {
            assert_eq!(find(text), Vec::new(), "{text}");
        }
    }
}
