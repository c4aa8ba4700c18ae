//! Shapes written once: a subschema that occurs more than once in a tool's
//! schema goes to `$defs` when its references cost less than writing it out
//! each time, and is referenced everywhere else. A shape that is only a
//! type (`{"minimum":0,"type":"integer"}`) is named after the type; any
//! other after the first property that holds it.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// Writes each subschema that occurs more than once (and is worth a
/// reference) once, in `$defs`, named after the first property that holds
/// it, and references it everywhere else.
pub(super) fn share(schema: &mut Value) {
    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    count(schema, "shared", &mut seen, true);
    let mut defs = match schema.get_mut("$defs").map(Value::take) {
        Some(Value::Object(defs)) => defs,
        _ => Map::new(),
    };
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for (text, (times, hint)) in &seen {
        let hint = type_name(text).unwrap_or(hint);
        if !worth_sharing(text.len(), *times, hint.len()) {
            continue;
        }
        let mut name = hint.to_string();
        let mut n = 2;
        while defs.contains_key(&name) || names.values().any(|v| v == &name) {
            name = format!("{hint}{n}");
            n += 1;
        }
        names.insert(text.clone(), name);
    }
    if names.is_empty() {
        if let Value::Object(root) = schema {
            root.insert("$defs".into(), Value::Object(defs));
        }
        return;
    }
    for def in defs.values_mut() {
        replace(def, &names, true);
    }
    replace(schema, &names, true);
    for (text, name) in &names {
        let mut def: Value = serde_json::from_str(text).unwrap_or_default();
        replace(&mut def, &names, true);
        defs.insert(name.clone(), def);
    }
    if let Value::Object(root) = schema {
        root.insert("$defs".into(), Value::Object(defs));
    }
    prune(schema);
}

/// Whether `times` references and one definition named `name` cost fewer
/// characters than a `len`-character subschema written out `times` times.
fn worth_sharing(len: usize, times: usize, name: usize) -> bool {
    // `{"$ref":"#/$defs/NAME"}` and `"NAME":DEF,` (a digit for a repeated name).
    let reference = r##"{"$ref":"#/$defs/"}"##.len() + name + 1;
    let definition = len + name + 4;
    times >= 2 && times * reference + definition < times * len
}

/// The name of a subschema that is only a type: an unsigned integer, a
/// list of strings. Named after a property, it would read as that
/// property's meaning wherever another property refers to it.
fn type_name(text: &str) -> Option<&'static str> {
    match text {
        r#"{"minimum":0,"type":"integer"}"# => Some("uint"),
        r#"{"items":{"type":"string"},"type":"array"}"# => Some("strings"),
        _ => None,
    }
}

/// Counts every subschema below `schema` by its compact JSON, with the
/// name of the first property found holding it.
fn count(schema: &Value, hint: &str, seen: &mut BTreeMap<String, (usize, String)>, root: bool) {
    let Value::Object(object) = schema else {
        return;
    };
    if !root {
        let entry = seen
            .entry(schema.to_string())
            .or_insert((0, hint.to_string()));
        entry.0 += 1;
    }
    for (key, value) in object {
        match key.as_str() {
            "properties" => {
                for (name, s) in value.as_object().into_iter().flatten() {
                    count(s, name, seen, false);
                }
            }
            // A definition is counted by what it holds, not as itself: it
            // is already written once.
            "$defs" => {
                for (name, def) in value.as_object().into_iter().flatten() {
                    count(def, name, seen, true);
                }
            }
            "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                for s in value.as_array().into_iter().flatten() {
                    count(s, hint, seen, false);
                }
            }
            "items" | "additionalProperties" | "not" | "contains" => {
                count(value, hint, seen, false)
            }
            _ => {}
        }
    }
}

/// Replaces, outermost first, each subschema below `schema` that `names`
/// holds by a reference to its definition.
fn replace(schema: &mut Value, names: &BTreeMap<String, String>, root: bool) {
    if !root && let Some(name) = names.get(&schema.to_string()) {
        *schema = serde_json::json!({ "$ref": format!("#/$defs/{name}") });
        return;
    }
    let Value::Object(object) = schema else {
        return;
    };
    for (key, value) in object.iter_mut() {
        match key.as_str() {
            "properties" => {
                for s in value.as_object_mut().into_iter().flatten() {
                    replace(s.1, names, false);
                }
            }
            "$defs" => {}
            "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                for s in value.as_array_mut().into_iter().flatten() {
                    replace(s, names, false);
                }
            }
            "items" | "additionalProperties" | "not" | "contains" => replace(value, names, false),
            _ => {}
        }
    }
}

/// Drops the definitions nothing references any more (a shape now written
/// once, inside another shared one), until none is left over.
fn prune(schema: &mut Value) {
    loop {
        let text = schema.to_string();
        let Some(Value::Object(defs)) = schema.get_mut("$defs") else {
            return;
        };
        let unused: Vec<String> = defs
            .keys()
            .filter(|name| !text.contains(&format!("\"#/$defs/{name}\"")))
            .cloned()
            .collect();
        if unused.is_empty() {
            return;
        }
        for name in unused {
            defs.remove(&name);
        }
    }
}
