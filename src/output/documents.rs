//! The JSON documents helm prints (`--json`, MCP tool results), one
//! `#[derive(Serialize)]` type each, borrowing from the values the core
//! returns. docs/json.md describes them; field names are camelCase and only
//! ever added to. Each also derives `JsonSchema`, from which the MCP tools'
//! output schemas are made, so a document and its schema cannot drift.

use helm_core::Headline;
use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

use super::stored::{ActionJson, TargetJson};
use crate::model::Voyage;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;
use helm_core::PendingRecord as Record;

/// One observation on the slate or in a bearing.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ObservationView<'a> {
    pub(crate) target: TargetJson<'a>,
    pub(crate) artifact: &'a str,
    pub(crate) observed_at: &'a str,
    /// The compressed size, on slate rows only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stored_bytes: Option<u64>,
    /// `reduced` or `jettisoned`; absent while the payload is stowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) artifact_status: Option<&'a str>,
}

impl<'a> ObservationView<'a> {
    pub(crate) fn of(observation: &'a Observation) -> ObservationView<'a> {
        ObservationView {
            target: TargetJson::of(&observation.target),
            artifact: &observation.artifact,
            observed_at: &observation.observed_at,
            stored_bytes: None,
            artifact_status: (!observation.is_stowed()).then_some(observation.status_text()),
        }
    }

    pub(crate) fn with_size(observation: &'a Observation) -> ObservationView<'a> {
        ObservationView {
            stored_bytes: Some(observation.stored_bytes),
            ..ObservationView::of(observation)
        }
    }
}

/// What every view of a logbook entry starts with: who, when, what.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EntryHead<'a> {
    pub(crate) id: i64,
    /// `steer`, `log`, `proposal` or `rejection`.
    pub(crate) kind: &'static str,
    pub(crate) recorded_at: &'a str,
    pub(crate) identity: &'a str,
    pub(crate) role: &'a str,
    pub(crate) method: &'a str,
    pub(crate) summary: &'a str,
    /// The story line after `── Steer 3 ──`, e.g. `create PR #45`: the
    /// action read by this helm, whichever helm recorded it.
    pub(crate) headline: String,
    /// The stored action JSON, as recorded (a steer's carries `body`,
    /// `title`, `url`, …).
    pub(crate) action: ActionJson<'a>,
}

impl<'a> EntryHead<'a> {
    pub(crate) fn of(entry: &'a Entry) -> EntryHead<'a> {
        EntryHead {
            id: entry.id,
            kind: entry.kind_name(),
            recorded_at: &entry.recorded_at,
            identity: &entry.provenance.identity,
            role: &entry.provenance.role,
            method: &entry.provenance.method,
            summary: &entry.provenance.summary,
            headline: entry.headline(),
            action: ActionJson::of(&entry.action),
        }
    }
}

/// One logbook entry, the shape `voyage show`, `steer` and `log` share.
#[derive(Serialize, JsonSchema)]
pub(crate) struct EntryView<'a> {
    #[serde(flatten)]
    pub(crate) head: EntryHead<'a>,
    pub(crate) bearing: Vec<ObservationView<'a>>,
}

impl<'a> EntryView<'a> {
    pub(crate) fn of(entry: &'a Entry) -> EntryView<'a> {
        EntryView {
            head: EntryHead::of(entry),
            bearing: entry.bearing.iter().map(ObservationView::of).collect(),
        }
    }
}

/// What `steer` and `log` print: the entry, whether it was replayed, and
/// what the caller should know.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct RecordedView<'a> {
    #[serde(flatten)]
    pub(crate) entry: EntryView<'a>,
    pub(crate) replayed: bool,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub(crate) warnings: &'a [String],
}

/// The `steer` tool's result: the entry recorded ([`RecordedView`]), or with
/// `dryRun` what it would do (`rehearsal::RehearsedView`). A schema only: one object
/// with both's fields, of which only `replayed` is always there (a
/// requirement per branch would be a `required` naming properties its
/// branch does not define, which strict validators such as ajv refuse).
pub(crate) struct SteerResultDoc;

impl JsonSchema for SteerResultDoc {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SteerResult".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = <RecordedView<'static> as JsonSchema>::json_schema(generator);
        let dry_run = generator.subschema_for::<super::rehearsal::RehearsalView<'static>>();
        if let Some(object) = schema.as_object_mut() {
            if let Some(properties) = object.get_mut("properties").and_then(|p| p.as_object_mut()) {
                properties.insert("dryRun".into(), dry_run.to_value());
            }
            object.insert("required".into(), serde_json::json!(["replayed"]));
        }
        schema
    }
}

/// One voyage of `voyage list`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ListedView<'a> {
    #[serde(flatten)]
    pub(crate) voyage: &'a Voyage,
    pub(crate) entries: u64,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct UnreadableView<'a> {
    pub(crate) path: &'a Path,
    pub(crate) error: &'a str,
}

/// `voyage list --json`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ListView<'a> {
    pub(crate) voyages: Vec<ListedView<'a>>,
    pub(crate) unreadable: Vec<UnreadableView<'a>>,
    /// Listing active voyages only: how many ended ones were left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ended_not_listed: Option<usize>,
}

/// `slate list --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct SlateView<'a> {
    pub(crate) slate: Vec<ObservationView<'a>>,
}

/// `slate erase --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(description = "The `slate_erase` result.")]
pub(crate) struct ErasedView<'a> {
    pub(crate) target: &'a helm_core::Target,
    pub(crate) erased: bool,
}

/// `slate clear --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ClearedView {
    pub(crate) cleared: usize,
}

/// `voyage export --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ExportedView<'a> {
    pub(crate) voyage: &'a Voyage,
    pub(crate) path: &'a Path,
    pub(crate) bytes: u64,
}

/// One voyage of `voyage verify --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(description = "One voyage of the `voyage_verify` result.")]
pub(crate) struct VerifiedView<'a> {
    pub(crate) id: &'a str,
    pub(crate) path: &'a Path,
    pub(crate) ok: bool,
    pub(crate) problems: &'a [String],
    pub(crate) entries: u64,
    pub(crate) artifacts: u64,
    pub(crate) interrupted: usize,
    /// With `--signatures`: how many commits synced through a git remote
    /// had their signature checked (0: none came through a remote here).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) signatures: Option<usize>,
}

/// `voyage verify --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct VerificationView<'a> {
    pub(crate) ok: bool,
    pub(crate) voyages: Vec<VerifiedView<'a>>,
}

/// `completions --json` and `man --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct ScriptView<'a> {
    pub(crate) shell: &'a str,
    pub(crate) script: &'a str,
}

#[derive(Serialize, JsonSchema)]
pub(crate) struct PageView<'a> {
    pub(crate) format: &'a str,
    pub(crate) page: &'a str,
}

/// `interrupted list --json`.
#[derive(Serialize, JsonSchema)]
pub(crate) struct InterruptedView<'a> {
    pub(crate) interrupted: &'a [Record],
}

/// `interrupted settle|discard --json`: what became of the attempt.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SettledView<'a> {
    /// `recorded`, `already-recorded`, `nothing-happened` or `discarded`.
    #[schemars(extend("enum" = ["recorded", "already-recorded", "nothing-happened", "discarded"]))]
    pub(crate) outcome: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) entry: Option<EntryView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) attempt: Option<&'a Record>,
}

/// One entry in `voyage brief --json`: who, what was done or said, and how
/// many observations its bearing holds (not the bearing itself).
#[derive(Serialize, JsonSchema)]
#[schemars(
    description = "One entry in the `voyage_brief` result: who, what was done or said, and how\nmany observations its bearing holds (not the bearing itself)."
)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BriefEntryView<'a> {
    #[serde(flatten)]
    pub(crate) head: EntryHead<'a>,
    pub(crate) bearing_size: usize,
}

impl<'a> BriefEntryView<'a> {
    pub(crate) fn of(entry: &'a Entry) -> BriefEntryView<'a> {
        BriefEntryView {
            head: EntryHead::of(entry),
            bearing_size: entry.bearing.len(),
        }
    }
}

/// `voyage brief --json`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BriefView<'a> {
    pub(crate) voyage: &'a Voyage,
    /// Proposals waiting for a decision.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub(crate) proposals: &'a [helm_core::Waiting],
    pub(crate) entries: usize,
    pub(crate) recent: Vec<BriefEntryView<'a>>,
    /// Where the voyage stands: its end (not an entry), else its latest entry.
    pub(crate) current: Option<&'a helm_core::CurrentState>,
    /// The latest logged state, which a later steer or the end outdates.
    pub(crate) last_logged: Option<&'a helm_core::LoggedState>,
    /// The voyage's last push and pull per remote, as recorded here.
    pub(crate) synced: &'a [helm_core::RemoteSync],
    pub(crate) github: &'a [helm_core::Touched],
    pub(crate) interrupted: &'a [Record],
    pub(crate) slate: Vec<ObservationView<'a>>,
    /// Other voyages matching this one's intent; absent when none does.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub(crate) related: &'a [helm_core::Related],
}

/// `observe --json`: what was looked at, when, the artifact it is stored
/// as, and the payload. The document is written by `output::observe`
/// straight from the packed bytes (a big payload is never parsed again);
/// this type gives its schema, and the MCP tests check every result
/// against it.
#[derive(JsonSchema)]
#[serde(rename_all = "camelCase")]
#[expect(dead_code, reason = "a schema only: nothing builds or reads it")]
pub(crate) struct ObservedDoc {
    pub(crate) target: helm_core::Target,
    pub(crate) observed_at: String,
    /// The SHA-256 of the payload, the artifact's key.
    pub(crate) artifact: String,
    /// The one line the story shows for it: for a pull request its CI
    /// (check runs, statuses, combined state) and each reviewer's decision.
    /// Absent when the payload was streamed (a big file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) digest: Option<String>,
    /// What changed since the previous look at the same target, who did
    /// it and what they said (bounded); empty when nothing did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) changes: Option<Vec<String>>,
    /// A pull request's readiness to merge, every blocker at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) readiness: Option<helm_core::Readiness>,
    /// What was seen; its shape depends on the target's kind (docs/json.md).
    pub(crate) payload: serde_json::Map<String, serde_json::Value>,
}

/// `artifact show --json`: an artifact's payload, or a reduced one's
/// summary (`{"kind": "summary", "of", "method", "text"}`), as stored. Its
/// schema is an explicitly open JSON object: a payload is shaped by the
/// observation kind that made it, and an artifact does not record which.
#[derive(JsonSchema)]
#[schemars(transparent)]
#[expect(dead_code, reason = "a schema only: nothing builds or reads it")]
pub(crate) struct PayloadDoc(pub serde_json::Map<String, serde_json::Value>);
