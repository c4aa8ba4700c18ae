//! What the freshness check found before a steer acted ([`Freshness`]):
//! its own file because both a steer's record and a proposal carry it, and
//! the entry that holds those must not be what they import it from.

use serde::{Deserialize, Serialize};

/// What the freshness check found before a steer acted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Freshness {
    pub verdict: Verdict,
    /// Observations of the target on the bearing that were checked.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub checked: usize,
    /// What had changed since it was observed (a stale bearing), or why it
    /// could not be checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
    /// Each observation of the target it asked GitHub about, and what it
    /// found. Absent from entries written before helm listed them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub observations: Vec<Checked>,
    /// The slate's observations it did not ask GitHub about, and why
    /// (another target, a newer look at the same parts, a payload no
    /// longer stowed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_checked: Vec<NotChecked>,
}

/// One observation the freshness guard re-checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checked {
    /// The observation's target, as the story names it.
    pub target: String,
    /// `fresh` (GitHub shows what it saw), `stale` (something changed) or
    /// `unchecked` (GitHub did not answer).
    pub verdict: String,
    /// The parts it was asked about (those no newer observation saw); none
    /// when a newer look saw every part it saw, whose verdict it takes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<String>,
}

/// One observation on the slate the freshness guard did not check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotChecked {
    pub target: String,
    pub why: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The freshness verdict: `fresh`, `stale` (acted with `--allow-stale`),
/// `not-observed` (no observation of the target on the bearing),
/// `no-target` (create-issue, create-pr) or `unchecked` (GitHub could not
/// be asked; acted with `--allow-stale`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(
    description = "The freshness verdict: `fresh`, `stale` (acted with `allowStale`),\n`not-observed` (no observation of the target on the bearing),\n`no-target` (create-issue, create-pr) or `unchecked` (GitHub could not\nbe asked; acted with `allowStale`)."
)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Fresh,
    Stale,
    NotObserved,
    NoTarget,
    Unchecked,
}

impl Freshness {
    pub fn of(verdict: Verdict) -> Freshness {
        Freshness {
            verdict,
            checked: 0,
            changed: Vec::new(),
            observations: Vec::new(),
            not_checked: Vec::new(),
        }
    }
}
