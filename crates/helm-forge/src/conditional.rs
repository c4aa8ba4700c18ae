//! The conditional look (ADR 0008, ADR 0023): a forge that answers
//! conditional requests (HTTP's `ETag` and `Last-Modified`, sent back as
//! `If-None-Match` and `If-Modified-Since`) is looked at through
//! [`ConditionalLook`], so an observation made again costs a 304 per
//! request that still holds. The core hands in the prior payload's parts
//! ([`Prior`]) and takes back each part the look made ([`NamedPart`]), with
//! the [`Validator`]s of the requests behind it, which the payload keeps for
//! the next look. A forge that answers no conditional requests (GitLab,
//! Forgejo) does not implement the trait and reads whole through
//! [`Repository`](crate::Repository).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::asked::{ChecksOf, LogsWanted, RepoPart, ThreadPart, ThreadRef};
use crate::look_failure::LookError;
use crate::progress::LookProgress;

/// What a server said identifies one answer, and the request that got it.
/// Stored in every payload's `validators`, so its serde is a stored format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Validator {
    /// The request path, relative to the API base.
    pub path: String,
    /// The media type asked for, when not the forge's own JSON (a diff).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub etag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    /// For a page of a listing: which page (from 1). A listing keeps one
    /// validator per page, in order, and ends on a page that is not full.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<usize>,
    /// For a page of a listing: how many items it held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<usize>,
}

impl Validator {
    /// Whether a conditional request can stand for this answer: it has a
    /// tag or a date to send back.
    pub fn usable(&self) -> bool {
        self.etag.is_some() || self.last_modified.is_some()
    }
}

/// One part of a payload: its value, whether a listing was cut, the
/// validators of the requests behind it, and whether it was kept from the
/// prior payload (every request answered 304).
#[derive(Debug, Default)]
pub struct PayloadPart {
    pub value: Value,
    pub truncated: bool,
    pub validators: Vec<Validator>,
    pub kept: bool,
}

/// A part the look made, under its payload name (`summary`, `issues`, …).
#[derive(Debug)]
pub struct NamedPart {
    pub name: &'static str,
    pub part: PayloadPart,
    /// False for a part read only for what another needed (a pull request
    /// read for its head sha alone): its validators and whether it was kept
    /// count, its value is no part of the payload.
    pub shown: bool,
}

/// The prior payload of the same target, as a look reads it: the
/// validators of every part (ADR 0008), and each part's value and whether
/// its listing was cut.
#[derive(Debug)]
pub struct Prior<'a> {
    validators: &'a BTreeMap<String, Vec<Validator>>,
    seen: BTreeMap<&'static str, (Option<&'a Value>, bool)>,
}

impl<'a> Prior<'a> {
    /// A prior payload with these validators; its parts are added with
    /// [`part`](Prior::part).
    pub fn new(validators: &'a BTreeMap<String, Vec<Validator>>) -> Prior<'a> {
        Prior {
            validators,
            seen: BTreeMap::new(),
        }
    }

    /// Adds part `name`: its value (if the payload has it) and whether its
    /// listing was cut.
    pub fn part(mut self, name: &'static str, value: Option<&'a Value>, truncated: bool) -> Self {
        self.seen.insert(name, (value, truncated));
        self
    }

    /// Every part's validators, by payload name.
    pub fn validators(&self) -> &'a BTreeMap<String, Vec<Validator>> {
        self.validators
    }

    /// The value of the prior part `name`, if the payload has it.
    pub fn value(&self, name: &str) -> Option<&'a Value> {
        self.seen.get(name).and_then(|(value, _)| *value)
    }

    /// Whether the prior part `name`'s listing was cut.
    pub fn truncated(&self, name: &str) -> bool {
        self.seen.get(name).is_some_and(|(_, truncated)| *truncated)
    }

    /// The head sha the prior payload saw: its summary's, else its checks'
    /// (both in helm's shapes).
    pub fn head_sha(&self) -> Option<String> {
        let summary = self
            .value("summary")
            .and_then(|s| s["head"]["sha"].as_str());
        let checks = self.value("checks").and_then(|c| c["headSha"].as_str());
        summary.or(checks).map(str::to_string)
    }
}

/// A future of a conditional look: the forge's answer, or its failure for
/// the core to word ([`LookError`]). Boxed and local, as [`crate::Io`] is.
pub type LookIo<'a, T> = Pin<Box<dyn Future<Output = Result<T, LookError>> + 'a>>;

/// A repository on a forge that answers conditional requests: each look
/// asks again, conditionally on `prior`'s validators, only for what it
/// holds, and returns every part it made in helm's shapes.
pub trait ConditionalLook {
    /// The repository as payloads spell it (`OWNER/NAME`).
    fn repo_name(&self) -> String;

    /// An issue's or a pull request's parts `wants` asks for, each under
    /// its [`ThreadPart::name`]. A pull request read only for its head sha
    /// (checks without the summary) comes back not [`shown`](NamedPart::shown).
    fn thread<'a>(
        &'a self,
        at: ThreadRef,
        wants: &'a [ThreadPart],
        prior: Option<&'a Prior<'a>>,
    ) -> LookIo<'a, Vec<NamedPart>>;

    /// A repository's parts `wants` asks for: `issues` and `pullRequests`.
    fn repo<'a>(
        &'a self,
        wants: &'a [RepoPart],
        prior: Option<&'a Prior<'a>>,
    ) -> LookIo<'a, Vec<NamedPart>>;

    /// The CI of `of` with the logs `logs` asks for, counting requests and
    /// log bytes in `progress`. `None` when `prior` still holds whole; else
    /// the `checks` part, and for a pull request its `summary`, read for the
    /// head sha only (not [`shown`](NamedPart::shown)).
    fn checks<'a>(
        &'a self,
        of: &'a ChecksOf,
        logs: LogsWanted,
        prior: Option<&'a Prior<'a>>,
        progress: &'a dyn LookProgress,
    ) -> LookIo<'a, Option<Vec<NamedPart>>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored spelling: camelCase keys, absent fields left out, and a
    /// payload written before any of the optional fields reads the same.
    #[test]
    fn a_validator_reads_and_writes_the_bytes_payloads_hold() {
        let stored = r#"{"path":"/repos/o/r/pulls/1/files?per_page=100","etag":"W/\"x\"","lastModified":"Mon, 01 Jan 2024 00:00:00 GMT","page":1,"items":3}"#;
        let read: Validator = serde_json::from_str(stored).unwrap();
        assert_eq!(read.page, Some(1));
        assert!(read.usable());
        assert_eq!(serde_json::to_string(&read).unwrap(), stored);
        let diff = r#"{"path":"/repos/o/r/pulls/1","accept":"application/vnd.github.diff"}"#;
        let read: Validator = serde_json::from_str(diff).unwrap();
        assert!(!read.usable());
        assert_eq!(serde_json::to_string(&read).unwrap(), diff);
    }

    #[test]
    fn a_prior_payload_names_its_parts_and_its_head() {
        let validators = BTreeMap::new();
        let summary: Value = serde_json::from_str(r#"{"head":{"sha":"abc"}}"#).unwrap();
        let checks: Value = serde_json::from_str(r#"{"headSha":"def"}"#).unwrap();
        let prior = Prior::new(&validators)
            .part("summary", Some(&summary), false)
            .part("checks", Some(&checks), true);
        assert_eq!(prior.head_sha().as_deref(), Some("abc"));
        assert!(prior.truncated("checks") && !prior.truncated("summary"));
        assert!(prior.value("files").is_none() && !prior.truncated("files"));
        let no_summary = Prior::new(&validators).part("checks", Some(&checks), false);
        assert_eq!(no_summary.head_sha().as_deref(), Some("def"));
    }
}
