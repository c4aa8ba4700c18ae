//! A performed steer as its entry records it: the fields every steer shares
//! (which action, where, the web page, the request id, how the result was
//! learnt, the freshness verdict, the acting account) and the part the
//! action defines in its own file (`actions/<action>.rs` in helm-core),
//! kept here as JSON so that the model needs to know no action.
//!
//! The stored JSON must stay byte for byte what helm has always written:
//! one flat object whose fields come in the order of the single struct
//! that held every action's fields before. [`FIELD_ORDER`] is that order;
//! a field it does not name (one a later action adds) follows them, in the
//! order its action's part writes it.

use serde::de::{DeserializeOwned, Error as _};
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::ActionKind;
use super::freshness::Freshness;
use super::trace::Trace;

/// Where each field of a steer's JSON goes, as helm has written it since
/// the first entries: shared and per-action fields interleaved. Only ever
/// added to; a field missing here is written after these.
pub const FIELD_ORDER: &[&str] = &[
    "steer",
    "repo",
    "forge",
    "host",
    "issue",
    "pr",
    "commentId",
    "inReplyTo",
    "url",
    "title",
    "state",
    "stateReason",
    "draft",
    "head",
    "base",
    "reviewers",
    "teams",
    "mergeMethod",
    "mergeSha",
    "requestId",
    "body",
    "labels",
    "remove",
    "assignees",
    "applied",
    "closeReason",
    "pinnedSha",
    "settled",
    "freshness",
    "actor",
    "override",
    "thread",
    "resolved",
    "trace",
    "completedAfterCancel",
];

/// The names of the fields every steer shares, which no action's part may
/// use.
pub(crate) const SHARED_FIELDS: &[&str] = &[
    "steer",
    "repo",
    "forge",
    "host",
    "issue",
    "pr",
    "url",
    "requestId",
    "settled",
    "freshness",
    "actor",
    "allowedSecrets",
    "approval",
    "trace",
    "completedAfterCancel",
];

/// What an action's entry records of its own, by JSON field name, as its
/// part type in helm-core writes it.
pub(crate) type PartFields = Map<String, Value>;

/// A performed steer and what it produced on GitHub.
#[derive(Clone, Debug, PartialEq, Eq, schemars::JsonSchema)]
#[schemars(rename_all = "camelCase")]
pub struct SteerRecord {
    pub steer: ActionKind,
    /// `owner/name` of the repository acted on; GitLab's nested
    /// `group/sub/project` on another forge.
    pub repo: String,
    /// The forge acted on when it is not GitHub (`gitlab`, `forgejo`), so
    /// a reader knows where `repo` is; absent on GitHub, whose entries keep
    /// their bytes (issue 41).
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub forge: Option<String>,
    /// The forge's host, beside `forge`: `repo` names a repository only on
    /// its own server.
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<u64>,
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub pr: Option<u64>,
    /// The web page of what was created or changed.
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub(crate) request_id: Option<String>,
    /// How the entry learnt the result when it was not the forge's direct
    /// answer: `saved-answer`, or `found-on-github` (see ADR 0006) and
    /// `found-on-gitlab` or `found-on-forgejo` on those forges.
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub settled: Option<String>,
    /// The freshness check's verdict on the bearing (ADR 0008).
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub freshness: Option<Freshness>,
    /// The login of the GitHub account whose token acted (ADR 0020), beside
    /// the `--as` identity: a bot acting for a person is normal.
    #[schemars(
        description = "The login of the GitHub account whose token acted (ADR 0020), beside\nthe `as` identity: a bot acting for a person is normal."
    )]
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    /// The secret rules the steer was allowed to post (issue 34): a title or
    /// body holding a secret of another rule is refused.
    #[schemars(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_secrets: Vec<String>,
    /// The proposal this steer performed, its proposer and approver
    /// (issue 42).
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub approval: Option<super::proposal::Approval>,
    /// The caller's W3C trace context, when it sent one (issue 43 item 9).
    #[schemars(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Trace>,
    /// The MCP call that asked for it was cancelled after its write had
    /// gone out: helm completed and recorded it, but the caller never got
    /// the answer (issue 43 item 6).
    #[schemars(default, skip_serializing_if = "std::ops::Not::not")]
    pub completed_after_cancel: bool,
    /// The action's own fields (its schema is the action's part's, which
    /// helm-core adds to this one).
    #[schemars(skip)]
    pub part: PartFields,
}

impl SteerRecord {
    /// A record with only the action and repository filled in.
    pub fn new(steer: ActionKind, repo: impl Into<String>) -> Self {
        SteerRecord {
            steer,
            repo: repo.into(),
            forge: None,
            host: None,
            issue: None,
            pr: None,
            url: None,
            request_id: None,
            settled: None,
            freshness: None,
            actor: None,
            allowed_secrets: Vec::new(),
            approval: None,
            trace: None,
            completed_after_cancel: false,
            part: PartFields::new(),
        }
    }

    /// The action's part read as its type. A field of another shape than
    /// the type's (a hand-edited entry) leaves the part as if empty: the
    /// shared fields still read.
    pub fn part<T: DeserializeOwned + Default>(&self) -> T {
        serde_json::from_value(Value::Object(self.part.clone())).unwrap_or_default()
    }

    /// Replaces the action's part with `part` as its type writes it. A
    /// field named like a shared one is not the part's and is left out.
    pub fn set_part<T: Serialize>(&mut self, part: &T) {
        self.part = match serde_json::to_value(part) {
            Ok(Value::Object(fields)) => fields
                .into_iter()
                .filter(|(name, _)| !SHARED_FIELDS.contains(&name.as_str()))
                .collect(),
            _ => PartFields::new(),
        };
    }

    /// Changes the action's part through its type.
    pub fn edit_part<T: Serialize + DeserializeOwned + Default>(
        &mut self,
        edit: impl FnOnce(&mut T),
    ) {
        let mut part = self.part();
        edit(&mut part);
        self.set_part(&part);
    }

    /// Every field as stored, in [`FIELD_ORDER`].
    fn fields(&self) -> serde_json::Result<Vec<(&str, Value)>> {
        let mut fields = vec![
            ("steer", serde_json::to_value(self.steer)?),
            ("repo", Value::String(self.repo.clone())),
        ];
        let mut shared = |name, value: Option<Value>| {
            if let Some(value) = value {
                fields.push((name, value));
            }
        };
        shared("forge", self.forge.clone().map(Value::String));
        shared("host", self.host.clone().map(Value::String));
        shared("issue", self.issue.map(Value::from));
        shared("pr", self.pr.map(Value::from));
        shared("url", self.url.clone().map(Value::String));
        shared("requestId", self.request_id.clone().map(Value::String));
        shared("settled", self.settled.clone().map(Value::String));
        shared(
            "freshness",
            self.freshness
                .as_ref()
                .map(serde_json::to_value)
                .transpose()?,
        );
        shared("actor", self.actor.clone().map(Value::String));
        shared(
            "allowedSecrets",
            (!self.allowed_secrets.is_empty())
                .then(|| serde_json::to_value(&self.allowed_secrets))
                .transpose()?,
        );
        shared(
            "approval",
            self.approval
                .as_ref()
                .map(serde_json::to_value)
                .transpose()?,
        );
        shared(
            "trace",
            self.trace.as_ref().map(serde_json::to_value).transpose()?,
        );
        shared(
            "completedAfterCancel",
            self.completed_after_cancel.then_some(Value::Bool(true)),
        );
        fields.extend(
            self.part
                .iter()
                .map(|(name, value)| (name.as_str(), value.clone())),
        );
        let place = |name: &str| {
            FIELD_ORDER
                .iter()
                .position(|known| *known == name)
                .unwrap_or(FIELD_ORDER.len())
        };
        // Stable: fields the table does not know keep the part's order.
        fields.sort_by_key(|(name, _)| place(name));
        Ok(fields)
    }
}

impl Serialize for SteerRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let fields = self.fields().map_err(S::Error::custom)?;
        let mut map = serializer.serialize_map(Some(fields.len()))?;
        for (name, value) in &fields {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for SteerRecord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut part = PartFields::deserialize(deserializer)?;
        fn take<T: DeserializeOwned, E: serde::de::Error>(
            part: &mut PartFields,
            name: &str,
        ) -> Result<Option<T>, E> {
            match part.shift_remove(name) {
                None | Some(Value::Null) => Ok(None),
                Some(value) => serde_json::from_value(value)
                    .map(Some)
                    .map_err(|err| E::custom(format!("{name}: {err}"))),
            }
        }
        let steer = take(&mut part, "steer")?.ok_or_else(|| D::Error::missing_field("steer"))?;
        let repo = take(&mut part, "repo")?.ok_or_else(|| D::Error::missing_field("repo"))?;
        Ok(SteerRecord {
            steer,
            repo,
            forge: take(&mut part, "forge")?,
            host: take(&mut part, "host")?,
            issue: take(&mut part, "issue")?,
            pr: take(&mut part, "pr")?,
            url: take(&mut part, "url")?,
            request_id: take(&mut part, "requestId")?,
            settled: take(&mut part, "settled")?,
            freshness: take(&mut part, "freshness")?,
            actor: take(&mut part, "actor")?,
            allowed_secrets: take(&mut part, "allowedSecrets")?.unwrap_or_default(),
            approval: take(&mut part, "approval")?,
            // Another machine's entry may claim anything here: what is not
            // a checked trace reads as none, and the rest still reads.
            trace: part
                .shift_remove("trace")
                .and_then(|value| serde_json::from_value(value).ok()),
            completed_after_cancel: part
                .shift_remove("completedAfterCancel")
                .is_some_and(|value| value == Value::Bool(true)),
            part,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field the single struct of old wrote, in its order: read and
    /// written again, the text is the same.
    #[test]
    fn every_historical_field_is_written_back_where_it_was() {
        let stored = r#"{"steer":"merge-pr","repo":"o/r","forge":"gitlab","host":"gitlab.example.com","issue":1,"pr":2,"commentId":3,"inReplyTo":4,"url":"u","title":"t","state":"s","stateReason":"sr","draft":true,"head":"h","base":"b","reviewers":["r"],"teams":["t"],"mergeMethod":"squash","mergeSha":"m","requestId":"q","body":"B","labels":["l"],"remove":["x"],"assignees":["a"],"applied":{"labels":["l"],"notPresent":["x"]},"closeReason":"completed","pinnedSha":"p","settled":"saved-answer","freshness":{"verdict":"stale","checked":2,"changed":["c"]},"actor":"bot","override":{"reason":"why","notReady":[]},"thread":"PRRT_1","resolved":false,"trace":{"traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01","tracestate":"a=1"},"completedAfterCancel":true}"#;
        let record: SteerRecord = serde_json::from_str(stored).unwrap();
        assert_eq!(serde_json::to_string(&record).unwrap(), stored);
        let names: Vec<&str> = record.fields().unwrap().iter().map(|(n, _)| *n).collect();
        assert_eq!(names, FIELD_ORDER);
    }

    #[test]
    fn fields_the_table_does_not_know_follow_in_the_parts_order() {
        let mut record = SteerRecord::new(ActionKind::Comment, "o/r");
        record.actor = Some("bot".into());
        record.set_part(&serde_json::json!({"zeta": 1, "body": "b", "alpha": 2, "url": "x"}));
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"steer":"comment","repo":"o/r","body":"b","actor":"bot","zeta":1,"alpha":2}"#
        );
    }

    #[test]
    fn a_stored_trace_that_is_none_leaves_the_record_readable() {
        let stored = r#"{"steer":"comment","repo":"o/r","trace":{"traceparent":"junk"},"completedAfterCancel":"yes","body":"b"}"#;
        let record: SteerRecord = serde_json::from_str(stored).unwrap();
        assert_eq!(record.trace, None);
        assert!(!record.completed_after_cancel);
        assert_eq!(
            serde_json::to_string(&record).unwrap(),
            r#"{"steer":"comment","repo":"o/r","body":"b"}"#
        );
    }

    #[test]
    fn a_missing_steer_or_repository_is_not_a_record() {
        assert!(serde_json::from_str::<SteerRecord>(r#"{"repo":"o/r"}"#).is_err());
        assert!(serde_json::from_str::<SteerRecord>(r#"{"steer":"comment"}"#).is_err());
        assert!(
            serde_json::from_str::<SteerRecord>(r#"{"steer":"comment","repo":"o/r","pr":"x"}"#)
                .is_err()
        );
    }
}
