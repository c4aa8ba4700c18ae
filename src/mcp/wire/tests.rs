//! The wire rewrites, on small schemas whose result is known.

use serde_json::json;

use super::{input, output};

#[test]
fn integers_keep_their_minimum_and_lose_rusts_formats() {
    let schema = input(json!({
        "type": "object",
        "properties": {
            "n": {"type": "integer", "format": "uint64", "minimum": 0, "default": null},
            "id": {"type": "string", "format": "uuid", "description": "The\n  id."}
        }
    }));
    assert_eq!(
        schema,
        json!({"type": "object", "properties": {
            "n": {"type": "integer", "minimum": 0},
            "id": {"type": "string", "format": "uuid", "description": "The id."}
        }})
    );
}

#[test]
fn string_constants_become_one_enum() {
    let schema = input(json!({"oneOf": [
        {"type": "string", "const": "a", "description": "A."},
        {"type": "string", "const": "b"}
    ]}));
    assert_eq!(schema, json!({"type": "string", "enum": ["a", "b"]}));
}

#[test]
fn a_shape_written_twice_is_defined_once_and_referenced() {
    let body =
        json!({"type": "string", "description": "The text, in GitHub Markdown, of the comment."});
    let schema = input(json!({"oneOf": [
        {"type": "object", "properties": {"body": body.clone()}},
        {"type": "object", "properties": {"body": body.clone(), "x": {"type": "integer"}}}
    ]}));
    assert_eq!(schema["$defs"]["body"], body);
    assert_eq!(
        schema["oneOf"][0]["properties"]["body"],
        json!({"$ref": "#/$defs/body"})
    );
    assert_eq!(
        schema["oneOf"][1]["properties"]["body"],
        json!({"$ref": "#/$defs/body"})
    );
    // A short one is not worth a reference.
    let short = input(json!({"anyOf": [{"type": "integer"}, {"type": "integer"}]}));
    assert!(short.get("$defs").is_none(), "{short}");
}

#[test]
fn outputs_declare_named_shapes_by_their_type_and_drop_descriptions() {
    let schema = output(json!({
        "type": "object",
        "description": "A document.",
        "properties": {"entry": {"$ref": "#/$defs/Entry"}},
        "$defs": {
            "Entry": {"type": "object", "properties": {"action": {"$ref": "#/$defs/Action"}}},
            "Action": {"oneOf": [
                {"type": "object", "properties": {"kind": {"const": "a"}}},
                {"type": "object", "properties": {"kind": {"const": "b"}}}
            ]},
            "Unused": {"type": "string"}
        }
    }));
    let union = output(json!({
        "type": "object",
        "properties": {"action": {"$ref": "#/$defs/Action"}, "n": {"$ref": "#/$defs/N"}},
        "$defs": {
            "Action": {"anyOf": [{"type": "object"}, {"type": "object"}]},
            "N": {"anyOf": [{"type": "integer"}, {"type": "string"}]}
        }
    }));
    assert_eq!(union["properties"]["action"], json!({"type": "object"}));
    // A union of kinds is any value.
    assert_eq!(union["properties"]["n"], json!({}));
    assert_eq!(
        schema,
        json!({"type": "object", "properties": {"entry": {"type": "object"}}})
    );
}

#[test]
fn a_union_of_types_is_one_type_per_branch() {
    let schema = output(json!({"type": "object", "properties": {
        "action": {"type": ["object", "string"], "description": "What was done."},
        "at": {"type": ["string", "null"]},
        "by": {"type": ["string", "null"]}
    }, "required": ["by"]}));
    assert_eq!(
        schema["properties"]["action"],
        json!({"anyOf": [{"type": "object"}, {"type": "string"}]})
    );
    // Left out when it has no value: declared by what it is when there.
    assert_eq!(schema["properties"]["at"], json!({"type": "string"}));
    // Written as null: a portable union, not a `type` array.
    assert_eq!(
        schema["properties"]["by"],
        json!({"anyOf": [{"type": "string"}, {"type": "null"}]})
    );
}

#[test]
fn a_required_property_does_not_say_so_again() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "as": {"type": "string", "description": "Who is acting (required)."},
            "note": {"type": "string", "description": "Optional (required) words."}
        },
        "required": ["as"]
    });
    let wire = super::input(schema);
    assert_eq!(wire["properties"]["as"]["description"], "Who is acting.");
    assert_eq!(
        wire["properties"]["note"]["description"],
        "Optional (required) words."
    );
}
