//! One request from receipt to answer: recording, authentication, faults, routing to the
//! handler, and turning a [`Reply`] into HTTP. Must not hold state of its own.

use super::*;

/// One request as the fake received it, with the status (and JSON) it answered: the status
/// sent, so 304 for a conditional hit, and 0 when a fault closed the connection instead.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
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

impl RecordedRequest {
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

/// GitHub's hourly budget of requests for a token.
const RATE_LIMIT: u64 = 5000;

/// What the fake sends back once the state has been updated.
pub(super) struct PlannedAnswer {
    /// `None`: close the connection without answering.
    reply: Option<Reply>,
    /// Extra wait before answering (a fault that hangs after acting).
    delay: Duration,
    /// A gate to wait for before answering (a fault that holds after acting).
    hold: Option<Gate>,
}

impl PlannedAnswer {
    pub(super) fn now(reply: Reply) -> Self {
        PlannedAnswer {
            reply: Some(reply),
            delay: Duration::ZERO,
            hold: None,
        }
    }
}

/// Reads, answers and records one request. Never panics on what the client sends.
pub(super) fn serve(shared: &Shared, request: http::WireRequest) -> http::Delivery {
    let recorded = RecordedRequest {
        method: request.method,
        path_and_query: request.target,
        headers: request.headers,
        body: serde_json::from_slice(&request.body).ok(),
        raw_body: String::from_utf8_lossy(&request.body).into_owned(),
        status: 0,
        response: None,
    };
    let (answer, latency) = {
        let mut state = lock(&shared.state);
        let answer = state.answer(&shared.base_url, &recorded);
        let sent = answer.reply.as_ref();
        state.requests.push(RecordedRequest {
            status: sent.map_or(0, |r| r.status),
            response: sent.and_then(|r| r.json.as_deref().cloned()),
            ..recorded
        });
        (answer, state.latency)
    };
    pause(&shared.stopping, latency + answer.delay);
    if let Some(gate) = &answer.hold {
        while !gate.is_open() && !shared.stopping.load(Ordering::SeqCst) {
            thread::sleep(Duration::from_millis(5));
        }
    }
    match answer.reply {
        // GitHub dates its answer when it sends it, on its own clock.
        Some(reply) => http::Delivery::Answer(
            reply
                .header("Date", lock(&shared.state).date())
                .into_bytes(),
        ),
        None => http::Delivery::Drop,
    }
}

/// Sleeps `total`, but wakes early when the fake is stopping so that dropping it is quick.
fn pause(stopping: &AtomicBool, total: Duration) {
    let until = std::time::Instant::now() + total;
    while !stopping.load(Ordering::SeqCst) {
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        thread::sleep(left.min(Duration::from_millis(20)));
    }
}

/// The token a request carries, as `Authorization: Bearer <token>` or `token <token>`.
pub(super) fn token(request: &RecordedRequest) -> Option<&str> {
    let value = request.header("authorization")?;
    let (scheme, token) = value.trim().split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("token"))
        .then(|| token.trim())
}

pub(super) fn authorized(request: &RecordedRequest, others: &[String]) -> bool {
    token(request).is_some_and(|token| token == TOKEN || others.iter().any(|t| t == token))
}

impl State {
    /// The first fault matching `request`, used up by one.
    fn take_fault(&mut self, request: &RecordedRequest) -> Option<Fault> {
        let index = self.faults.iter().position(|f| f.matches(request))?;
        let fault = self.faults[index].clone();
        match self.faults[index].times.as_mut() {
            Some(left) if *left <= 1 => {
                self.faults.remove(index);
            }
            Some(left) => *left -= 1,
            None => {}
        }
        Some(fault)
    }

    /// Authentication, then faults: one that answers instead of acting stops here; one that
    /// acts first lets the request change the state and then spoils (or withholds) the answer.
    pub(super) fn answer(&mut self, base: &str, request: &RecordedRequest) -> PlannedAnswer {
        if let Some(forge) = forges::OtherForge::of(request.path()) {
            return self.answer_forge(forge, base, request);
        }
        if !authorized(request, &self.switches.tokens) {
            return PlannedAnswer::now(Reply::error(401, "Bad credentials"));
        }
        let mut answer = self.answer_authorized(base, request);
        if let Some(reply) = answer.reply.as_mut() {
            self.count_rate(reply);
        }
        answer
    }

    /// GitHub's primary rate limit headers on every authenticated answer. A 304 costs
    /// nothing, which is why conditional requests are worth sending. A fault's own
    /// `x-ratelimit-*` headers (see [`Fault::rate_limited`]) win.
    fn count_rate(&mut self, reply: &mut Reply) {
        if reply.header_value("x-ratelimit-remaining").is_some() {
            return;
        }
        if reply.status != 304 {
            self.rate_used += 1;
        }
        let used = self.rate_used.min(RATE_LIMIT);
        let reset = self.unix_now() + 3600;
        reply.headers.extend(
            [
                ("x-ratelimit-limit", RATE_LIMIT.to_string()),
                ("x-ratelimit-remaining", (RATE_LIMIT - used).to_string()),
                ("x-ratelimit-used", used.to_string()),
                ("x-ratelimit-reset", reset.to_string()),
                ("x-ratelimit-resource", "core".to_owned()),
            ]
            .map(|(name, value)| (name.to_owned(), value)),
        );
    }

    fn answer_authorized(&mut self, base: &str, request: &RecordedRequest) -> PlannedAnswer {
        self.with_faults(request, |state| state.perform(base, request))
    }

    /// Serves `request` with `perform` through the faults: GitHub's, GitLab's and Forgejo's
    /// requests fail the same ways.
    pub(super) fn with_faults(
        &mut self,
        request: &RecordedRequest,
        perform: impl FnOnce(&mut State) -> Reply,
    ) -> PlannedAnswer {
        let fault = self.take_fault(request);
        if let Some(fault) = fault.as_ref().filter(|f| f.acting == Acting::Instead) {
            return PlannedAnswer::now(fault.reply());
        }
        let reply = perform(self);
        match fault {
            None => PlannedAnswer::now(reply),
            Some(fault) => match fault.acting {
                Acting::Instead | Acting::ThenAnswer => PlannedAnswer::now(fault.reply()),
                Acting::ThenHang(delay) => PlannedAnswer {
                    delay,
                    ..PlannedAnswer::now(reply)
                },
                Acting::ThenHold(gate) => PlannedAnswer {
                    hold: Some(gate),
                    ..PlannedAnswer::now(reply)
                },
                Acting::ThenDrop => PlannedAnswer {
                    reply: None,
                    delay: Duration::ZERO,
                    hold: None,
                },
            },
        }
    }

    /// What GitHub would do with the request: redirect, act, answer, honour conditions.
    fn perform(&mut self, base: &str, request: &RecordedRequest) -> Reply {
        if request.body.is_none() && !request.raw_body.trim().is_empty() {
            return Reply::error(400, "Problems parsing JSON");
        }
        if request.method == "POST" && request.path() == "/graphql" {
            return self.graphql(base, request.body.as_ref());
        }
        if let Some(moved) = self.redirect(base, request) {
            return moved;
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
            repo: self.spelled(&format!(
                "{}/{}",
                param("owner").unwrap_or_default(),
                param("repo").unwrap_or_default()
            )),
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
        let mut reply = self.dispatch(&op.id, &cx).unwrap_or_else(|error| error);
        if let Some(json) = reply.json.as_mut() {
            // Nested example objects (repositories, apps) still point at the example repo.
            rewrite_strings(
                json,
                &[
                    ("https://api.github.com", base),
                    ("octocat/Hello-World", &cx.repo),
                ],
            );
            if (200..300).contains(&reply.status) {
                self.strip(request.path(), json);
            }
        }
        if request.method == "GET" && reply.status == 200 {
            reply = conditional::answer(reply, request, self.switches.tags_per_token);
        }
        if self.switches.no_validators {
            reply.headers.retain(|(name, _)| {
                !name.eq_ignore_ascii_case("etag") && !name.eq_ignore_ascii_case("last-modified")
            });
        }
        reply
    }

    fn dispatch(&mut self, operation: &str, cx: &Cx) -> Result<Reply, Reply> {
        match operation {
            "users/get-authenticated" => Ok(self.get_viewer(cx)),
            "repos/get" => Ok(self.get_repo(cx)),
            "issues/get" => self.get_issue(cx),
            "issues/list-comments" => self.list_issue_comments(cx),
            "issues/list-for-repo" => Ok(self.list_issues(cx)),
            "issues/create" => self.create_issue(cx),
            "issues/update" => self.update_issue(cx),
            "issues/create-comment" => self.create_issue_comment(cx),
            "pulls/get" => self.get_pull(cx),
            "pulls/list" => Ok(self.list_pulls(cx)),
            "pulls/list-files" => self.list_files(cx),
            "pulls/list-reviews" => self.list_reviews(cx),
            "pulls/list-review-comments" => self.list_review_comments(cx),
            "pulls/list-requested-reviewers" => self.list_requested_reviewers(cx),
            "issues/list-events-for-timeline" => self.list_timeline(cx),
            "pulls/create" => self.create_pull(cx),
            "pulls/update" => self.update_pull(cx),
            "pulls/request-reviewers" => self.request_reviewers(cx),
            "pulls/create-reply-for-review-comment" => self.reply_to_review_comment(cx),
            "pulls/merge" => self.merge(cx),
            "checks/list-for-ref" => Ok(self.list_check_runs(cx)),
            "repos/get-combined-status-for-ref" => Ok(self.combined_status(cx)),
            "checks/list-annotations" => self.list_annotations(cx),
            "actions/get-job-for-workflow-run" => self.get_job(cx),
            "actions/download-job-logs-for-workflow-run" => self.job_logs(cx),
            "issues/list-labels-on-issue" => self.list_issue_labels(cx),
            "issues/add-labels" => self.add_issue_labels(cx),
            "issues/remove-label" => self.remove_issue_label(cx),
            _ => Err(Reply::not_found()),
        }
    }
}
