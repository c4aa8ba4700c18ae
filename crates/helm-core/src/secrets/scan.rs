//! Finding secrets in one text, as gitleaks judges a fragment: a rule runs
//! only where one of its keywords appears; its match's secret (the capture
//! group) must reach the rule's entropy and pass every allowlist.

use std::collections::BTreeMap;

use super::rules::{Against, Allow, Rule, rules};

/// One secret in a text: the rule that found it and the secret's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub rule: &'static str,
    pub start: usize,
    pub end: usize,
}

/// Every secret in `text`, in order, none overlapping another.
pub fn find(text: &str) -> Vec<Found> {
    let set = rules();
    let mut woken = vec![false; set.rules.len()];
    let mut any = false;
    for hit in set.keywords.find_overlapping_iter(text) {
        for &rule in &set.woken[hit.pattern().as_usize()] {
            woken[rule] = true;
            any = true;
        }
    }
    if !any {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (index, rule) in set.rules.iter().enumerate() {
        if woken[index] {
            find_by(rule, &set.global, text, &mut found);
        }
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

fn find_by(rule: &'static Rule, global: &Allow, text: &str, found: &mut Vec<Found>) {
    let Some(regex) = rule.regex() else { return };
    for whole in regex.find_iter(text) {
        let Some(caps) = regex.captures_at(text, whole.start()) else {
            continue;
        };
        let secret = match rule.group {
            Some(group) => caps.get(group),
            None => caps.iter().skip(1).flatten().next(),
        }
        .unwrap_or(whole);
        if secret.is_empty() {
            continue;
        }
        if let Some(least) = rule.entropy
            && entropy(secret.as_str()) < least
        {
            continue;
        }
        let line = line_of(text, whole.start(), whole.end());
        let allowed = |allow: &Allow| {
            let target = match allow.against {
                Against::Secret => secret.as_str(),
                Against::Match => whole.as_str(),
                Against::Line => line,
            };
            allow.regexes().iter().any(|r| r.is_match(target)) || {
                let lower = secret.as_str().to_lowercase();
                allow.stopwords.iter().any(|w| lower.contains(w.as_str()))
            }
        };
        if allowed(global) || rule.allows.iter().any(allowed) {
            continue;
        }
        found.push(Found {
            rule: &rule.id,
            start: secret.start(),
            end: secret.end(),
        });
    }
}

/// The lines of `text` that the bytes `start..end` touch.
fn line_of(text: &str, start: usize, end: usize) -> &str {
    let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let to = text[end..].find('\n').map_or(text.len(), |i| end + i);
    &text[from..to]
}

/// Shannon entropy in bits per character, as gitleaks computes it.
fn entropy(text: &str) -> f64 {
    let mut counts: BTreeMap<char, usize> = BTreeMap::new();
    let mut total = 0usize;
    for c in text.chars() {
        *counts.entry(c).or_default() += 1;
        total += 1;
    }
    counts
        .values()
        .map(|&n| {
            let p = n as f64 / total as f64;
            -p * p.log2()
        })
        .sum()
}

/// The marker a secret is replaced by.
pub fn marker(rule: &str) -> String {
    format!("[redacted: {rule}]")
}

/// `text` with each secret replaced by its marker, and how many each rule
/// found; `None` when there is none.
pub fn redact(text: &str) -> Option<(String, BTreeMap<&'static str, u64>)> {
    let found = find(text);
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
