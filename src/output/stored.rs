//! JSON as a voyage stores it (an observation's target, an entry's action), written
//! into a document as it is: helm never re-reads what an older helm wrote into today's
//! shapes here. Each declares its schema by hand, since no Rust type holds it.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::value::RawValue;

/// JSON text as stored (a target, an action): printed as it is, or as a
/// string when it is not JSON.
pub(crate) enum TargetJson<'a> {
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
    pub(crate) fn of(stored: &'a str) -> TargetJson<'a> {
        match serde_json::from_str::<&RawValue>(stored) {
            Ok(raw) => TargetJson::Json(raw),
            Err(_) => TargetJson::Text(stored),
        }
    }
}

/// A recorded action: the object a helm wrote (this one or an older one), or, where the
/// stored text is no JSON object (a damaged row), that text under `unreadable`: always
/// an object, as its schema says, so a client validating results can rely on it.
pub(crate) enum ActionJson<'a> {
    Object(&'a RawValue),
    Unreadable(&'a str),
}

#[derive(Serialize)]
struct Unreadable<'a> {
    unreadable: &'a str,
}

impl Serialize for ActionJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ActionJson::Object(raw) => raw.serialize(s),
            ActionJson::Unreadable(text) => Unreadable { unreadable: text }.serialize(s),
        }
    }
}

impl JsonSchema for ActionJson<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "StoredAction".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "The action as recorded in the voyage: an object (its text under `unreadable` if the row holds no JSON object).",
            "type": "object"
        })
    }
}

impl<'a> ActionJson<'a> {
    pub(crate) fn of(stored: &'a str) -> ActionJson<'a> {
        match serde_json::from_str::<&RawValue>(stored) {
            Ok(raw) if raw.get().starts_with('{') => ActionJson::Object(raw),
            _ => ActionJson::Unreadable(stored),
        }
    }
}
