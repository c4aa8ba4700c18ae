//! What a handler is given ([`Cx`]: one request, parsed) and what it gives back ([`Reply`]).

use super::*;

/// What the handlers need to know about one request.
pub(super) struct Cx {
    pub(super) base: String,
    pub(super) repo: String,
    /// `issue_number` or `pull_number`, when the template has one.
    pub(super) number: Option<u64>,
    pub(super) comment_id: Option<u64>,
    pub(super) git_ref: String,
    pub(super) path: String,
    pub(super) raw_query: String,
    pub(super) query: Vec<(String, String)>,
    pub(super) body: Value,
    pub(super) accept: String,
}

impl Cx {
    pub(super) fn query(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub(super) fn field(&self, name: &str) -> Option<&Value> {
        self.body.get(name).filter(|v| !v.is_null())
    }

    pub(super) fn text(&self, name: &str) -> Option<&str> {
        self.body.get(name).and_then(Value::as_str)
    }

    pub(super) fn strings(&self, name: &str) -> Vec<String> {
        let items = self
            .body
            .get(name)
            .and_then(Value::as_array)
            .into_iter()
            .flatten();
        // Labels may also be given as objects with a `name`.
        items
            .filter_map(|v| v.as_str().or_else(|| v.get("name").and_then(Value::as_str)))
            .map(str::to_owned)
            .collect()
    }

    pub(super) fn api(&self, rest: &str) -> String {
        format!("{}/repos/{}{rest}", self.base, self.repo)
    }

    pub(super) fn html(&self, rest: &str) -> String {
        format!("https://github.com/{}{rest}", self.repo)
    }
}

/// An answer, kept as JSON until sent so it can be recorded and checked.
pub(super) struct Reply {
    pub(super) status: u16,
    /// Boxed to keep `Result<Reply, Reply>` small.
    pub(super) json: Option<Box<Value>>,
    pub(super) text: String,
    pub(super) content_type: &'static str,
    pub(super) headers: Vec<(String, String)>,
}

impl Reply {
    pub(super) fn json(status: u16, value: Value) -> Self {
        let content_type = "application/json; charset=utf-8";
        Reply {
            status,
            json: Some(Box::new(value)),
            text: String::new(),
            content_type,
            headers: Vec::new(),
        }
    }

    pub(super) fn error(status: u16, message: &str) -> Self {
        Reply::json(status, error_body(status, message))
    }

    /// 422 with one entry in `errors`, e.g. `{"resource":"Issue","code":"missing_field","field":"title"}`.
    pub(super) fn invalid(error: Value) -> Self {
        let mut body = error_body(422, "Validation Failed");
        set(&mut body, json!({ "errors": [error] }));
        Reply::json(422, body)
    }

    pub(super) fn not_found() -> Self {
        Reply::error(404, "Not Found")
    }

    pub(super) fn header(mut self, name: &str, value: String) -> Self {
        self.headers.push((name.to_owned(), value));
        self
    }

    /// The body as sent: JSON text, or the text of another media type.
    pub(super) fn body_bytes(&self) -> Vec<u8> {
        match &self.json {
            Some(json) => json.to_string().into_bytes(),
            None => self.text.clone().into_bytes(),
        }
    }

    pub(super) fn header_value(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The answer on the wire, with the headers GitHub always sends.
    pub(super) fn into_bytes(self) -> Vec<u8> {
        // The fakes of other forges name themselves (see `forges`); GitHub is the default.
        let mut headers = Vec::new();
        if self.header_value("Server").is_none() {
            headers.push(("Server".to_owned(), "GitHub.com".to_owned()));
        }
        if self.header_value("Date").is_none() {
            headers.insert(0, ("Date".to_owned(), clock::http_date(clock::unix_now())));
        }
        if self.status != 304 {
            headers.push(("Content-Type".to_owned(), self.content_type.to_owned()));
        }
        let body = self.body_bytes();
        headers.extend(self.headers);
        http::response(self.status, &headers, &body)
    }
}

pub(super) fn error_body(status: u16, message: &str) -> Value {
    json!({ "message": message, "documentation_url": DOCS, "status": status.to_string() })
}
