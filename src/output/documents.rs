//! The JSON documents helm prints (`--json`, MCP tool results), one
//! `#[derive(Serialize)]` type each, borrowing from the values the core
//! returns. docs/json.md describes them; field names are camelCase and only
//! ever added to. Each also derives `JsonSchema`, from which the MCP tools'
//! output schemas are made, so a document and its schema cannot drift.

use crate::actions::Headline;
use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::value::RawValue;

use crate::model::Voyage;
use crate::steering::pending::Record;
use crate::storage::logbook::Entry;
use crate::storage::slate::Observation;

/// `{"error": {kind, message, hint?}}`.
#[derive(Serialize, JsonSchema)]
pub struct ErrorDoc<'a> {
    pub error: ErrorBody<'a>,
}

#[derive(Serialize, JsonSchema)]
pub struct ErrorBody<'a> {
    pub kind: &'a str,
    pub message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<&'a str>,
}

impl<'a> ErrorDoc<'a> {
    /// The document of `err`, its words as a front end rendered them.
    pub fn of(err: &crate::error::Error, message: &'a str, hint: Option<&'a str>) -> Self {
        ErrorDoc {
            error: ErrorBody {
                kind: err.kind().as_str(),
                message,
                hint,
            },
        }
    }
}

/// JSON text as stored (a target, an action): printed as it is, or as a
/// string when it is not JSON.
pub enum TargetJson<'a> {
    Json(&'a RawValue),
    Text(&'a str),
}

impl Serialize for TargetJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            TargetJson::Json(raw) => raw.serialize(s),
            TargetJson::Text(text) => s.serialize_str(text),
        }
    }
}

/// Stored JSON is whatever a helm wrote, this one or an older one: an
/// object, or its text when it is not JSON.
impl JsonSchema for TargetJson<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "StoredJson".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "JSON as recorded in the voyage (an object), or its text if it is not JSON.",
            "type": ["object", "string"]
        })
    }
}

impl<'a> TargetJson<'a> {
    pub fn of(stored: &'a str) -> TargetJson<'a> {
        match serde_json::from_str::<&RawValue>(stored) {
            Ok(raw) => TargetJson::Json(raw),
            Err(_) => TargetJson::Text(stored),
        }
    }
}

/// One observation on the slate or in a bearing.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObservationView<'a> {
    pub target: TargetJson<'a>,
    pub artifact: &'a str,
    pub observed_at: &'a str,
    /// The compressed size, on slate rows only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored_bytes: Option<u64>,
    /// `reduced` or `jettisoned`; absent while the payload is stowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact_status: Option<&'a str>,
}

impl<'a> ObservationView<'a> {
    pub fn of(observation: &'a Observation) -> ObservationView<'a> {
        ObservationView {
            target: TargetJson::of(&observation.target),
            artifact: &observation.artifact,
            observed_at: &observation.observed_at,
            stored_bytes: None,
            artifact_status: (!observation.is_stowed()).then_some(observation.status_text()),
        }
    }

    pub fn with_size(observation: &'a Observation) -> ObservationView<'a> {
        ObservationView {
            stored_bytes: Some(observation.stored_bytes),
            ..ObservationView::of(observation)
        }
    }
}

/// What every view of a logbook entry starts with: who, when, what.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryHead<'a> {
    pub id: i64,
    #[schemars(extend("enum" = ["steer", "log"]))]
    pub kind: &'static str,
    pub recorded_at: &'a str,
    pub identity: &'a str,
    pub role: &'a str,
    pub method: &'a str,
    pub summary: &'a str,
    /// The story line after `── Steer 3 ──`, e.g. `create PR #45`: the
    /// action read by this helm, whichever helm recorded it.
    pub headline: String,
    /// The stored action JSON, as recorded (a steer's carries `body`,
    /// `title`, `url`, …).
    pub action: TargetJson<'a>,
}

impl<'a> EntryHead<'a> {
    pub fn of(entry: &'a Entry) -> EntryHead<'a> {
        EntryHead {
            id: entry.id,
            kind: if entry.is_steer() { "steer" } else { "log" },
            recorded_at: &entry.recorded_at,
            identity: &entry.provenance.identity,
            role: &entry.provenance.role,
            method: &entry.provenance.method,
            summary: &entry.provenance.summary,
            headline: entry.headline(),
            action: TargetJson::of(&entry.action),
        }
    }
}

/// One logbook entry, the shape `voyage show`, `steer` and `log` share.
#[derive(Serialize, JsonSchema)]
pub struct EntryView<'a> {
    #[serde(flatten)]
    pub head: EntryHead<'a>,
    pub bearing: Vec<ObservationView<'a>>,
}

impl<'a> EntryView<'a> {
    pub fn of(entry: &'a Entry) -> EntryView<'a> {
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
pub struct RecordedView<'a> {
    #[serde(flatten)]
    pub entry: EntryView<'a>,
    pub replayed: bool,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub warnings: &'a [String],
}

/// `voyage show --json`.
#[derive(Serialize, JsonSchema)]
pub struct StoryView<'a> {
    pub voyage: &'a Voyage,
    pub entries: Vec<EntryView<'a>>,
    pub slate: Vec<ObservationView<'a>>,
    pub interrupted: &'a [Record],
}

/// One voyage of `voyage list`.
#[derive(Serialize, JsonSchema)]
pub struct ListedView<'a> {
    #[serde(flatten)]
    pub voyage: &'a Voyage,
    pub entries: u64,
}

#[derive(Serialize, JsonSchema)]
pub struct UnreadableView<'a> {
    pub path: &'a Path,
    pub error: &'a str,
}

/// `voyage list --json`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListView<'a> {
    pub voyages: Vec<ListedView<'a>>,
    pub unreadable: Vec<UnreadableView<'a>>,
    /// Listing active voyages only: how many ended ones were left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_not_listed: Option<usize>,
}

/// `slate list --json`.
#[derive(Serialize, JsonSchema)]
pub struct SlateView<'a> {
    pub slate: Vec<ObservationView<'a>>,
}

/// `slate erase --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(description = "The `slate_erase` result.")]
pub struct ErasedView<'a> {
    pub target: &'a crate::observe::Target,
    pub erased: bool,
}

/// `slate clear --json`.
#[derive(Serialize, JsonSchema)]
pub struct ClearedView {
    pub cleared: usize,
}

/// `voyage export --json`.
#[derive(Serialize, JsonSchema)]
pub struct ExportedView<'a> {
    pub voyage: &'a Voyage,
    pub path: &'a Path,
    pub bytes: u64,
}

/// One voyage of `voyage verify --json`.
#[derive(Serialize, JsonSchema)]
#[schemars(description = "One voyage of the `voyage_verify` result.")]
pub struct VerifiedView<'a> {
    pub id: &'a str,
    pub path: &'a Path,
    pub ok: bool,
    pub problems: &'a [String],
    pub entries: u64,
    pub artifacts: u64,
    pub interrupted: usize,
}

/// `voyage verify --json`.
#[derive(Serialize, JsonSchema)]
pub struct VerificationView<'a> {
    pub ok: bool,
    pub voyages: Vec<VerifiedView<'a>>,
}

/// `completions --json` and `man --json`.
#[derive(Serialize, JsonSchema)]
pub struct ScriptView<'a> {
    pub shell: &'a str,
    pub script: &'a str,
}

#[derive(Serialize, JsonSchema)]
pub struct PageView<'a> {
    pub format: &'a str,
    pub page: &'a str,
}

/// `interrupted list --json`.
#[derive(Serialize, JsonSchema)]
pub struct InterruptedView<'a> {
    pub interrupted: &'a [Record],
}

/// `interrupted settle|discard --json`: what became of the attempt.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettledView<'a> {
    /// `recorded`, `already-recorded`, `nothing-happened` or `discarded`.
    #[schemars(extend("enum" = ["recorded", "already-recorded", "nothing-happened", "discarded"]))]
    pub outcome: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<EntryView<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempt: Option<&'a Record>,
}

/// One entry in `voyage brief --json`: who, what was done or said, and how
/// many observations its bearing holds (not the bearing itself).
#[derive(Serialize, JsonSchema)]
#[schemars(
    description = "One entry in the `voyage_brief` result: who, what was done or said, and how\nmany observations its bearing holds (not the bearing itself)."
)]
#[serde(rename_all = "camelCase")]
pub struct BriefEntryView<'a> {
    #[serde(flatten)]
    pub head: EntryHead<'a>,
    pub bearing_size: usize,
}

impl<'a> BriefEntryView<'a> {
    pub fn of(entry: &'a Entry) -> BriefEntryView<'a> {
        BriefEntryView {
            head: EntryHead::of(entry),
            bearing_size: entry.bearing.len(),
        }
    }
}

/// `voyage brief --json`.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BriefView<'a> {
    pub voyage: &'a Voyage,
    pub entries: usize,
    pub recent: Vec<BriefEntryView<'a>>,
    pub current: Option<&'a crate::ops::brief::Current>,
    pub state: Option<&'a crate::ops::brief::LoggedState>,
    pub github: &'a [crate::ops::brief::Touched],
    pub interrupted: &'a [Record],
    pub slate: Vec<ObservationView<'a>>,
}

/// `observe --json`: what was looked at, when, the artifact it is stored
/// as, and the payload. The document is written by `output::observe`
/// straight from the packed bytes (a big payload is never parsed again);
/// this type gives its schema, and the MCP tests check every result
/// against it.
#[derive(JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObservedDoc {
    pub target: crate::observe::Target,
    pub observed_at: String,
    /// The SHA-256 of the payload, the artifact's key.
    pub artifact: String,
    /// What was seen; its shape depends on the target's kind (docs/json.md).
    pub payload: serde_json::Map<String, serde_json::Value>,
}

/// `artifact show --json`: an artifact's payload, or a reduced one's
/// summary (`{"kind": "summary", "of", "method", "text"}`), as stored.
#[derive(JsonSchema)]
#[schemars(transparent)]
pub struct PayloadDoc(pub serde_json::Map<String, serde_json::Value>);
