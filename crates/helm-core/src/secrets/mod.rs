//! Secrets found and redacted before anything is stored or posted (issue
//! 34): a payload's text is scanned before it is hashed, each secret
//! replaced by `[redacted: <rule>]`, and the payload records how many each
//! rule found and where, never what. The rules are gitleaks' (`rules.rs`).

#[cfg(test)]
mod edges;
#[cfg(test)]
mod examples;
mod keywords;
mod many;
mod reach;
mod rules;
mod scan;
mod stream;
mod value;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub(crate) use many::redact_each;
pub(crate) use scan::{find, redact};
pub(crate) use stream::Redacting;
pub(crate) use value::{KEY, redact_payload};

/// One line of a payload's record: at this place, this rule's markers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct Redaction {
    /// Where: the JSON pointer of the string in the payload.
    pub at: String,
    /// The gitleaks rule that found the secrets, e.g. `github-pat`.
    pub rule: String,
    /// How many were replaced there.
    pub count: u64,
}

/// The record from a redactor's counts, at `at`.
pub(crate) fn lines_at(at: &str, counts: &BTreeMap<&str, u64>) -> Vec<Redaction> {
    counts
        .iter()
        .map(|(rule, count)| Redaction {
            at: at.to_string(),
            rule: rule.to_string(),
            count: *count,
        })
        .collect()
}

/// `2 secrets redacted (github-pat, private-key)`, or `None`.
pub(crate) fn said(record: &[Redaction]) -> Option<String> {
    if record.is_empty() {
        return None;
    }
    let total: u64 = record.iter().map(|r| r.count).sum();
    let mut rules: Vec<&str> = record.iter().map(|r| r.rule.as_str()).collect();
    rules.sort_unstable();
    rules.dedup();
    Some(format!(
        "{total} {} redacted ({})",
        if total == 1 { "secret" } else { "secrets" },
        rules.join(", ")
    ))
}
