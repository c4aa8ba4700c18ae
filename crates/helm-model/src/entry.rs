//! What a logbook entry records: who acted and why ([`Provenance`]), and what
//! was done ([`EntryAction`], stored as JSON in `logbook.action`).

use serde::{Deserialize, Serialize};

use super::ActionKind;

/// Who acted, in what role, how the thinking was done, and why. All four are
/// required on every `steer` and `log`: no defaults, no config file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Provenance {
    pub identity: String,
    pub role: String,
    pub method: String,
    pub summary: String,
}

impl Provenance {
    /// The four, trimmed, when each is present and not blank; otherwise the
    /// names of those missing (`as`, `role`, `method`, `summary`), for the
    /// front end to say in its own words.
    pub fn given(
        identity: Option<&str>,
        role: Option<&str>,
        method: Option<&str>,
        summary: Option<&str>,
    ) -> Result<Provenance, Vec<&'static str>> {
        let fields = [
            ("as", identity),
            ("role", role),
            ("method", method),
            ("summary", summary),
        ];
        let missing: Vec<&'static str> = fields
            .iter()
            .filter(|(_, value)| value.is_none_or(|v| v.trim().is_empty()))
            .map(|(name, _)| *name)
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let take = |value: Option<&str>| value.unwrap_or_default().trim().to_string();
        Ok(Provenance {
            identity: take(identity),
            role: take(role),
            method: take(method),
            summary: take(summary),
        })
    }
}

/// What a front end says when provenance is missing, before its hint.
pub fn missing_provenance(names: &[String]) -> String {
    format!(
        "missing {}: every entry records who acted, in what role, by what method and why",
        names.join(", ")
    )
}

/// The words `helm log` suggests for a state; any other non-blank text is
/// recorded as given (`waiting for review from bob`), as the original helm does.
pub const SUGGESTED_STATES: [(&str, &str); 3] = [
    ("waiting", "waiting for feedback from someone else"),
    (
        "blocked",
        "blocked on a decision or on something outside the voyage",
    ),
    ("ready", "ready for the next step"),
];

/// The JSON in `logbook.action`: the entry kind and, for a steer, its result in
/// the world. Field names are camelCase and only ever added to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum EntryAction {
    Log {
        /// The state recorded, freeform (stored under `status` since the first
        /// helm that wrote this JSON).
        status: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        request_id: Option<String>,
    },
    Steer(Box<SteerRecord>),
}

/// A performed steer and what it produced on GitHub.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SteerRecord {
    pub steer: ActionKind,
    /// `owner/name` of the repository acted on.
    pub repo: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pr: Option<u64>,
    /// The comment created by `comment` or `reply-inline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment_id: Option<u64>,
    /// The review comment that `reply-inline` answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_reply_to: Option<u64>,
    /// The web page of what was created or changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reviewers: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merge_method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merge_sha: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// What was said: the comment, reply, issue or pull request body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// Labels and assignees asked for on `create-issue`; labels added by
    /// `label`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    /// Labels `label` was asked to remove.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assignees: Vec<String>,
    /// What GitHub applied of what was asked (labels, assignees, reviewers,
    /// teams), when it answered with it: GitHub drops silently what the
    /// token may not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied: Option<Applied>,
    /// The close reason asked for on `close-issue` (`completed`, `not-planned`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_reason: Option<String>,
    /// The head sha a merge was pinned to (sent as `sha`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned_sha: Option<String>,
    /// How the entry learnt the result when it was not GitHub's direct
    /// answer: `saved-answer` or `found-on-github` (see ADR 0006).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled: Option<String>,
    /// The freshness check's verdict on the bearing (ADR 0008).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freshness: Option<Freshness>,
    /// The login of the GitHub account whose token acted (ADR 0020), beside
    /// the `--as` identity: a bot acting for a person is normal.
    #[schemars(
        description = "The login of the GitHub account whose token acted (ADR 0020), beside\nthe `as` identity: a bot acting for a person is normal."
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// A merge made although the bearing did not show it ready (ADR 0020).
    #[serde(default, rename = "override", skip_serializing_if = "Option::is_none")]
    pub overridden: Option<Override>,
    /// The review thread (GraphQL node id, `PRRT_…`) that `resolve-thread`
    /// or `unresolve-thread` changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// Whether that thread is resolved afterwards, as GitHub answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<bool>,
}

/// Why a merge went ahead although it was not ready, and what was not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Override {
    /// The caller's `--override` reason.
    #[schemars(description = "The caller's `override` reason.")]
    pub reason: String,
    /// What the bearing showed was not ready (empty when it was ready).
    #[serde(default)]
    pub not_ready: Vec<String>,
}

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
        }
    }
}

/// What GitHub applied of what a steer asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applied {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignees: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reviewers: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<String>>,
    /// Labels `label` was asked to remove that the issue did not have when
    /// helm came to remove them (never there, or removed by someone first):
    /// already as asked, so not a failure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_present: Vec<String>,
}

impl Applied {
    /// What was asked but not applied, as `label 'x'`, `reviewer 'bob'`, ….
    pub fn dropped(&self, record: &SteerRecord) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |what: &str, asked: &[String], applied: &Option<Vec<String>>| {
            if let Some(applied) = applied {
                for name in asked {
                    if !applied.iter().any(|a| a.eq_ignore_ascii_case(name)) {
                        out.push(format!("{what} '{name}'"));
                    }
                }
            }
        };
        check("label", &record.labels, &self.labels);
        check("assignee", &record.assignees, &self.assignees);
        check("reviewer", &record.reviewers, &self.reviewers);
        check("team", &record.teams, &self.teams);
        if let Some(applied) = &self.labels {
            for name in &record.remove {
                if applied.iter().any(|a| a.eq_ignore_ascii_case(name)) {
                    out.push(format!("the removal of label '{name}'"));
                }
            }
        }
        out
    }
}

impl SteerRecord {
    /// A record with only the action and repository filled in.
    pub fn new(steer: ActionKind, repo: impl Into<String>) -> Self {
        SteerRecord {
            steer,
            repo: repo.into(),
            issue: None,
            pr: None,
            comment_id: None,
            in_reply_to: None,
            url: None,
            title: None,
            state: None,
            state_reason: None,
            draft: None,
            head: None,
            base: None,
            reviewers: Vec::new(),
            teams: Vec::new(),
            merge_method: None,
            merge_sha: None,
            request_id: None,
            body: None,
            labels: Vec::new(),
            remove: Vec::new(),
            assignees: Vec::new(),
            applied: None,
            close_reason: None,
            pinned_sha: None,
            settled: None,
            freshness: None,
            actor: None,
            overridden: None,
            thread: None,
            resolved: None,
        }
    }
}

impl EntryAction {
    pub fn is_steer(&self) -> bool {
        matches!(self, EntryAction::Steer(_))
    }

    pub fn request_id(&self) -> Option<&str> {
        match self {
            EntryAction::Log { request_id, .. } => request_id.as_deref(),
            EntryAction::Steer(record) => record.request_id.as_deref(),
        }
    }

    pub fn set_request_id(&mut self, id: Option<String>) {
        match self {
            EntryAction::Log { request_id, .. } => *request_id = id,
            EntryAction::Steer(record) => record.request_id = id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_actions_are_tagged_and_camel_case() {
        let action = EntryAction::Log {
            status: "waiting".into(),
            request_id: Some("r1".into()),
        };
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"log","status":"waiting","requestId":"r1"}"#
        );
        assert_eq!(serde_json::from_str::<EntryAction>(&json).unwrap(), action);
    }

    #[test]
    fn steer_actions_flatten_their_record() {
        let mut record = SteerRecord::new(ActionKind::MergePr, "o/r");
        record.pr = Some(45);
        record.merge_sha = Some("0123456789abcdef".into());
        let action = EntryAction::Steer(Box::new(record));
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"steer","steer":"merge-pr","repo":"o/r","pr":45,"mergeSha":"0123456789abcdef"}"#
        );
    }
}
