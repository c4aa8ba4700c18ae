//! The tools' schemas as they go on the wire. Hosts send `tools/list` to
//! the model at the start of every session, so every character of it is
//! paid for again and again; what `schemars` generates from the Rust types
//! is rewritten here into the same contract, smaller:
//!
//! - only standard JSON Schema 2020-12: Rust's integer formats (`uint64`,
//!   `int32`…) are not formats of the standard; an unsigned integer keeps
//!   its `minimum: 0`, which says the same;
//! - descriptions once, short, on one line, their first paragraph only
//!   (the tool reference gives them whole): a named shape is described by
//!   the property that holds it, and a short description of a property of
//!   a union's described branch, which restates its name, is left out;
//! - nothing that says nothing: defaults `null`, `[]` and `false`, `null`
//!   in the type of an argument that may be left out, a union branch's
//!   `additionalProperties: false` (helm refuses an unknown argument,
//!   naming it, whatever the schema says); a set of string constants is one
//!   `enum`;
//! - a shape written twice in one schema is written once, in `$defs`, and
//!   referenced (`body` and `bodyFile` in every action, for instance);
//! - input and output schemas leave out `$schema`: MCP reads a schema
//!   without one as 2020-12 (output schemas lost it in issue 42, when the
//!   proposals tool joined the default list: 50 characters a tool);
//! - output schemas ([`output`]) declare every field of the document and
//!   its type; a shape a field holds that is written apart (an entry, an
//!   observation, a voyage inside a list) is declared by its type alone
//!   (an object, an array of objects…). The document is the command's
//!   `--json` output, whose shapes the tool reference (docs/agents.md)
//!   gives in full; descriptions are the input schemas' and the tools'
//!   business, not repeated in the output's.
//!
//! docs/performance.md has the sizes this buys; tests/it/mcp/toolsets.rs
//! holds them.

mod shared;
mod spellings;

use serde_json::{Map, Value};

use self::shared::share;

/// How many `$ref`s deep an output schema keeps shapes whole: 0 keeps the
/// document's own fields, each shape they name declared by its type.
const OUTPUT_DEPTH: usize = 0;

/// A property description in a described union branch shorter than this
/// restates the property's name (see [`terse_branch`]).
const RESTATES: usize = 40;

/// The formats JSON Schema 2020-12 defines; any other is dropped.
const STANDARD_FORMATS: [&str; 19] = [
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// An input schema for the wire: standard, on one line, shared shapes once.
pub(crate) fn input(mut schema: Value) -> Value {
    if let Value::Object(root) = &mut schema {
        root.remove("$schema");
        // A named shape is described where a property holds it.
        if let Some(Value::Object(defs)) = root.get_mut("$defs") {
            for def in defs.values_mut().filter_map(Value::as_object_mut) {
                def.remove("description");
            }
        }
    }
    each_schema(&mut schema, &mut spellings::fold);
    each_schema(&mut schema, &mut |s| tidy(s, false));
    each_schema(&mut schema, &mut optional_not_null);
    each_schema(&mut schema, &mut required_said_once);
    each_schema(&mut schema, &mut |s| {
        for branch in ["oneOf", "anyOf"] {
            let branches = s.get_mut(branch).and_then(Value::as_array_mut);
            branches.into_iter().flatten().for_each(terse_branch);
        }
    });
    share(&mut schema);
    drop_empty_defs(&mut schema);
    schema
}

/// A property the schema lists as `required` needs no "(required)" in its
/// description (the command line's help, which has no `required` list,
/// keeps it).
fn required_said_once(schema: &mut Map<String, Value>) {
    let Some(Value::Array(required)) = schema.get("required") else {
        return;
    };
    let names: Vec<String> = required
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect();
    let Some(Value::Object(properties)) = schema.get_mut("properties") else {
        return;
    };
    for name in names {
        if let Some(Value::String(text)) = properties
            .get_mut(&name)
            .and_then(|property| property.get_mut("description"))
            && let Some(cut) = text.find(" (required)")
        {
            text.replace_range(cut..cut + " (required)".len(), "");
        }
    }
}

/// An output schema for the wire: as [`input`], without descriptions and
/// defaults, and shapes kept whole [`OUTPUT_DEPTH`] references deep.
pub(crate) fn output(mut schema: Value) -> Value {
    each_schema(&mut schema, &mut nullable_portably);
    if let Value::Object(root) = &mut schema {
        root.remove("$schema");
    }
    each_schema(&mut schema, &mut |s| tidy(s, true));
    limit_depth(&mut schema, OUTPUT_DEPTH);
    share(&mut schema);
    drop_empty_defs(&mut schema);
    schema
}

/// An output schema in full, for the tool reference: standard, on one
/// line, every shape and description kept.
#[cfg(test)]
pub(crate) fn full(mut schema: Value) -> Value {
    each_schema(&mut schema, &mut nullable_portably);
    each_schema(&mut schema, &mut |s| tidy(s, false));
    drop_empty_defs(&mut schema);
    schema
}

/// Calls `f` on every subschema, outermost first: the keywords that hold
/// schemas are followed, never a value (`const`, `enum`, `default`) or a
/// map of names (`properties`' keys are names, its values schemas).
pub(crate) fn each_schema(schema: &mut Value, f: &mut impl FnMut(&mut Map<String, Value>)) {
    let Value::Object(object) = schema else {
        return;
    };
    f(object);
    for (key, value) in object.iter_mut() {
        match key.as_str() {
            "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                if let Value::Object(named) = value {
                    named.values_mut().for_each(|s| each_schema(s, f));
                }
            }
            "allOf" | "anyOf" | "oneOf" | "prefixItems" => {
                if let Value::Array(list) = value {
                    list.iter_mut().for_each(|s| each_schema(s, f));
                }
            }
            "items"
            | "additionalProperties"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "not"
            | "contains"
            | "propertyNames"
            | "if"
            | "then"
            | "else" => each_schema(value, f),
            _ => {}
        }
    }
}

/// Within a union's branch that says what it does, a property's short
/// description ("The issue to close.") only restates the property's name
/// and the branch's: it goes, and longer ones, which say more, stay.
///
/// Its `additionalProperties: false` goes too: helm refuses an unknown
/// argument whatever the schema says, naming it, and the root keeps it.
fn terse_branch(branch: &mut Value) {
    if branch.get("description").is_none() {
        return;
    }
    if let Some(branch) = branch.as_object_mut() {
        branch.remove("additionalProperties");
    }
    let properties = branch.get_mut("properties").and_then(Value::as_object_mut);
    for property in properties
        .into_iter()
        .flatten()
        .filter_map(|p| p.1.as_object_mut())
    {
        let short = property
            .get("description")
            .and_then(Value::as_str)
            .is_some_and(|d| d.chars().count() < RESTATES);
        if short {
            property.remove("description");
        }
    }
}

/// An argument that may be left out is declared by what it is when given:
/// `null` in its type (how `schemars` writes an `Option`) only lengthens it.
fn optional_not_null(schema: &mut Map<String, Value>) {
    let required: Vec<Value> = match schema.get("required") {
        Some(Value::Array(names)) => names.clone(),
        _ => Vec::new(),
    };
    let Some(Value::Object(properties)) = schema.get_mut("properties") else {
        return;
    };
    for (name, property) in properties.iter_mut() {
        if required.iter().any(|r| r == name) {
            continue;
        }
        let Value::Object(property) = property else {
            continue;
        };
        if let Some(Value::Array(types)) = property.get_mut("type") {
            types.retain(|t| t != "null");
            if types.len() == 1 {
                let only = types.remove(0);
                property.insert("type".into(), only);
            }
        }
        // `anyOf: [X, {type: null}]` → X.
        let nullable = match property.get("anyOf") {
            Some(Value::Array(branches)) if branches.len() == 2 => branches
                .iter()
                .position(|b| b == &serde_json::json!({"type": "null"}))
                .map(|null| branches[1 - null].clone()),
            _ => None,
        };
        if let Some(Value::Object(inner)) = nullable {
            property.remove("anyOf");
            for (key, value) in inner {
                property.entry(key).or_insert(value);
            }
        }
    }
}

/// A field whose type lists `null` (`"type": ["string", "null"]`, how `schemars` writes
/// an `Option`) in the portable form strict validators (the MCP Inspector's `--strict`)
/// take: a field the document leaves out when it has no value (it is not `required`)
/// is declared by what it is when there; one written as `null` is `anyOf` its type and
/// `null`.
fn nullable_portably(schema: &mut Map<String, Value>) {
    let required: Vec<Value> = match schema.get("required") {
        Some(Value::Array(names)) => names.clone(),
        _ => Vec::new(),
    };
    let Some(Value::Object(properties)) = schema.get_mut("properties") else {
        return;
    };
    for (name, property) in properties.iter_mut() {
        let Value::Object(property) = property else {
            continue;
        };
        let Some(Value::Array(types)) = property.get("type") else {
            continue;
        };
        if !types.iter().any(|t| t == "null") {
            continue;
        }
        let mut kinds: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
        property.remove("type");
        if !required.contains(&Value::String(name.clone())) && kinds.len() == 1 {
            property.insert("type".into(), kinds.remove(0));
            continue;
        }
        let null = Value::String("null".into());
        let branches = kinds
            .into_iter()
            .chain([null])
            .map(|kind| Value::Object(Map::from_iter([("type".to_string(), kind)])));
        property.insert("anyOf".into(), Value::Array(branches.collect()));
    }
}

/// The rewrites of one subschema that need nothing around it.
fn tidy(schema: &mut Map<String, Value>, output: bool) {
    if let Some(Value::String(format)) = schema.get("format")
        && !STANDARD_FORMATS.contains(&format.as_str())
    {
        schema.remove("format");
    }
    let says_nothing = |v: &Value| match v {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        _ => false,
    };
    if output || schema.get("default").is_some_and(says_nothing) {
        schema.remove("default");
    }
    if output {
        schema.remove("description");
    } else if let Some(Value::String(text)) = schema.get_mut("description") {
        // The first paragraph, on one line; the rest stays in the tool
        // reference (docs/agents.md), which shows the schemas whole.
        let first = text.split("\n\n").next().unwrap_or_default();
        *text = first.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    // `type: ["object", "string"]` is standard, but validators in strict
    // mode (ajv's, as the TypeScript SDK uses) take only a type and null;
    // the same as one type per branch.
    if let Some(Value::Array(types)) = schema.get("type")
        && types.iter().filter(|t| *t != "null").count() > 1
        && schema.keys().all(|k| k == "type" || k == "description")
        && let Some(Value::Array(types)) = schema.remove("type")
    {
        let branches = types.into_iter().map(|t| serde_json::json!({ "type": t }));
        schema.insert("anyOf".into(), Value::Array(branches.collect()));
    }
    if let Some(constants) = string_constants(schema.get("oneOf")) {
        schema.remove("oneOf");
        schema.insert("type".into(), "string".into());
        schema.insert("enum".into(), Value::Array(constants));
    }
}

/// The values of a `oneOf` whose every branch is one string constant.
fn string_constants(branches: Option<&Value>) -> Option<Vec<Value>> {
    let branches = branches?.as_array()?;
    branches
        .iter()
        .map(|b| match (b.get("type"), b.get("const")) {
            (Some(t), Some(c @ Value::String(_))) if t == "string" => Some(c.clone()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .filter(|c| !c.is_empty())
}

/// Replaces each reference `limit` or more deep by the type
/// of what it names, and drops the definitions no longer referenced.
fn limit_depth(schema: &mut Value, limit: usize) {
    let defs = match schema.get_mut("$defs").map(Value::take) {
        Some(Value::Object(defs)) => defs,
        _ => return,
    };
    let mut kept = Map::new();
    keep_refs(schema, 0, limit, &defs, &mut kept);
    // In the order they were defined, as the generator wrote them.
    let ordered: Map<String, Value> = defs
        .keys()
        .filter_map(|name| kept.remove(name).map(|def| (name.clone(), def)))
        .collect();
    if let Value::Object(root) = schema {
        root.insert("$defs".into(), Value::Object(ordered));
    }
}

fn keep_refs(
    schema: &mut Value,
    depth: usize,
    limit: usize,
    defs: &Map<String, Value>,
    kept: &mut Map<String, Value>,
) {
    each_schema(schema, &mut |s| {
        let Some(name) = local_ref(s) else { return };
        let Some(def) = defs.get(&name) else { return };
        if depth < limit {
            if !kept.contains_key(&name) {
                kept.insert(name.clone(), Value::Null);
                let mut def = def.clone();
                keep_refs(&mut def, depth + 1, limit, defs, kept);
                kept.insert(name, def);
            }
        } else {
            s.remove("$ref");
            s.extend(type_of(def, defs));
        }
    });
}

/// `#/$defs/NAME` → `NAME`.
fn local_ref(schema: &Map<String, Value>) -> Option<String> {
    let target = schema.get("$ref")?.as_str()?;
    target.strip_prefix("#/$defs/").map(String::from)
}

/// What a shape is, without its fields: its type (and its values, for a
/// set of constants), or nothing (any value) for a mixed union.
fn type_of(def: &Value, defs: &Map<String, Value>) -> Map<String, Value> {
    let mut shape = Map::new();
    if let Some(name) = def.as_object().and_then(local_ref)
        && let Some(target) = defs.get(&name)
    {
        return type_of(target, defs);
    }
    if let Some(kind) = def.get("type") {
        shape.insert("type".into(), kind.clone());
        for key in ["enum", "const"] {
            if let Some(values) = def.get(key) {
                shape.insert(key.into(), values.clone());
            }
        }
        return shape;
    }
    let branches = def
        .get("anyOf")
        .or_else(|| def.get("oneOf"))
        .and_then(Value::as_array);
    if let Some(branches) = branches {
        let kinds: Vec<Map<String, Value>> = branches.iter().map(|b| type_of(b, defs)).collect();
        if let Some(first) = kinds.first()
            && kinds.iter().all(|k| k.get("type") == first.get("type"))
            && first.get("type").is_some()
        {
            shape.insert("type".into(), first["type"].clone());
        }
    }
    shape
}

fn drop_empty_defs(schema: &mut Value) {
    if let Value::Object(root) = schema
        && root
            .get("$defs")
            .and_then(Value::as_object)
            .is_some_and(Map::is_empty)
    {
        root.remove("$defs");
    }
}

#[cfg(test)]
mod tests;
