//! GitHub's REST description, reduced to the operations helm uses, for offline checks.
//!
//! The fixture `tests/fixtures/openapi/github-operations.json` is extracted from the npm
//! package `@octokit/openapi` by `tests/fixtures/openapi/extract.mjs` (see that script to
//! refresh it). Tests use it two ways: [`validate`] proves a request helm sent is one GitHub
//! documents, and [`example`] gives the fake server GitHub's own answer shapes.

use serde_json::{Map, Value};
use std::sync::OnceLock;

/// Where the fixture lives in helm's repository, for messages.
const FIXTURE: &str = "tests/fixtures/openapi/github-operations.json";
/// The fixture itself, built in: the `fake-github` binary needs no source tree.
const FIXTURE_TEXT: &str = include_str!("../../../tests/fixtures/openapi/github-operations.json");

/// The operations of the fixture, parsed once per test binary.
pub struct Spec {
    /// Version of `@octokit/openapi` the fixture was extracted from.
    pub version: String,
    pub operations: Vec<Operation>,
}

/// One documented operation (method + path template).
pub struct Operation {
    pub id: String,
    pub method: String,
    pub template: String,
    /// Status of the documented success answer (200 or 201 here).
    pub status: u16,
    params: Vec<Param>,
    body: Option<Body>,
    response_schema: Value,
    examples: Map<String, Value>,
}

struct Param {
    name: String,
    in_path: bool,
    required: bool,
    schema: Value,
}

struct Body {
    required: bool,
    schema: Value,
}

/// The parsed fixture. Panics (in the calling test) if the fixture is missing or malformed.
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let doc: Value = serde_json::from_str(FIXTURE_TEXT)
            .unwrap_or_else(|e| panic!("OpenAPI fixture {FIXTURE} is not JSON: {e}"));
        parse_spec(&doc).unwrap_or_else(|e| panic!("OpenAPI fixture {FIXTURE}: {e}"))
    })
}

fn parse_spec(doc: &Value) -> Result<Spec, String> {
    let str_at = |v: &Value, key: &str| -> Result<String, String> {
        v[key]
            .as_str()
            .map(str::to_owned)
            .ok_or(format!("missing string `{key}`"))
    };
    let mut operations = Vec::new();
    for op in doc["operations"].as_array().ok_or("missing `operations`")? {
        let params = op["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|p| {
                Ok(Param {
                    name: str_at(p, "name")?,
                    in_path: p["in"] == "path",
                    required: p["required"] == true,
                    schema: p["schema"].clone(),
                })
            })
            .collect::<Result<_, String>>()?;
        let body = op["requestBody"].as_object().map(|b| Body {
            required: b.get("required") == Some(&Value::Bool(true)),
            schema: b.get("schema").cloned().unwrap_or(Value::Null),
        });
        let response = &op["response"];
        operations.push(Operation {
            id: str_at(op, "operationId")?,
            method: str_at(op, "method")?,
            template: str_at(op, "path")?,
            status: response["status"]
                .as_u64()
                .and_then(|s| u16::try_from(s).ok())
                .unwrap_or(200),
            params,
            body,
            response_schema: response["schema"].clone(),
            examples: response["examples"]
                .as_object()
                .cloned()
                .unwrap_or_default(),
        });
    }
    Ok(Spec {
        version: str_at(&doc["source"], "version")?,
        operations,
    })
}

impl Operation {
    /// The documented success example: `default` if present, else the first one.
    pub fn example(&self) -> Option<&Value> {
        self.examples
            .get("default")
            .or_else(|| self.examples.values().next())
    }

    /// Path parameters if `path` (no query) fits this operation's template.
    fn match_path(&self, path: &str) -> Option<Vec<(&str, String)>> {
        let template: Vec<&str> = self.template.split('/').collect();
        let actual: Vec<&str> = path.split('/').collect();
        if template.len() != actual.len() {
            return None;
        }
        let mut params = Vec::new();
        for (t, a) in template.iter().zip(&actual) {
            match t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                Some(name) if !a.is_empty() => params.push((name, percent_decode(a))),
                Some(_) => return None,
                None if t == a => {}
                None => return None,
            }
        }
        Some(params)
    }
}

/// Finds the operation serving `method` + `path` (query ignored) and its decoded path parameters.
/// Literal segments win over `{param}` ones should two templates both match.
pub fn route(
    method: &str,
    path_and_query: &str,
) -> Option<(&'static Operation, Vec<(&'static str, String)>)> {
    let path = path_and_query.split('?').next().unwrap_or_default();
    spec()
        .operations
        .iter()
        .filter(|op| op.method.eq_ignore_ascii_case(method))
        .filter_map(|op| op.match_path(path).map(|params| (op, params)))
        .min_by_key(|(_, params)| params.len())
}

/// The operation documented for `method` + `template` (e.g. `"/repos/{owner}/{repo}/pulls"`).
pub fn operation(method: &str, template: &str) -> Option<&'static Operation> {
    spec()
        .operations
        .iter()
        .find(|op| op.method.eq_ignore_ascii_case(method) && op.template == template)
}

/// GitHub's documented success example for an operation: the base shape of fake answers.
/// Panics if the operation is not in the fixture (a bug in the calling test code).
pub fn example(method: &str, template: &str) -> Value {
    operation(method, template)
        .and_then(Operation::example)
        .cloned()
        .unwrap_or_else(|| panic!("no documented example for {method} {template}"))
}

/// Checks a request against the fixture: known operation, declared query parameters with
/// values of the right type, and a body fitting the schema (required fields, types, enums,
/// nullability, and - stricter than GitHub, to catch typos - no undeclared properties).
/// Returns the operationId, or every violation found.
pub fn validate(
    method: &str,
    path_and_query: &str,
    body: Option<&Value>,
) -> Result<&'static str, Vec<String>> {
    let Some((op, path_params)) = route(method, path_and_query) else {
        return Err(vec![format!(
            "unknown operation: {method} {path_and_query}"
        )]);
    };
    let mut errors = Vec::new();

    for (name, value) in &path_params {
        if let Some(param) = op.params.iter().find(|p| p.in_path && p.name == *name) {
            check_param_value(
                &param.schema,
                value,
                &format!("path parameter `{name}`"),
                &mut errors,
            );
        }
    }

    let query = path_and_query
        .split_once('?')
        .map(|(_, q)| q)
        .unwrap_or_default();
    let pairs = parse_query(query);
    for (name, value) in &pairs {
        match op.params.iter().find(|p| !p.in_path && p.name == *name) {
            Some(param) => check_param_value(
                &param.schema,
                value,
                &format!("query parameter `{name}`"),
                &mut errors,
            ),
            None => errors.push(format!("undeclared query parameter `{name}`")),
        }
    }
    for param in op.params.iter().filter(|p| !p.in_path && p.required) {
        if !pairs.iter().any(|(name, _)| *name == param.name) {
            errors.push(format!("missing required query parameter `{}`", param.name));
        }
    }

    match (&op.body, body) {
        (Some(declared), Some(value)) => check(&declared.schema, value, "body", true, &mut errors),
        (Some(declared), None) if declared.required => {
            errors.push("missing required request body".into())
        }
        (None, Some(_)) => errors.push("request body sent to an operation that takes none".into()),
        _ => {}
    }

    if errors.is_empty() {
        Ok(&op.id)
    } else {
        Err(errors)
    }
}

/// Checks an answer against the documented success schema (required fields, types, enums,
/// nullability). Extra properties are allowed: GitHub adds fields over time.
pub fn validate_response(method: &str, template: &str, body: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    match operation(method, template) {
        Some(op) => check(&op.response_schema, body, "response", false, &mut errors),
        None => errors.push(format!("unknown operation: {method} {template}")),
    }
    errors
}

/// Splits a raw query string into decoded `(name, value)` pairs.
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(name), percent_decode(value))
        })
        .collect()
}

/// Decodes `%XX` escapes and `+` (as a space); malformed escapes are kept verbatim.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Path and query values arrive as text: check they parse as the schema's type.
fn check_param_value(schema: &Value, text: &str, at: &str, errors: &mut Vec<String>) {
    let parsed = match schema["type"].as_str() {
        Some("integer") => text.parse::<i64>().ok().map(Value::from),
        Some("number") => text.parse::<f64>().ok().map(Value::from),
        Some("boolean") => text.parse::<bool>().ok().map(Value::from),
        _ => Some(Value::from(text)),
    };
    match parsed {
        Some(value) => check(schema, &value, at, true, errors),
        None => errors.push(format!("{at}: {text:?} is not a valid {}", schema["type"])),
    }
}

/// Validates `value` against an OpenAPI 3.0 schema subset, pushing one message per problem.
/// `strict` forbids properties the schema does not declare (requests only).
/// `oneOf` is treated like `anyOf`: a value must fit at least one branch.
fn check(schema: &Value, value: &Value, at: &str, strict: bool, errors: &mut Vec<String>) {
    if value.is_null()
        && (schema["nullable"] == true || schema.as_object().is_some_and(Map::is_empty))
    {
        return;
    }
    if let Some(all) = schema["allOf"].as_array() {
        for branch in all {
            check(branch, value, at, strict, errors);
        }
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(branches) = schema[key].as_array() {
            let fits = |branch: &Value| {
                let mut branch_errors = Vec::new();
                check(branch, value, at, strict, &mut branch_errors);
                branch_errors.is_empty()
            };
            if !branches.iter().any(fits) {
                errors.push(format!(
                    "{at}: {} fits none of the {key} alternatives",
                    brief(value)
                ));
            }
        }
    }
    if value.is_null() {
        if schema.get("type").is_some() || schema.get("enum").is_some() {
            errors.push(format!("{at}: null is not allowed"));
        }
        return;
    }
    if let Some(expected) = schema["type"].as_str() {
        let fits = match expected {
            "string" => value.is_string(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            _ => true,
        };
        if !fits {
            errors.push(format!("{at}: expected {expected}, got {}", brief(value)));
            return;
        }
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        let names: Vec<String> = allowed
            .iter()
            .map(|v| v.as_str().map_or(v.to_string(), str::to_owned))
            .collect();
        errors.push(format!(
            "{at}: {} is not one of [{}]",
            brief(value),
            names.join(", ")
        ));
    }
    match value {
        Value::Object(fields) => check_object(schema, fields, at, strict, errors),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                if let Some(item_schema) = schema.get("items") {
                    check(item_schema, item, &format!("{at}[{i}]"), strict, errors);
                }
            }
            if schema["minItems"]
                .as_u64()
                .is_some_and(|min| (items.len() as u64) < min)
            {
                errors.push(format!("{at}: fewer than {} items", schema["minItems"]));
            }
        }
        Value::String(text)
            if schema["minLength"]
                .as_u64()
                .is_some_and(|min| (text.chars().count() as u64) < min) =>
        {
            errors.push(format!(
                "{at}: shorter than {} characters",
                schema["minLength"]
            ));
        }
        _ => {}
    }
}

fn check_object(
    schema: &Value,
    fields: &Map<String, Value>,
    at: &str,
    strict: bool,
    errors: &mut Vec<String>,
) {
    for name in schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if !fields.contains_key(name) {
            errors.push(format!("{at}: missing required property `{name}`"));
        }
    }
    let declared = schema["properties"].as_object();
    let extra = schema.get("additionalProperties");
    for (name, field) in fields {
        let field_at = format!("{at}.{name}");
        match (declared.and_then(|d| d.get(name)), extra) {
            (Some(field_schema), _) => check(field_schema, field, &field_at, strict, errors),
            (None, Some(Value::Bool(false))) => {
                errors.push(format!("{at}: undeclared property `{name}`"))
            }
            (None, Some(extra_schema @ Value::Object(_))) => {
                check(extra_schema, field, &field_at, strict, errors)
            }
            (None, _) if strict && declared.is_some() && extra.is_none() => {
                errors.push(format!("{at}: undeclared property `{name}`"));
            }
            _ => {}
        }
    }
}

/// A short rendering of a value for messages.
fn brief(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}
