//! What an action's entry records of its own, beside the fields every steer
//! shares ([`SteerRecord`]): each action's file defines its part as a type
//! implementing [`RecordPart`], and everything that reads those fields (the replay
//! comparison, the story, the brief, the warnings of what GitHub dropped)
//! reads them through it. The model keeps the part as JSON, so adding an
//! action changes neither the model nor the readers.

use std::borrow::Cow;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{ActionKind, Meaning};
use crate::model::SteerRecord;
use crate::model::steer_record::FIELD_ORDER;

/// One action's own fields of its entry, in its JSON names (camelCase, an
/// absent value not written, so an entry's JSON keeps its shape).
pub(crate) trait RecordPart: Serialize + DeserializeOwned + Default + JsonSchema {
    /// The first of the part's fields in which `recorded` is not the
    /// request `asked` is, named for messages (`title`, `reviewers`, …);
    /// see [`super::Steer::differs`]. Every field the part keeps of what
    /// was asked is compared.
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str>;
    /// The story's lines of what was asked and what GitHub applied of it.
    fn details(&self, _lines: &mut Vec<String>) {}
    /// What was said: the comment, reply, issue or pull request body.
    fn body(&self) -> Option<&str> {
        None
    }
    /// What the steer posted that search finds (issue 44): the body, and
    /// a title or labels where the action sets them.
    fn posted(&self) -> Vec<&str> {
        self.body().into_iter().collect()
    }
    /// The comment the steer wrote, whose web page the entry's `url` is.
    fn comment(&self) -> Option<u64> {
        None
    }
    /// What the steer made that its web page does not show, for messages:
    /// `merge commit 6dcb09b…`.
    fn made(&self) -> Option<String> {
        None
    }
    /// What was asked but GitHub did not apply, as `label 'x'`.
    fn dropped(&self) -> Vec<String> {
        Vec::new()
    }
    /// Keeps what the bearing showed not ready, when the action went ahead
    /// anyway on the caller's `--override`.
    fn overrode(&mut self, _not_ready: Vec<String>) {}
}

/// [`RecordPart`]'s methods over a stored record, as the part type `P` reads it:
/// the registry hands one out per action ([`super::Meaning::part`]).
pub(crate) trait Reading {
    /// See [`RecordPart::differs`].
    fn differs(&self, asked: &SteerRecord, recorded: &SteerRecord) -> Option<&'static str>;
    fn details(&self, record: &SteerRecord, lines: &mut Vec<String>);
    fn body(&self, record: &SteerRecord) -> Option<String>;
    fn comment(&self, record: &SteerRecord) -> Option<u64>;
    fn posted(&self, record: &SteerRecord) -> Vec<String>;
    fn made(&self, record: &SteerRecord) -> Option<String>;
    fn dropped(&self, record: &SteerRecord) -> Vec<String>;
    fn overrode(&self, record: &mut SteerRecord, not_ready: Vec<String>);
    /// The part's JSON Schema.
    fn schema(&self, generator: &mut SchemaGenerator) -> Schema;
    /// The part read as its type and written again, to check that the
    /// type keeps what was stored.
    #[cfg(test)]
    fn retyped(&self, record: &mut SteerRecord);
}

/// A part type, as a [`Reading`].
pub(crate) struct As<P>(pub PhantomData<P>);

impl<P: RecordPart> Reading for As<P> {
    fn differs(&self, asked: &SteerRecord, recorded: &SteerRecord) -> Option<&'static str> {
        P::differs(&asked.part(), &recorded.part())
    }

    fn details(&self, record: &SteerRecord, lines: &mut Vec<String>) {
        record.part::<P>().details(lines);
    }

    fn body(&self, record: &SteerRecord) -> Option<String> {
        record.part::<P>().body().map(str::to_string)
    }

    fn comment(&self, record: &SteerRecord) -> Option<u64> {
        record.part::<P>().comment()
    }

    fn posted(&self, record: &SteerRecord) -> Vec<String> {
        let part = record.part::<P>();
        part.posted().into_iter().map(str::to_string).collect()
    }

    fn made(&self, record: &SteerRecord) -> Option<String> {
        record.part::<P>().made()
    }

    fn dropped(&self, record: &SteerRecord) -> Vec<String> {
        record.part::<P>().dropped()
    }

    fn overrode(&self, record: &mut SteerRecord, not_ready: Vec<String>) {
        record.edit_part(|part: &mut P| part.overrode(not_ready));
    }

    fn schema(&self, generator: &mut SchemaGenerator) -> Schema {
        P::json_schema(generator)
    }

    #[cfg(test)]
    fn retyped(&self, record: &mut SteerRecord) {
        let part: P = record.part();
        record.set_part(&part);
    }
}

/// Present whenever asked: absent in the entry means an older helm wrote
/// it, which is not held against the request.
pub(super) fn kept(asked: &Option<String>, recorded: &Option<String>) -> bool {
    recorded.is_none() || asked == recorded
}

/// Lists compare as sets of names, spelt in any case.
pub(super) fn same_set(asked: &[String], recorded: &[String]) -> bool {
    let set = |list: &[String]| {
        let mut list: Vec<String> = list.iter().map(|s| s.to_lowercase()).collect();
        list.sort();
        list.dedup();
        list
    };
    set(asked) == set(recorded)
}

/// The first check that failed, by name.
pub(super) fn first_differing<const N: usize>(
    checks: [(&'static str, bool); N],
) -> Option<&'static str> {
    checks.iter().find(|(_, same)| !same).map(|(name, _)| *name)
}

/// What GitHub applied of what a steer asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Applied {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) labels: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) assignees: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reviewers: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) teams: Option<Vec<String>>,
    /// Labels `label` was asked to remove that the issue did not have when
    /// helm came to remove them (never there, or removed by someone first):
    /// already as asked, so not a failure.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) not_present: Vec<String>,
}

/// Names asked for that GitHub's answer `applied` lacks, as `what 'name'`.
pub(super) fn not_applied(
    what: &str,
    asked: &[String],
    applied: &Option<Vec<String>>,
    out: &mut Vec<String>,
) {
    if let Some(applied) = applied {
        for name in asked {
            if !applied.iter().any(|a| a.eq_ignore_ascii_case(name)) {
                out.push(format!("{what} '{name}'"));
            }
        }
    }
}

/// The story's line of a list asked for (`labels: bug, ui`), saying what
/// GitHub applied when it applied fewer.
pub(super) fn asked_line(
    what: &str,
    asked: &[String],
    applied: Option<&Vec<String>>,
    lines: &mut Vec<String>,
) {
    if asked.is_empty() {
        return;
    }
    let mut line = format!("{what}: {}", asked.join(", "));
    if let Some(applied) = applied
        && applied.len() < asked.len()
    {
        let applied = match applied.is_empty() {
            true => "none".to_string(),
            false => applied.join(", "),
        };
        line.push_str(&format!(" (GitHub applied: {applied})"));
    }
    lines.push(line);
}

/// The schema of a steer's record as MCP publishes it: the shared fields'
/// and every action's part's, in the order the stored JSON has them.
pub(crate) struct RecordSchema;

impl RecordSchema {
    /// `shared` (the model's schema of the shared fields) with `parts`'
    /// properties added; a field several actions keep is described once,
    /// by the first.
    pub(super) fn merge(mut shared: Schema, parts: Vec<Schema>) -> Schema {
        let mut properties: Map<String, Value> = shared
            .get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        for part in parts {
            let fields = part.get("properties").and_then(Value::as_object);
            for (name, field) in fields.into_iter().flatten() {
                properties
                    .entry(name.clone())
                    .or_insert_with(|| field.clone());
            }
        }
        let place = |name: &str| {
            FIELD_ORDER
                .iter()
                .position(|known| *known == name)
                .unwrap_or(FIELD_ORDER.len())
        };
        let mut fields: Vec<(String, Value)> = properties.into_iter().collect();
        fields.sort_by_key(|(name, _)| place(name));
        shared.insert(
            "properties".into(),
            Value::Object(fields.into_iter().collect()),
        );
        shared
    }
}

impl JsonSchema for RecordSchema {
    fn schema_name() -> Cow<'static, str> {
        SteerRecord::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let shared = SteerRecord::json_schema(generator);
        let parts = (ActionKind::ALL.iter())
            .map(|kind| kind.part().schema(generator))
            .collect();
        RecordSchema::merge(shared, parts)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::actions::Meaning;
    use crate::model::EntryAction;
    use crate::storage::{VoyageFile, VoyageStore, logbook};

    /// Every steer a helm before the parts wrote (the voyage pinned in
    /// tests/fixtures/main-voyages, one entry of each action) is read
    /// through its action's part type and written again as it was stored.
    #[test]
    fn every_entry_main_wrote_is_written_again_byte_for_byte_through_its_part() {
        let id = "01a21af2-757c-70fa-aa6f-6be4199db0b4";
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/main-voyages")
            .join(format!("{id}.sqlite"));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("{id}.sqlite"));
        std::fs::copy(fixture, &path).unwrap();
        let file = VoyageFile {
            id: id.parse().unwrap(),
            path,
        };
        let store = VoyageStore::open(file).unwrap();
        let mut seen = Vec::new();
        for entry in logbook::entries(store.connection()).unwrap() {
            let Some(EntryAction::Steer(record)) = entry.parsed_action() else {
                continue;
            };
            let mut record = (**record).clone();
            record.steer.part().retyped(&mut record);
            seen.push(record.steer);
            let again = serde_json::to_string(&EntryAction::Steer(Box::new(record))).unwrap();
            assert_eq!(again, entry.action);
        }
        // Every action of the helm that wrote the fixture (its README): an
        // action added since has no entry there, and the fixture is never
        // written again.
        let then = [
            "comment",
            "create-issue",
            "edit-issue",
            "close-issue",
            "create-pr",
            "edit-pr",
            "close-pr",
            "request-review",
            "reply-inline",
            "merge-pr",
            "label",
            "resolve-thread",
            "unresolve-thread",
        ];
        for name in then {
            let written = seen.iter().any(|kind| kind.as_str() == name);
            assert!(written, "the fixture has a {name}");
        }
    }
}
