//! One request from receipt to answer: recording, authentication, faults, routing to the
//! handler, and turning a [`Reply`] into HTTP. Must not hold state of its own.

use super::*;

/// One request as the fake received it, with the status (and JSON) it answered.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: String,
    pub path_and_query: String,
    /// Header names are lowercased.
    pub headers: Vec<(String, String)>,
    /// The body parsed as JSON; `None` if empty or not JSON (see `raw_body`).
    pub body: Option<Value>,
    pub raw_body: String,
    pub status: u16,
    pub response: Option<Value>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn path(&self) -> &str {
        self.path_and_query.split('?').next().unwrap_or_default()
    }

    pub(super) fn query(&self) -> &str {
        self.path_and_query
            .split_once('?')
            .map(|(_, q)| q)
            .unwrap_or_default()
    }
}

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

    pub(super) fn into_response(self) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
        let body = match &self.json {
            Some(json) => json.to_string(),
            None => self.text,
        };
        // A Content-Length on every answer keeps keep-alive simple for minimal clients.
        let mut response = tiny_http::Response::from_data(body.into_bytes())
            .with_status_code(self.status)
            .with_chunked_threshold(usize::MAX);
        let headers = std::iter::once(("Content-Type".to_owned(), self.content_type.to_owned()))
            .chain(self.headers);
        for (name, value) in headers {
            if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
                response.add_header(header);
            }
        }
        response
    }
}

pub(super) fn error_body(status: u16, message: &str) -> Value {
    json!({ "message": message, "documentation_url": DOCS, "status": status.to_string() })
}

pub(super) fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Reads, answers and records one request. Never panics on what the client sends.
pub(super) fn serve(shared: &Shared, mut request: tiny_http::Request) {
    let mut raw = Vec::new();
    let _ = request.as_reader().read_to_end(&mut raw);
    let recorded = Recorded {
        method: request.method().as_str().to_ascii_uppercase(),
        path_and_query: request.url().to_owned(),
        headers: request
            .headers()
            .iter()
            .map(|h| {
                (
                    h.field.as_str().as_str().to_ascii_lowercase(),
                    h.value.as_str().to_owned(),
                )
            })
            .collect(),
        body: serde_json::from_slice(&raw).ok(),
        raw_body: String::from_utf8_lossy(&raw).into_owned(),
        status: 0,
        response: None,
    };
    let (reply, latency) = {
        let mut state = lock(&shared.state);
        let reply = state.answer(&shared.base_url, &recorded);
        state.requests.push(Recorded {
            status: reply.status,
            response: reply.json.as_deref().cloned(),
            ..recorded
        });
        (reply, state.latency)
    };
    thread::sleep(latency);
    let _ = request.respond(reply.into_response()); // the client may be gone: nothing to do
}

pub(super) fn authorized(request: &Recorded) -> bool {
    let Some(value) = request.header("authorization") else {
        return false;
    };
    let (scheme, token) = value.trim().split_once(' ').unwrap_or_default();
    (scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("token"))
        && token.trim() == TOKEN
}

impl State {
    pub(super) fn take_fault(&mut self, request: &Recorded) -> Option<Reply> {
        let index = self.faults.iter().position(|f| f.matches(request))?;
        let fault = self.faults[index].clone();
        match self.faults[index].times.as_mut() {
            Some(left) if *left <= 1 => {
                self.faults.remove(index);
            }
            Some(left) => *left -= 1,
            None => {}
        }
        let mut reply = Reply::json(fault.status, fault.body);
        reply.headers = fault.headers;
        Some(reply)
    }

    pub(super) fn answer(&mut self, base: &str, request: &Recorded) -> Reply {
        if !authorized(request) {
            return Reply::error(401, "Bad credentials");
        }
        if let Some(reply) = self.take_fault(request) {
            return reply;
        }
        if request.body.is_none() && !request.raw_body.trim().is_empty() {
            return Reply::error(400, "Problems parsing JSON");
        }
        let Some((op, params)) = openapi::route(&request.method, &request.path_and_query) else {
            return Reply::not_found();
        };
        let param = |name: &str| {
            params
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
        };
        let cx = Cx {
            base: base.to_owned(),
            repo: format!(
                "{}/{}",
                param("owner").unwrap_or_default(),
                param("repo").unwrap_or_default()
            ),
            number: param("issue_number")
                .or_else(|| param("pull_number"))
                .and_then(|n| n.parse().ok()),
            comment_id: param("comment_id").and_then(|n| n.parse().ok()),
            git_ref: param("ref").unwrap_or_default(),
            path: request.path().to_owned(),
            raw_query: request.query().to_owned(),
            query: openapi::parse_query(request.query()),
            body: request
                .body
                .clone()
                .filter(Value::is_object)
                .unwrap_or_else(|| json!({})),
            accept: request
                .header("accept")
                .unwrap_or_default()
                .to_ascii_lowercase(),
        };
        let handled = match op.id.as_str() {
            "issues/get" => self.get_issue(&cx),
            "issues/list-comments" => self.list_issue_comments(&cx),
            "issues/list-for-repo" => Ok(self.list_issues(&cx)),
            "issues/create" => self.create_issue(&cx),
            "issues/update" => self.update_issue(&cx),
            "issues/create-comment" => self.create_issue_comment(&cx),
            "pulls/get" => self.get_pull(&cx),
            "pulls/list" => Ok(self.list_pulls(&cx)),
            "pulls/list-files" => self.list_files(&cx),
            "pulls/list-reviews" => self.list_reviews(&cx),
            "pulls/list-review-comments" => self.list_review_comments(&cx),
            "pulls/create" => self.create_pull(&cx),
            "pulls/update" => self.update_pull(&cx),
            "pulls/request-reviewers" => self.request_reviewers(&cx),
            "pulls/create-reply-for-review-comment" => self.reply_to_review_comment(&cx),
            "pulls/merge" => self.merge(&cx),
            "checks/list-for-ref" => Ok(self.list_check_runs(&cx)),
            "repos/get-combined-status-for-ref" => Ok(self.combined_status(&cx)),
            _ => Err(Reply::not_found()),
        };
        let mut reply = handled.unwrap_or_else(|error| error);
        if let Some(json) = reply.json.as_mut() {
            // Nested example objects (repositories, apps) still point at the example repo.
            rewrite_strings(
                json,
                &[
                    ("https://api.github.com", base),
                    ("octocat/Hello-World", &cx.repo),
                ],
            );
        }
        reply
    }
}
