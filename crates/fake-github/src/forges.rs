//! The other forges the one fake server plays beside GitHub: which one a request is for
//! (GitLab under `/api/v4`, Forgejo under `/api/v1`), and what their requests share before
//! each forge's own handlers: the token, the check against the forge's document
//! ([`documented`]), the faults and clock of the GitHub fake, the parameters of a request
//! (query, JSON or form body as one map) and paging.

use super::*;
use crate::documented::{self, ForgeDocument};

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum OtherForge {
    GitLab,
    Forgejo,
}

impl OtherForge {
    pub(super) fn of(path: &str) -> Option<OtherForge> {
        if path.starts_with("/api/v4/") {
            Some(OtherForge::GitLab)
        } else if path.starts_with("/api/v1/") {
            Some(OtherForge::Forgejo)
        } else {
            None
        }
    }

    fn document(self) -> &'static ForgeDocument {
        match self {
            OtherForge::GitLab => documented::gitlab(),
            OtherForge::Forgejo => documented::forgejo(),
        }
    }

    /// A refusal in the forge's own error shape.
    pub(super) fn error(self, status: u16, message: &str) -> Reply {
        match self {
            OtherForge::GitLab => gitlab::error(status, message),
            OtherForge::Forgejo => forgejo::error(status, message),
        }
    }
}

/// One request to GitLab or Forgejo, parsed: its operation's template and path parameters,
/// and its query and body parameters as one map (the body's win).
pub(super) struct ForgeCall {
    pub(super) base: String,
    pub(super) method: String,
    pub(super) template: String,
    pub(super) path: Vec<(String, String)>,
    pub(super) params: Map<String, Value>,
}

impl ForgeCall {
    pub(super) fn path_param(&self, name: &str) -> &str {
        self.path
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    pub(super) fn number(&self, name: &str) -> u64 {
        self.path_param(name).parse().unwrap_or_default()
    }

    pub(super) fn param(&self, name: &str) -> Option<&Value> {
        self.params.get(name).filter(|v| !v.is_null())
    }

    /// A parameter as text: a string, or a number or boolean as written.
    pub(super) fn text(&self, name: &str) -> Option<String> {
        match self.param(name)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// A list parameter: a JSON array, a form's repeated `name[]`, or a comma list.
    pub(super) fn list(&self, name: &str) -> Vec<String> {
        match self.param(name) {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|v| match v {
                    Value::String(s) => Some(s.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                })
                .collect(),
            Some(_) => self
                .text(name)
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
            None => Vec::new(),
        }
    }

    pub(super) fn flag(&self, name: &str) -> Option<bool> {
        self.text(name).map(|t| t == "true" || t == "1")
    }

    /// One page of `items` (`page` from 1; `per_page` on GitLab, `limit` on Forgejo), with
    /// the forge's paging headers.
    pub(super) fn page(&self, forge: OtherForge, items: Vec<Value>) -> Reply {
        let size_name = if forge == OtherForge::GitLab {
            "per_page"
        } else {
            "limit"
        };
        let default = if forge == OtherForge::GitLab { 20 } else { 30 };
        let per_page = self
            .text(size_name)
            .and_then(|t| t.parse::<usize>().ok())
            .unwrap_or(default)
            .clamp(1, 100);
        let page = (self.text("page").and_then(|t| t.parse::<usize>().ok())).unwrap_or(1);
        let total = items.len();
        let pages = total.div_ceil(per_page).max(1);
        let shown: Vec<Value> = items
            .into_iter()
            .skip((page.max(1) - 1) * per_page)
            .take(per_page)
            .collect();
        let mut reply = Reply::json(200, Value::Array(shown));
        if forge == OtherForge::GitLab {
            reply = reply
                .header("X-Page", page.to_string())
                .header("X-Per-Page", per_page.to_string())
                .header("X-Total", total.to_string())
                .header("X-Total-Pages", pages.to_string())
                .header(
                    "X-Next-Page",
                    if page < pages {
                        (page + 1).to_string()
                    } else {
                        String::new()
                    },
                );
        } else {
            reply = reply.header("X-Total-Count", total.to_string());
        }
        if page < pages {
            let link = format!(
                "<{}?{size_name}={per_page}&page={}>; rel=\"next\"",
                self.url_path(),
                page + 1
            );
            reply = reply.header("Link", link);
        }
        reply
    }

    fn url_path(&self) -> String {
        let mut path = self.template.clone();
        for (name, value) in &self.path {
            path = path.replace(&format!("{{{name}}}"), &encode(value));
        }
        format!("{}{path}", self.base)
    }
}

/// Percent-encodes a path parameter (GitLab's `group%2Fproject`).
pub(super) fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The request's query and body as one map. A form's `name[]` collects into an array.
fn params(request: &RecordedRequest) -> Map<String, Value> {
    let mut map = Map::new();
    let mut add = |pairs: Vec<(String, String)>| {
        for (name, value) in pairs {
            match name.strip_suffix("[]") {
                Some(list) => {
                    let entry = map.entry(list.to_owned()).or_insert_with(|| json!([]));
                    if let Some(items) = entry.as_array_mut() {
                        items.push(Value::String(value));
                    }
                }
                None => {
                    map.insert(name, Value::String(value));
                }
            }
        }
    };
    add(openapi::parse_query(request.query()));
    match request.body.as_ref().and_then(Value::as_object) {
        Some(object) => map.extend(object.clone()),
        None if !request.raw_body.trim().is_empty() => {
            add(openapi::parse_query(request.raw_body.trim()))
        }
        None => {}
    }
    map
}

impl State {
    /// A request to GitLab or Forgejo: the forge's token, then the faults, then the check
    /// against the forge's document, then the forge's handler.
    pub(super) fn answer_forge(
        &mut self,
        forge: OtherForge,
        base: &str,
        request: &RecordedRequest,
    ) -> PlannedAnswer {
        let authorized = match forge {
            OtherForge::GitLab => gitlab::authorized(request),
            OtherForge::Forgejo => forgejo::authorized(request),
        };
        if !authorized {
            return PlannedAnswer::now(forge.error(401, "401 Unauthorized"));
        }
        self.with_faults(request, |state| state.perform_forge(forge, base, request))
    }

    fn perform_forge(&mut self, forge: OtherForge, base: &str, request: &RecordedRequest) -> Reply {
        let fields = match documented::body_fields(&request.raw_body, request.body.as_ref()) {
            Ok(fields) => fields,
            Err(problem) => return forge.error(400, &problem),
        };
        let document = forge.document();
        let op =
            match document.validate(&request.method, &request.path_and_query, fields.as_deref()) {
                Ok(op) => op,
                Err(problems) if document.route(&request.method, request.path()).is_none() => {
                    return forge.error(404, &problems.join("; "));
                }
                Err(problems) => return forge.error(400, &problems.join("; ")),
            };
        let (_, path) = document
            .route(&request.method, request.path())
            .unwrap_or((op, Vec::new()));
        let call = ForgeCall {
            base: base.to_owned(),
            method: request.method.clone(),
            template: op.template.clone(),
            path,
            params: params(request),
        };
        match forge {
            OtherForge::GitLab => gitlab::perform(self, &call),
            OtherForge::Forgejo => forgejo::perform(self, &call),
        }
    }
}

/// Every recorded request to GitLab or Forgejo that its forge's document does not allow,
/// as `"METHOD path: problem"` lines.
pub(super) fn violations(request: &RecordedRequest) -> Option<Vec<String>> {
    let forge = OtherForge::of(request.path())?;
    let line = |problem: &str| format!("{} {}: {problem}", request.method, request.path_and_query);
    let fields = match documented::body_fields(&request.raw_body, request.body.as_ref()) {
        Ok(fields) => fields,
        Err(problem) => return Some(vec![line(&problem)]),
    };
    let checked =
        forge
            .document()
            .validate(&request.method, &request.path_and_query, fields.as_deref());
    Some(match checked {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(|p| line(p)).collect(),
    })
}
