//! The operations GitLab and Forgejo document, as the fakes of those forges know them: one
//! routing and checking of requests over the two committed fixtures
//! (`tests/fixtures/openapi/gitlab-operations.json`, extracted from the `gitlab` crate's
//! endpoint builders, and `forgejo-operations.json`, from Forgejo's own `swagger.v1.json`;
//! the `extract-*.mjs` scripts beside them say how). GitHub keeps its richer OpenAPI check
//! ([`crate::openapi`]); these documents name methods, paths, path parameter types, query
//! parameters and body fields, and that is what is checked: a request outside them is
//! refused by the fake and listed by `violations()`.

use serde_json::Value;
use std::sync::OnceLock;

/// One forge's documented operations.
pub struct ForgeDocument {
    /// The forge, for messages: `GitLab` or `Forgejo`.
    pub forge: &'static str,
    /// Where the fixture was taken from, e.g. `gitlab 0.1905.0`.
    pub source: String,
    pub operations: Vec<DocumentedOperation>,
}

/// One documented operation: method and path template (with the API's prefix).
pub struct DocumentedOperation {
    pub method: String,
    pub template: String,
    /// What documents it: the builder or the operationId, or the documentation page.
    pub source: String,
    path_types: Vec<(String, String)>,
    query: Vec<String>,
    /// `None`: the operation takes no body.
    body: Option<Vec<String>>,
    required: Vec<String>,
    /// The success answer's field names (Forgejo's swagger has them; GitLab's builders do
    /// not), or `None`.
    answer: Option<Vec<String>>,
}

const GITLAB: &str = include_str!("../../../tests/fixtures/openapi/gitlab-operations.json");
const FORGEJO: &str = include_str!("../../../tests/fixtures/openapi/forgejo-operations.json");

/// GitLab's endpoints (under `/api/v4`). Panics, in the calling test, on a broken fixture.
pub fn gitlab() -> &'static ForgeDocument {
    static DOC: OnceLock<ForgeDocument> = OnceLock::new();
    DOC.get_or_init(|| parse("GitLab", GITLAB))
}

/// Forgejo's operations (under `/api/v1`). Panics, in the calling test, on a broken fixture.
pub fn forgejo() -> &'static ForgeDocument {
    static DOC: OnceLock<ForgeDocument> = OnceLock::new();
    DOC.get_or_init(|| parse("Forgejo", FORGEJO))
}

fn parse(forge: &'static str, text: &str) -> ForgeDocument {
    let doc: Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("the {forge} fixture is not JSON: {e}"));
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect()
    };
    let text_of = |v: &Value, what: &str| -> String {
        v.as_str()
            .unwrap_or_else(|| panic!("the {forge} fixture lacks {what}"))
            .to_owned()
    };
    let operations = doc["operations"]
        .as_array()
        .unwrap_or_else(|| panic!("the {forge} fixture lacks `operations`"))
        .iter()
        .map(|op| DocumentedOperation {
            method: text_of(&op["method"], "a method"),
            template: text_of(&op["template"], "a template"),
            source: text_of(&op["source"], "a source"),
            path_types: op["path"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(name, ty)| (name.clone(), ty.as_str().unwrap_or("string").to_owned()))
                .collect(),
            query: names(&op["query"]),
            body: (!op["body"].is_null()).then(|| names(&op["body"])),
            required: names(&op["required"]),
            answer: (!op["answer"].is_null()).then(|| names(&op["answer"])),
        })
        .collect();
    ForgeDocument {
        forge,
        source: format!(
            "{} {}",
            text_of(&doc["source"]["crate"], "its source"),
            text_of(&doc["source"]["version"], "its version")
        ),
        operations,
    }
}

impl DocumentedOperation {
    /// The path parameters (still percent-encoded) if `path` fits this template: a segment
    /// is a literal, one `{name}`, or `{a}.{b}` (Forgejo's `{index}.{diffType}`). A value
    /// must parse as its documented type, so `5.diff` is not an `{index}`.
    fn match_path(&self, path: &str) -> Option<Vec<(String, String)>> {
        let template: Vec<&str> = self.template.split('/').collect();
        let actual: Vec<&str> = path.split('/').collect();
        if template.len() != actual.len() {
            return None;
        }
        let mut params = Vec::new();
        for (t, a) in template.iter().zip(&actual) {
            match t.split_once("}.{") {
                Some((first, second)) => {
                    let (value, rest) = a.rsplit_once('.')?;
                    params.push((first.trim_start_matches('{').to_owned(), value.to_owned()));
                    params.push((second.trim_end_matches('}').to_owned(), rest.to_owned()));
                }
                None => match t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                    Some(name) => params.push((name.to_owned(), (*a).to_owned())),
                    None if t == a => {}
                    None => return None,
                },
            }
        }
        let typed = params.iter().all(|(name, value)| {
            !value.is_empty() && (self.path_type(name) != "integer" || value.parse::<u64>().is_ok())
        });
        typed.then_some(params)
    }

    fn path_type(&self, name: &str) -> &str {
        self.path_types
            .iter()
            .find(|(n, _)| n == name)
            .map_or("string", |(_, ty)| ty.as_str())
    }
}

impl ForgeDocument {
    /// The operation serving `method` + `path` (query ignored) and its path parameters,
    /// decoded. Where two templates fit, the one with fewer parameters (more literal) wins.
    pub fn route(
        &self,
        method: &str,
        path: &str,
    ) -> Option<(&DocumentedOperation, Vec<(String, String)>)> {
        let path = path.split('?').next().unwrap_or_default();
        self.operations
            .iter()
            .filter(|op| op.method.eq_ignore_ascii_case(method))
            .filter_map(|op| op.match_path(path).map(|params| (op, params)))
            .min_by_key(|(_, params)| params.len())
            .map(|(op, params)| {
                let decoded = params
                    .into_iter()
                    .map(|(n, v)| (n, crate::openapi::percent_decode(&v)))
                    .collect();
                (op, decoded)
            })
    }

    /// Checks a request against the document: a documented method and path, only declared
    /// query parameters, and a body (JSON object or form) holding only declared fields, with
    /// the required ones. `body_fields` is `None` when no body was sent.
    pub fn validate(
        &self,
        method: &str,
        path_and_query: &str,
        body_fields: Option<&[String]>,
    ) -> Result<&DocumentedOperation, Vec<String>> {
        let Some((op, _)) = self.route(method, path_and_query) else {
            return Err(vec![format!(
                "{} documents no {method} {}",
                self.forge,
                path_and_query.split('?').next().unwrap_or_default()
            )]);
        };
        let mut errors = Vec::new();
        let query = path_and_query.split_once('?').map_or("", |(_, q)| q);
        for (name, _) in crate::openapi::parse_query(query) {
            let name = name.trim_end_matches("[]");
            if !op.query.iter().any(|q| q == name) {
                errors.push(format!("undeclared query parameter `{name}`"));
            }
        }
        match (&op.body, body_fields) {
            (None, Some(_)) => errors.push("a body sent to an operation that takes none".into()),
            (Some(declared), Some(fields)) => {
                for field in fields {
                    if !declared.contains(field) {
                        errors.push(format!("undeclared body field `{field}`"));
                    }
                }
                for field in &op.required {
                    if !fields.contains(field) {
                        errors.push(format!("missing required body field `{field}`"));
                    }
                }
            }
            (Some(_), None) if !op.required.is_empty() => {
                errors.push("missing the required request body".into());
            }
            _ => {}
        }
        if errors.is_empty() {
            Ok(op)
        } else {
            Err(errors)
        }
    }
}

impl ForgeDocument {
    /// The fields of an answer (an object, or each object of an array) that the document
    /// does not name for the operation: empty when all are documented or when the document
    /// names none (GitLab's, or an answer that is no JSON object).
    pub fn undocumented_answer_fields(
        &self,
        method: &str,
        path: &str,
        answer: &Value,
    ) -> Vec<String> {
        let Some((op, _)) = self.route(method, path) else {
            return Vec::new();
        };
        let Some(documented) = &op.answer else {
            return Vec::new();
        };
        let objects = match answer {
            Value::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        let mut found: Vec<String> = Vec::new();
        for key in objects
            .iter()
            .filter_map(|o| o.as_object())
            .flat_map(|o| o.keys())
        {
            if !documented.contains(key) && !found.contains(key) {
                found.push(key.clone());
            }
        }
        found
    }
}

/// The fields of a request body: a JSON object's keys, or a form's names (`ids[]` as `ids`).
/// `Ok(None)` for an empty body; `Err` for a body that is neither.
pub fn body_fields(raw: &str, json: Option<&Value>) -> Result<Option<Vec<String>>, String> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    if let Some(json) = json {
        return match json.as_object() {
            Some(object) => Ok(Some(object.keys().cloned().collect())),
            None => Err("the body is JSON but not an object".into()),
        };
    }
    let pairs = crate::openapi::parse_query(raw.trim());
    let is_form = pairs.iter().all(|(name, _)| {
        !name.is_empty()
            && name
                .trim_end_matches("[]")
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    });
    if !is_form {
        return Err("the body is neither JSON nor a form".into());
    }
    let mut names: Vec<String> = Vec::new();
    for (name, _) in pairs {
        let name = name.trim_end_matches("[]").to_owned();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Ok(Some(names))
}
