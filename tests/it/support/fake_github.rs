//! A local, stateful stand-in for GitHub's REST API, for helm's end-to-end tests.
//!
//! It serves the operations of the OpenAPI fixture (see [`openapi`]) on `127.0.0.1:<port>`.
//! Answers start from GitHub's own documented example for the operation and overwrite the
//! fields that carry state, so their shape is GitHub's, not a guess. Issues and pull requests
//! share one number sequence per repository, as on GitHub. Every request is recorded and can
//! be checked against the fixture ([`FakeGitHub::violations`]).
//!
//! ```ignore
//! let gh = FakeGitHub::start();
//! let n = gh.add_pr("acme/widgets", "Add feature", "feature", "main");
//! // point helm at gh.url() with gh.token(), run it, then:
//! assert!(gh.violations().is_empty());
//! ```

use super::openapi;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The token the fake accepts, as `Authorization: Bearer <token>` or `token <token>`.
pub const TOKEN: &str = "ghp_helmFakeGitHubToken0000000000000000";
/// Login of the authenticated user: the author of everything written through the API.
pub const VIEWER: &str = "helm-bot";
/// Author of seeded issues and pull requests (change it with [`FakeGitHub::edit_issue`]).
pub const SEED_AUTHOR: &str = "octocat";

/// Request-handling threads: enough for helm's concurrent reads even with added latency.
const WORKERS: usize = 8;
const DOCS: &str = "https://docs.github.com/rest";

// Path templates exactly as in the fixture.
const ISSUE: &str = "/repos/{owner}/{repo}/issues/{issue_number}";
const ISSUE_COMMENTS: &str = "/repos/{owner}/{repo}/issues/{issue_number}/comments";
const PULL: &str = "/repos/{owner}/{repo}/pulls/{pull_number}";
const PULLS: &str = "/repos/{owner}/{repo}/pulls";
const PULL_FILES: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/files";
const REVIEWS: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/reviews";
const REVIEW_COMMENTS: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/comments";
const CHECK_RUNS: &str = "/repos/{owner}/{repo}/commits/{ref}/check-runs";
const STATUS: &str = "/repos/{owner}/{repo}/commits/{ref}/status";
const MERGE: &str = "/repos/{owner}/{repo}/pulls/{pull_number}/merge";

/// An issue or a pull request (then `pull` is set), as the fake stores it.
#[derive(Clone, Debug)]
pub struct Issue {
    pub number: u64,
    pub id: u64,
    pub title: String,
    pub body: Option<String>,
    pub user: String,
    /// `"open"` or `"closed"`.
    pub state: String,
    pub state_reason: Option<String>,
    pub labels: Vec<String>,
    pub assignees: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub pull: Option<Pull>,
}

/// The pull-request half of an [`Issue`].
#[derive(Clone, Debug)]
pub struct Pull {
    /// Pull requests have an `id` of their own, distinct from their issue's.
    pub id: u64,
    pub head: String,
    pub base: String,
    pub head_sha: String,
    pub base_sha: String,
    pub draft: bool,
    /// `None` while GitHub is still computing mergeability.
    pub mergeable: Option<bool>,
    /// Overrides the derived `mergeable_state` (e.g. `"blocked"`, `"unstable"`).
    pub mergeable_state: Option<String>,
    pub merged_at: Option<String>,
    pub merge_commit_sha: Option<String>,
    pub requested_reviewers: Vec<String>,
    pub requested_teams: Vec<String>,
    pub diff: Diff,
    pub files: Vec<PrFile>,
}

/// What `GET pulls/{n}` with a diff media type answers.
#[derive(Clone, Debug, Default)]
pub enum Diff {
    /// A unified diff assembled from the PR's files.
    #[default]
    FromFiles,
    Text(String),
    /// 406, as GitHub answers past 20,000 lines.
    TooLarge,
}

/// One changed file of a pull request; additions/deletions are counted from `patch`.
#[derive(Clone, Debug)]
pub struct PrFile {
    pub filename: String,
    /// `"added"`, `"modified"`, `"removed"`, `"renamed"`, ...
    pub status: String,
    pub patch: String,
}

/// An issue (or PR conversation) comment.
#[derive(Clone, Debug)]
pub struct Comment {
    pub id: u64,
    pub user: String,
    pub body: String,
}

/// A canned failure: the next matching request(s) get this answer instead of the real one.
#[derive(Clone, Debug)]
pub struct Fault {
    /// HTTP method to match, or `"*"` for any.
    pub method: String,
    /// Substring of the path-and-query to match.
    pub path_contains: String,
    pub status: u16,
    pub body: Value,
    pub headers: Vec<(String, String)>,
    /// How many requests it still applies to; `None` for all of them.
    pub times: Option<usize>,
}

impl Fault {
    /// A one-shot failure.
    pub fn new(method: &str, path_contains: &str, status: u16, body: Value) -> Self {
        Fault {
            method: method.to_ascii_uppercase(),
            path_contains: path_contains.to_owned(),
            status,
            body,
            headers: Vec::new(),
            times: Some(1),
        }
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers
            .push((name.to_ascii_lowercase(), value.to_owned()));
        self
    }

    pub fn times(mut self, n: usize) -> Self {
        self.times = Some(n);
        self
    }

    pub fn always(mut self) -> Self {
        self.times = None;
        self
    }

    /// GitHub's primary rate limit: 403 with `x-ratelimit-remaining: 0` and a reset time
    /// (epoch seconds) `reset_in` from now.
    pub fn rate_limited(method: &str, path_contains: &str, reset_in: Duration) -> Self {
        let reset = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            + reset_in;
        let body = error_body(403, "API rate limit exceeded for user ID 1.");
        Fault::new(method, path_contains, 403, body)
            .header("x-ratelimit-limit", "5000")
            .header("x-ratelimit-remaining", "0")
            .header("x-ratelimit-used", "5000")
            .header("x-ratelimit-reset", &reset.as_secs().to_string())
    }

    /// GitHub's secondary rate limit: 429 with `retry-after: <seconds>`.
    pub fn secondary_rate_limited(
        method: &str,
        path_contains: &str,
        retry_after_secs: u64,
    ) -> Self {
        let message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
        Fault::new(method, path_contains, 429, error_body(429, message))
            .header("retry-after", &retry_after_secs.to_string())
    }

    fn matches(&self, request: &Recorded) -> bool {
        (self.method == "*" || self.method == request.method)
            && request.path_and_query.contains(&self.path_contains)
    }
}

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

    fn query(&self) -> &str {
        self.path_and_query
            .split_once('?')
            .map(|(_, q)| q)
            .unwrap_or_default()
    }
}

/// The running fake. Stops (and joins its threads) when dropped.
pub struct FakeGitHub {
    shared: Arc<Shared>,
    server: Arc<tiny_http::Server>,
    workers: Vec<JoinHandle<()>>,
}

struct Shared {
    base_url: String,
    stopping: AtomicBool,
    state: Mutex<State>,
}

impl FakeGitHub {
    /// Starts a fake on a free port of 127.0.0.1.
    pub fn start() -> Self {
        openapi::spec(); // a broken fixture should fail the test here, not in a worker thread
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").expect("bind 127.0.0.1:0"));
        let addr = server.server_addr().to_ip().expect("an IP listener");
        let shared = Arc::new(Shared {
            base_url: format!("http://{addr}"),
            stopping: AtomicBool::new(false),
            state: Mutex::new(State::new()),
        });
        let workers = (0..WORKERS)
            .map(|_| {
                let (server, shared) = (Arc::clone(&server), Arc::clone(&shared));
                thread::spawn(move || {
                    loop {
                        match server.recv() {
                            Ok(request) => serve(&shared, request),
                            Err(_) if shared.stopping.load(Ordering::SeqCst) => break,
                            Err(_) => continue,
                        }
                    }
                })
            })
            .collect();
        FakeGitHub {
            shared,
            server,
            workers,
        }
    }

    /// Base URL to give the client, e.g. `http://127.0.0.1:41234` (no trailing slash).
    pub fn url(&self) -> String {
        self.shared.base_url.clone()
    }

    pub fn token(&self) -> &'static str {
        TOKEN
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.shared.state)
    }

    // ----- seeding -------------------------------------------------------------------------

    /// Adds an open issue by [`SEED_AUTHOR`]; an empty body is stored as `null`, as GitHub does.
    pub fn add_issue(&self, repo: &str, title: &str, body: &str) -> u64 {
        let mut state = self.state();
        let issue = state.new_issue(repo, title, Some(body), SEED_AUTHOR);
        state.insert(repo, issue)
    }

    /// Adds an open, mergeable pull request from branch `head` into `base`.
    pub fn add_pr(&self, repo: &str, title: &str, head: &str, base: &str) -> u64 {
        let mut state = self.state();
        let mut issue = state.new_issue(repo, title, None, SEED_AUTHOR);
        issue.pull = Some(state.new_pull(head, base, false));
        state.insert(repo, issue)
    }

    /// A copy of an issue or PR as currently stored.
    pub fn issue(&self, repo: &str, number: u64) -> Option<Issue> {
        self.state().issue(repo, number).cloned()
    }

    /// Changes a stored issue or PR in place. Panics if there is no such number.
    pub fn edit_issue(&self, repo: &str, number: u64, edit: impl FnOnce(&mut Issue)) {
        let mut state = self.state();
        let issue = state
            .issue_mut(repo, number)
            .unwrap_or_else(|| panic!("no issue {repo}#{number}"));
        edit(issue);
    }

    /// Changes the pull-request half of a stored PR. Panics if `number` is not a PR.
    pub fn edit_pr(&self, repo: &str, number: u64, edit: impl FnOnce(&mut Pull)) {
        self.edit_issue(repo, number, |issue| {
            edit(
                issue
                    .pull
                    .as_mut()
                    .unwrap_or_else(|| panic!("{repo}#{number} is not a pull request")),
            )
        });
    }

    /// The head commit of a PR, e.g. to seed checks on it or to merge with `sha`.
    pub fn head_sha(&self, repo: &str, pr: u64) -> String {
        self.issue(repo, pr)
            .and_then(|i| i.pull)
            .map(|p| p.head_sha)
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"))
    }

    /// Makes merging the PR fail with 405 ("Pull Request is not mergeable") when `false`.
    pub fn set_mergeable(&self, repo: &str, pr: u64, mergeable: bool) {
        self.edit_pr(repo, pr, |p| p.mergeable = Some(mergeable));
    }

    pub fn set_diff(&self, repo: &str, pr: u64, text: &str) {
        self.edit_pr(repo, pr, |p| p.diff = Diff::Text(text.to_owned()));
    }

    /// Makes the diff media type answer 406, as GitHub does past 20,000 lines.
    pub fn set_diff_too_large(&self, repo: &str, pr: u64) {
        self.edit_pr(repo, pr, |p| p.diff = Diff::TooLarge);
    }

    /// Adds a modified file with a unified-diff `patch` (hunks only, no file header).
    pub fn add_pr_file(&self, repo: &str, pr: u64, filename: &str, patch: &str) {
        let file = PrFile {
            filename: filename.to_owned(),
            status: "modified".into(),
            patch: patch.to_owned(),
        };
        self.edit_pr(repo, pr, |p| p.files.push(file));
    }

    /// Adds a comment to the conversation of an issue or PR. Panics if there is no such number.
    pub fn add_issue_comment(&self, repo: &str, number: u64, user: &str, body: &str) -> u64 {
        let mut state = self.state();
        assert!(
            state.issue(repo, number).is_some(),
            "no issue {repo}#{number}"
        );
        state.add_comment(repo, number, user, body)
    }

    /// The conversation comments of an issue or PR, oldest first.
    pub fn comments(&self, repo: &str, number: u64) -> Vec<Comment> {
        let state = self.state();
        let comments = state
            .repos
            .get(repo)
            .map(|r| r.comments.iter())
            .into_iter()
            .flatten();
        comments
            .filter(|c| c.issue == number)
            .map(|c| c.comment.clone())
            .collect()
    }

    /// Adds a review comment by [`SEED_AUTHOR`] on `line` of `path` at the PR's head.
    pub fn add_review_comment(
        &self,
        repo: &str,
        pr: u64,
        path: &str,
        line: u64,
        body: &str,
    ) -> u64 {
        let mut state = self.state();
        let sha = state
            .pull(repo, pr)
            .map(|(_, p)| p.head_sha.clone())
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"));
        let comment = ReviewComment {
            id: state.next_id(),
            pr,
            path: path.to_owned(),
            line,
            commit_id: sha,
            in_reply_to: None,
            user: SEED_AUTHOR.to_owned(),
            body: body.to_owned(),
            created_at: state.now(),
        };
        let id = comment.id;
        state.repo(repo).review_comments.push(comment);
        id
    }

    /// Adds a submitted review; `state` is GitHub's (`APPROVED`, `CHANGES_REQUESTED`, `COMMENTED`).
    pub fn add_review(&self, repo: &str, pr: u64, user: &str, state: &str, body: &str) -> u64 {
        let mut st = self.state();
        let sha = st
            .pull(repo, pr)
            .map(|(_, p)| p.head_sha.clone())
            .unwrap_or_else(|| panic!("no PR {repo}#{pr}"));
        let review = Review {
            id: st.next_id(),
            pr,
            user: user.to_owned(),
            state: state.to_owned(),
            body: body.to_owned(),
            commit_id: sha,
            submitted_at: st.now(),
        };
        let id = review.id;
        st.repo(repo).reviews.push(review);
        id
    }

    /// Adds a check run on `git_ref` (a sha, or a PR's head branch name). `status` is
    /// `queued`/`in_progress`/`completed`; `conclusion` is set once completed.
    pub fn add_check_run(
        &self,
        repo: &str,
        git_ref: &str,
        name: &str,
        status: &str,
        conclusion: Option<&str>,
    ) -> u64 {
        let mut state = self.state();
        let run = CheckRun {
            id: state.next_id(),
            sha: state.resolve_ref(repo, git_ref),
            name: name.to_owned(),
            status: status.to_owned(),
            conclusion: conclusion.map(str::to_owned),
            started_at: state.now(),
        };
        let id = run.id;
        state.repo(repo).check_runs.push(run);
        id
    }

    /// Adds a commit status (`error`/`failure`/`pending`/`success`) for `context` on `git_ref`.
    pub fn add_status(&self, repo: &str, git_ref: &str, context: &str, state: &str) -> u64 {
        let mut st = self.state();
        let status = CommitStatus {
            id: st.next_id(),
            sha: st.resolve_ref(repo, git_ref),
            context: context.to_owned(),
            state: state.to_owned(),
            created_at: st.now(),
        };
        let id = status.id;
        st.repo(repo).statuses.push(status);
        id
    }

    // ----- behaviour -----------------------------------------------------------------------

    /// Caps `per_page` below GitHub's 100, to force pagination with few seeded items.
    pub fn set_per_page_cap(&self, cap: usize) {
        self.state().per_page_cap = cap.max(1);
    }

    /// Delays every answer by `latency` (requests are still served concurrently).
    pub fn set_latency(&self, latency: Duration) {
        self.state().latency = latency;
    }

    pub fn inject(&self, fault: Fault) {
        self.state().faults.push(fault);
    }

    /// The next request matching `method` (or `"*"`) and `path_contains` gets `status` + `body`.
    pub fn fail_next(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.inject(Fault::new(method, path_contains, status, body));
    }

    /// Every request matching `method` (or `"*"`) and `path_contains` gets `status` + `body`.
    pub fn fail_always(&self, method: &str, path_contains: &str, status: u16, body: Value) {
        self.inject(Fault::new(method, path_contains, status, body).always());
    }

    pub fn clear_faults(&self) {
        self.state().faults.clear();
    }

    // ----- observation ---------------------------------------------------------------------

    /// Every request received so far, in the order they were answered.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state().requests.clone()
    }

    /// The requests that were not GETs.
    pub fn writes(&self) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.method != "GET")
            .collect()
    }

    /// Everything about the recorded requests that GitHub's description does not allow,
    /// as `"METHOD path: problem"` lines. End-to-end tests should expect none.
    pub fn violations(&self) -> Vec<String> {
        let mut found = Vec::new();
        for request in self.requests() {
            let line =
                |problem: &str| format!("{} {}: {problem}", request.method, request.path_and_query);
            if request.body.is_none() && !request.raw_body.trim().is_empty() {
                found.push(line("body is not JSON"));
            }
            if let Err(problems) = openapi::validate(
                &request.method,
                &request.path_and_query,
                request.body.as_ref(),
            ) {
                found.extend(problems.iter().map(|p| line(p)));
            }
        }
        found
    }
}

impl Drop for FakeGitHub {
    fn drop(&mut self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        for _ in &self.workers {
            self.server.unblock(); // each call releases one worker from `recv`
        }
        let panicked = self
            .workers
            .drain(..)
            .filter_map(|w| w.join().err())
            .count();
        // A server bug must fail the test that hit it, not hide behind a dead worker.
        if panicked > 0 && !thread::panicking() {
            panic!("{panicked} fake GitHub worker thread(s) panicked");
        }
    }
}

// ----- state ---------------------------------------------------------------------------------

struct State {
    repos: HashMap<String, Repo>,
    next_id: u64,
    /// Minutes since 2024-01-01T00:00Z: a deterministic, strictly increasing clock.
    clock: u64,
    per_page_cap: usize,
    latency: Duration,
    faults: Vec<Fault>,
    requests: Vec<Recorded>,
}

#[derive(Default)]
struct Repo {
    issues: BTreeMap<u64, Issue>,
    comments: Vec<IssueComment>,
    review_comments: Vec<ReviewComment>,
    reviews: Vec<Review>,
    check_runs: Vec<CheckRun>,
    statuses: Vec<CommitStatus>,
}

struct IssueComment {
    issue: u64,
    comment: Comment,
    created_at: String,
}

struct ReviewComment {
    id: u64,
    pr: u64,
    path: String,
    line: u64,
    commit_id: String,
    in_reply_to: Option<u64>,
    user: String,
    body: String,
    created_at: String,
}

struct Review {
    id: u64,
    pr: u64,
    user: String,
    state: String,
    body: String,
    commit_id: String,
    submitted_at: String,
}

struct CheckRun {
    id: u64,
    sha: String,
    name: String,
    status: String,
    conclusion: Option<String>,
    started_at: String,
}

struct CommitStatus {
    id: u64,
    sha: String,
    context: String,
    state: String,
    created_at: String,
}

/// What the handlers need to know about one request.
struct Cx {
    base: String,
    repo: String,
    /// `issue_number` or `pull_number`, when the template has one.
    number: Option<u64>,
    comment_id: Option<u64>,
    git_ref: String,
    path: String,
    raw_query: String,
    query: Vec<(String, String)>,
    body: Value,
    accept: String,
}

impl Cx {
    fn query(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn field(&self, name: &str) -> Option<&Value> {
        self.body.get(name).filter(|v| !v.is_null())
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.body.get(name).and_then(Value::as_str)
    }

    fn strings(&self, name: &str) -> Vec<String> {
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

    fn api(&self, rest: &str) -> String {
        format!("{}/repos/{}{rest}", self.base, self.repo)
    }

    fn html(&self, rest: &str) -> String {
        format!("https://github.com/{}{rest}", self.repo)
    }
}

/// An answer, kept as JSON until sent so it can be recorded and checked.
struct Reply {
    status: u16,
    /// Boxed to keep `Result<Reply, Reply>` small.
    json: Option<Box<Value>>,
    text: String,
    content_type: &'static str,
    headers: Vec<(String, String)>,
}

impl Reply {
    fn json(status: u16, value: Value) -> Self {
        let content_type = "application/json; charset=utf-8";
        Reply {
            status,
            json: Some(Box::new(value)),
            text: String::new(),
            content_type,
            headers: Vec::new(),
        }
    }

    fn error(status: u16, message: &str) -> Self {
        Reply::json(status, error_body(status, message))
    }

    /// 422 with one entry in `errors`, e.g. `{"resource":"Issue","code":"missing_field","field":"title"}`.
    fn invalid(error: Value) -> Self {
        let mut body = error_body(422, "Validation Failed");
        set(&mut body, json!({ "errors": [error] }));
        Reply::json(422, body)
    }

    fn not_found() -> Self {
        Reply::error(404, "Not Found")
    }

    fn header(mut self, name: &str, value: String) -> Self {
        self.headers.push((name.to_owned(), value));
        self
    }

    fn into_response(self) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
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

fn error_body(status: u16, message: &str) -> Value {
    json!({ "message": message, "documentation_url": DOCS, "status": status.to_string() })
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Reads, answers and records one request. Never panics on what the client sends.
fn serve(shared: &Shared, mut request: tiny_http::Request) {
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

fn authorized(request: &Recorded) -> bool {
    let Some(value) = request.header("authorization") else {
        return false;
    };
    let (scheme, token) = value.trim().split_once(' ').unwrap_or_default();
    (scheme.eq_ignore_ascii_case("bearer") || scheme.eq_ignore_ascii_case("token"))
        && token.trim() == TOKEN
}

impl State {
    fn new() -> Self {
        State {
            repos: HashMap::new(),
            next_id: 1000,
            clock: 0,
            per_page_cap: 100,
            latency: Duration::ZERO,
            faults: Vec::new(),
            requests: Vec::new(),
        }
    }

    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn now(&mut self) -> String {
        self.clock += 1;
        let (day, hour, minute) = (
            (self.clock / 1440).min(30) + 1,
            self.clock / 60 % 24,
            self.clock % 60,
        );
        format!("2024-01-{day:02}T{hour:02}:{minute:02}:00Z")
    }

    /// A fresh, deterministic 40-hex-digit commit sha.
    fn sha(&mut self) -> String {
        let seed = self.next_id();
        format!(
            "{:016x}{:016x}{:08x}",
            mix(seed),
            mix(seed ^ 0xa5a5),
            mix(seed ^ 0x5a5a) as u32
        )
    }

    fn repo(&mut self, repo: &str) -> &mut Repo {
        self.repos.entry(repo.to_owned()).or_default()
    }

    fn issue(&self, repo: &str, number: u64) -> Option<&Issue> {
        self.repos.get(repo)?.issues.get(&number)
    }

    fn issue_mut(&mut self, repo: &str, number: u64) -> Option<&mut Issue> {
        self.repos.get_mut(repo)?.issues.get_mut(&number)
    }

    fn pull(&self, repo: &str, number: u64) -> Option<(&Issue, &Pull)> {
        let issue = self.issue(repo, number)?;
        Some((issue, issue.pull.as_ref()?))
    }

    fn new_issue(&mut self, repo: &str, title: &str, body: Option<&str>, user: &str) -> Issue {
        let now = self.now();
        Issue {
            number: self
                .repos
                .get(repo)
                .and_then(|r| r.issues.keys().max())
                .map_or(1, |n| n + 1),
            id: self.next_id(),
            title: title.to_owned(),
            body: body.filter(|b| !b.is_empty()).map(str::to_owned),
            user: user.to_owned(),
            state: "open".into(),
            state_reason: None,
            labels: Vec::new(),
            assignees: Vec::new(),
            created_at: now.clone(),
            updated_at: now,
            closed_at: None,
            pull: None,
        }
    }

    fn new_pull(&mut self, head: &str, base: &str, draft: bool) -> Pull {
        Pull {
            id: self.next_id(),
            head: head.to_owned(),
            base: base.to_owned(),
            head_sha: self.sha(),
            base_sha: self.sha(),
            draft,
            mergeable: Some(true),
            mergeable_state: None,
            merged_at: None,
            merge_commit_sha: None,
            requested_reviewers: Vec::new(),
            requested_teams: Vec::new(),
            diff: Diff::default(),
            files: Vec::new(),
        }
    }

    fn insert(&mut self, repo: &str, issue: Issue) -> u64 {
        let number = issue.number;
        self.repo(repo).issues.insert(number, issue);
        number
    }

    fn add_comment(&mut self, repo: &str, issue: u64, user: &str, body: &str) -> u64 {
        let id = self.next_id();
        let created_at = self.now();
        let comment = Comment {
            id,
            user: user.to_owned(),
            body: body.to_owned(),
        };
        self.repo(repo).comments.push(IssueComment {
            issue,
            comment,
            created_at,
        });
        id
    }

    /// GitHub accepts a sha or a branch for `{ref}`: map a PR head (or base) branch to its sha.
    fn resolve_ref(&self, repo: &str, git_ref: &str) -> String {
        let branch = git_ref.strip_prefix("refs/heads/").unwrap_or(git_ref);
        let pulls = self
            .repos
            .get(repo)
            .map(|r| r.issues.values().rev())
            .into_iter()
            .flatten();
        let shas = pulls.filter_map(|i| i.pull.as_ref()).find_map(|p| {
            (p.head == branch)
                .then(|| p.head_sha.clone())
                .or_else(|| (p.base == branch).then(|| p.base_sha.clone()))
        });
        shas.unwrap_or_else(|| git_ref.to_owned())
    }

    fn take_fault(&mut self, request: &Recorded) -> Option<Reply> {
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

    fn answer(&mut self, base: &str, request: &Recorded) -> Reply {
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

    // ----- reads ---------------------------------------------------------------------------

    fn get_issue(&self, cx: &Cx) -> Result<Reply, Reply> {
        let issue = self
            .issue(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        Ok(Reply::json(200, self.issue_json(cx, issue)))
    }

    fn list_issue_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.comments.iter())
            .into_iter()
            .flatten();
        let items = comments
            .filter(|c| c.issue == number)
            .map(|c| comment_json(cx, issue, c))
            .collect();
        Ok(self.page(cx, items))
    }

    fn list_issues(&self, cx: &Cx) -> Reply {
        let items = self
            .listed(cx)
            .map(|issue| self.issue_json(cx, issue))
            .collect();
        self.page(cx, items)
    }

    fn list_pulls(&self, cx: &Cx) -> Reply {
        let keys: Vec<String> = match shape("GET", PULLS)[0].as_object() {
            Some(item) => item.keys().cloned().collect(),
            None => Vec::new(),
        };
        let head = cx.query("head").map(|h| h.rsplit(':').next().unwrap_or(h));
        let items = self
            .listed(cx)
            .filter_map(|issue| Some((issue, issue.pull.as_ref()?)))
            .filter(|(_, pull)| {
                head.is_none_or(|h| pull.head == h)
                    && cx.query("base").is_none_or(|b| pull.base == b)
            })
            .map(|(issue, pull)| {
                // The list answers GitHub's "pull-request-simple": a subset of the full PR.
                let mut full = self.pull_json(cx, issue, pull);
                if let Some(fields) = full.as_object_mut() {
                    fields.retain(|key, _| keys.contains(key));
                }
                full
            })
            .collect();
        self.page(cx, items)
    }

    /// Issues (PRs included) filtered by `state` and ordered by `sort`/`direction` (created).
    fn listed<'a>(&'a self, cx: &Cx) -> impl Iterator<Item = &'a Issue> {
        let state = cx.query("state").unwrap_or("open").to_owned();
        let ascending = cx.query("direction") == Some("asc");
        let mut issues: Vec<&Issue> = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten()
            .collect();
        issues.retain(|i| state == "all" || i.state == state);
        if !ascending {
            issues.reverse();
        }
        issues.into_iter()
    }

    fn get_pull(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (issue, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if !cx.accept.contains("diff") {
            return Ok(Reply::json(200, self.pull_json(cx, issue, pull)));
        }
        let text = match &pull.diff {
            Diff::Text(text) => text.clone(),
            Diff::FromFiles => diff_from_files(&pull.files),
            Diff::TooLarge => {
                let mut body = error_body(
                    406,
                    "Sorry, the diff exceeded the maximum number of lines (20000)",
                );
                set(
                    &mut body,
                    json!({ "errors": [{ "resource": "PullRequest", "field": "diff", "code": "too_large" }] }),
                );
                return Err(Reply::json(406, body));
            }
        };
        let content_type = "application/vnd.github.diff; charset=utf-8";
        Ok(Reply {
            status: 200,
            json: None,
            text,
            content_type,
            headers: Vec::new(),
        })
    }

    fn list_files(&self, cx: &Cx) -> Result<Reply, Reply> {
        let (_, pull) = self
            .pull(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let items = pull
            .files
            .iter()
            .map(|file| file_json(cx, pull, file))
            .collect();
        Ok(self.page(cx, items))
    }

    fn list_reviews(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let reviews = self
            .repos
            .get(&cx.repo)
            .map(|r| r.reviews.iter())
            .into_iter()
            .flatten();
        let items = reviews
            .filter(|r| r.pr == number)
            .map(|r| review_json(cx, r))
            .collect();
        Ok(self.page(cx, items))
    }

    fn list_review_comments(&self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self
            .repos
            .get(&cx.repo)
            .map(|r| r.review_comments.iter())
            .into_iter()
            .flatten();
        let items = comments
            .filter(|c| c.pr == number)
            .map(|c| review_comment_json(cx, c))
            .collect();
        Ok(self.page(cx, items))
    }

    fn list_check_runs(&self, cx: &Cx) -> Reply {
        let sha = self.resolve_ref(&cx.repo, &cx.git_ref);
        let runs = self
            .repos
            .get(&cx.repo)
            .map(|r| r.check_runs.iter())
            .into_iter()
            .flatten();
        let mut runs: Vec<&CheckRun> = runs
            .filter(|r| r.sha == sha)
            .filter(|r| cx.query("check_name").is_none_or(|name| r.name == name))
            .filter(|r| cx.query("status").is_none_or(|status| r.status == status))
            .collect();
        if cx.query("filter") != Some("all") {
            // `filter=latest` (the default): only the most recent run of each name.
            let superseded: Vec<u64> = runs
                .iter()
                .filter(|r| runs.iter().any(|o| o.name == r.name && o.id > r.id))
                .map(|r| r.id)
                .collect();
            runs.retain(|r| !superseded.contains(&r.id));
        }
        let total = runs.len();
        let items = runs
            .into_iter()
            .map(|run| self.check_run_json(cx, run))
            .collect();
        let mut reply = self.page(cx, items);
        if let Some(page) = reply.json.take() {
            reply.json = Some(Box::new(
                json!({ "total_count": total, "check_runs": page }),
            ));
        }
        reply
    }

    fn combined_status(&self, cx: &Cx) -> Reply {
        let sha = self.resolve_ref(&cx.repo, &cx.git_ref);
        let all = self
            .repos
            .get(&cx.repo)
            .map(|r| r.statuses.iter())
            .into_iter()
            .flatten();
        // Only the latest status of each context counts, newest first.
        let mut latest: Vec<&CommitStatus> = Vec::new();
        for status in all
            .filter(|s| s.sha == sha)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
        {
            if !latest.iter().any(|s| s.context == status.context) {
                latest.push(status);
            }
        }
        let state = if latest
            .iter()
            .any(|s| s.state == "error" || s.state == "failure")
        {
            "failure"
        } else if latest.is_empty() || latest.iter().any(|s| s.state == "pending") {
            "pending"
        } else {
            "success"
        };
        let total = latest.len();
        let items = latest.into_iter().map(|s| status_json(cx, s)).collect();
        let mut reply = self.page(cx, items);
        let mut combined = shape("GET", STATUS).clone();
        let repository = project(repo_json(cx), &shape("GET", STATUS)["repository"]);
        set(
            &mut combined,
            json!({
                "state": state,
                "statuses": reply.json.take().map_or_else(|| json!([]), |page| *page),
                "sha": sha,
                "total_count": total,
                "repository": repository,
                "commit_url": cx.api(&format!("/commits/{sha}")),
                "url": cx.api(&format!("/commits/{sha}/status")),
            }),
        );
        reply.json = Some(Box::new(combined));
        reply
    }

    // ----- writes --------------------------------------------------------------------------

    fn create_issue(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = title_of(cx).ok_or_else(|| missing("Issue", "title"))?;
        let mut issue = self.new_issue(&cx.repo, &title, cx.text("body"), VIEWER);
        issue.labels = cx.strings("labels");
        issue.assignees = cx.strings("assignees");
        self.insert(&cx.repo, issue.clone());
        Ok(Reply::json(201, self.issue_json(cx, &issue)))
    }

    fn update_issue(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = match cx.field("title") {
            Some(_) => Some(title_of(cx).ok_or_else(|| missing("Issue", "title"))?),
            None => None,
        };
        let now = self.now();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if let Some(title) = title {
            issue.title = title;
        }
        if let Some(body) = cx.body.get("body") {
            issue.body = body.as_str().map(str::to_owned);
        }
        if cx.body.get("labels").is_some() {
            issue.labels = cx.strings("labels");
        }
        if cx.body.get("assignees").is_some() {
            issue.assignees = cx.strings("assignees");
        }
        let reason = cx.text("state_reason").map(str::to_owned);
        match cx.text("state") {
            Some("closed") if issue.state != "closed" => {
                issue.state = "closed".into();
                issue.closed_at = Some(now.clone());
                issue.state_reason = reason.or(Some("completed".into()));
            }
            Some("open") if issue.state != "open" => {
                issue.state = "open".into();
                issue.closed_at = None;
                issue.state_reason = Some("reopened".into());
            }
            Some("open" | "closed") | None => {
                if reason.is_some() {
                    issue.state_reason = reason;
                }
            }
            Some(_) => {
                return Err(Reply::invalid(
                    json!({ "resource": "Issue", "code": "invalid", "field": "state" }),
                ));
            }
        }
        issue.updated_at = now;
        let issue = issue.clone();
        Ok(Reply::json(200, self.issue_json(cx, &issue)))
    }

    fn create_issue_comment(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let number = cx.number.unwrap_or_default();
        self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let body = cx
            .text("body")
            .filter(|b| !b.trim().is_empty())
            .ok_or_else(|| missing("IssueComment", "body"))?;
        let id = self.add_comment(&cx.repo, number, VIEWER, body);
        let issue = self.issue(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let comments = self.repos.get(&cx.repo).map(|r| r.comments.as_slice());
        let comment = comments.into_iter().flatten().find(|c| c.comment.id == id);
        let json = comment.map(|c| comment_json(cx, issue, c));
        Ok(Reply::json(201, json.unwrap_or_default()))
    }

    fn create_pull(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let title = title_of(cx).ok_or_else(|| missing("PullRequest", "title"))?;
        let head = cx
            .text("head")
            .filter(|h| !h.is_empty())
            .ok_or_else(|| missing("PullRequest", "head"))?;
        let head = head.rsplit(':').next().unwrap_or(head); // "owner:branch"
        let base = cx
            .text("base")
            .filter(|b| !b.is_empty())
            .ok_or_else(|| missing("PullRequest", "base"))?;
        if head == base {
            return Err(custom_invalid(&format!(
                "No commits between {base} and {head}"
            )));
        }
        let open = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten();
        if open
            .filter(|i| i.state == "open")
            .filter_map(|i| i.pull.as_ref())
            .any(|p| p.head == head && p.base == base)
        {
            let owner = cx.repo.split('/').next().unwrap_or_default();
            return Err(custom_invalid(&format!(
                "A pull request already exists for {owner}:{head}."
            )));
        }
        let mut issue = self.new_issue(&cx.repo, &title, cx.text("body"), VIEWER);
        issue.pull =
            Some(self.new_pull(head, base, cx.body.get("draft") == Some(&Value::Bool(true))));
        self.insert(&cx.repo, issue.clone());
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(201, self.pull_json(cx, &issue, pull)))
    }

    fn update_pull(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let now = self.now();
        let number = cx.number.unwrap_or_default();
        self.pull(&cx.repo, number).ok_or_else(Reply::not_found)?;
        let issue = self
            .issue_mut(&cx.repo, number)
            .ok_or_else(Reply::not_found)?;
        if let Some(title) = cx.text("title") {
            if title.trim().is_empty() {
                return Err(missing("PullRequest", "title"));
            }
            issue.title = title.to_owned();
        }
        if let Some(body) = cx.body.get("body") {
            issue.body = body.as_str().map(str::to_owned);
        }
        match cx.text("state") {
            Some("closed") if issue.state == "open" => {
                issue.state = "closed".into();
                issue.closed_at = Some(now.clone());
            }
            Some("open") if issue.state == "closed" => {
                if issue.pull.as_ref().is_some_and(|p| p.merged_at.is_some()) {
                    return Err(custom_invalid(
                        "state cannot be changed. The pull request cannot be reopened.",
                    ));
                }
                issue.state = "open".into();
                issue.closed_at = None;
            }
            _ => {}
        }
        if let (Some(base), Some(pull)) = (cx.text("base"), issue.pull.as_mut()) {
            pull.base = base.to_owned();
        }
        issue.updated_at = now;
        let issue = issue.clone();
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(200, self.pull_json(cx, &issue, pull)))
    }

    fn request_reviewers(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let (reviewers, teams) = (cx.strings("reviewers"), cx.strings("team_reviewers"));
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        if reviewers.contains(&issue.user) {
            return Err(custom_invalid(
                "Review cannot be requested from pull request author.",
            ));
        }
        let pull = issue.pull.as_mut().ok_or_else(Reply::not_found)?;
        for reviewer in reviewers {
            if !pull.requested_reviewers.contains(&reviewer) {
                pull.requested_reviewers.push(reviewer);
            }
        }
        for team in teams {
            if !pull.requested_teams.contains(&team) {
                pull.requested_teams.push(team);
            }
        }
        let issue = issue.clone();
        let pull = issue.pull.as_ref().ok_or_else(Reply::not_found)?;
        Ok(Reply::json(201, self.pull_json(cx, &issue, pull)))
    }

    fn reply_to_review_comment(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let pr = cx.number.unwrap_or_default();
        let parent_id = cx.comment_id.unwrap_or_default();
        let parent = self.repos.get(&cx.repo).and_then(|r| {
            r.review_comments
                .iter()
                .find(|c| c.pr == pr && c.id == parent_id)
        });
        let parent = parent.ok_or_else(Reply::not_found)?;
        let body = cx
            .text("body")
            .filter(|b| !b.trim().is_empty())
            .ok_or_else(|| missing("PullRequestReviewComment", "body"))?;
        let (path, line, commit_id) = (parent.path.clone(), parent.line, parent.commit_id.clone());
        // Replies hang off the thread's first comment, as on GitHub.
        let in_reply_to = Some(parent.in_reply_to.unwrap_or(parent.id));
        let reply = ReviewComment {
            id: self.next_id(),
            pr,
            path,
            line,
            commit_id,
            in_reply_to,
            user: VIEWER.to_owned(),
            body: body.to_owned(),
            created_at: self.now(),
        };
        let json = review_comment_json(cx, &reply);
        self.repo(&cx.repo).review_comments.push(reply);
        Ok(Reply::json(201, json))
    }

    fn merge(&mut self, cx: &Cx) -> Result<Reply, Reply> {
        let now = self.now();
        let merge_sha = self.sha();
        let issue = self
            .issue_mut(&cx.repo, cx.number.unwrap_or_default())
            .ok_or_else(Reply::not_found)?;
        let open = issue.state == "open";
        let pull = issue.pull.as_mut().ok_or_else(Reply::not_found)?;
        if let Some(method) = cx.text("merge_method") {
            if !["merge", "squash", "rebase"].contains(&method) {
                return Err(Reply::invalid(
                    json!({ "resource": "PullRequest", "code": "invalid", "field": "merge_method" }),
                ));
            }
        }
        if pull.draft {
            return Err(Reply::error(405, "Pull Request is still a draft"));
        }
        if !open || pull.merged_at.is_some() || pull.mergeable == Some(false) {
            return Err(Reply::error(405, "Pull Request is not mergeable"));
        }
        if cx.text("sha").is_some_and(|sha| sha != pull.head_sha) {
            return Err(Reply::error(
                409,
                "Head branch was modified. Review and try the merge again.",
            ));
        }
        pull.merged_at = Some(now.clone());
        pull.merge_commit_sha = Some(merge_sha.clone());
        issue.state = "closed".into();
        issue.closed_at = Some(now.clone());
        issue.updated_at = now;
        let mut answer = shape("PUT", MERGE).clone();
        set(
            &mut answer,
            json!({ "sha": merge_sha, "merged": true, "message": "Pull Request successfully merged" }),
        );
        Ok(Reply::json(200, answer))
    }

    // ----- answers -------------------------------------------------------------------------

    /// Slices `items` by `per_page`/`page` and adds GitHub's `Link` header.
    fn page(&self, cx: &Cx, items: Vec<Value>) -> Reply {
        let number = |name: &str| cx.query(name).and_then(|v| v.parse::<usize>().ok());
        let per_page = number("per_page")
            .unwrap_or(30)
            .clamp(1, 100)
            .min(self.per_page_cap);
        let page = number("page").unwrap_or(1).max(1);
        let last = items.len().div_ceil(per_page).max(1);
        let slice: Vec<Value> = items
            .into_iter()
            .skip((page - 1).saturating_mul(per_page))
            .take(per_page)
            .collect();
        let mut reply = Reply::json(200, Value::Array(slice));
        let others: Vec<&str> = cx
            .raw_query
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("page="))
            .collect();
        let link_to = |n: usize, rel: &str| {
            let page = format!("page={n}");
            let query = others
                .iter()
                .copied()
                .chain([page.as_str()])
                .collect::<Vec<_>>()
                .join("&");
            format!("<{}{}?{query}>; rel=\"{rel}\"", cx.base, cx.path)
        };
        let mut links = Vec::new();
        if page > 1 {
            links.push(link_to((page - 1).min(last), "prev"));
        }
        if page < last {
            links.push(link_to(page + 1, "next"));
            links.push(link_to(last, "last"));
        }
        if page > 1 {
            links.push(link_to(1, "first"));
        }
        if !links.is_empty() {
            reply = reply.header("Link", links.join(", "));
        }
        reply
    }

    fn comment_count(&self, cx: &Cx, number: u64) -> usize {
        self.repos.get(&cx.repo).map_or(0, |r| {
            r.comments.iter().filter(|c| c.issue == number).count()
        })
    }

    fn issue_json(&self, cx: &Cx, issue: &Issue) -> Value {
        let n = issue.number;
        let api = cx.api(&format!("/issues/{n}"));
        let mut json = shape("GET", ISSUE).clone();
        let kind = if issue.pull.is_some() {
            "pull"
        } else {
            "issues"
        };
        set(
            &mut json,
            json!({
                "id": issue.id,
                "node_id": format!("I_{}", issue.id),
                "url": api,
                "repository_url": cx.api(""),
                "labels_url": format!("{api}/labels{{/name}}"),
                "comments_url": format!("{api}/comments"),
                "events_url": format!("{api}/events"),
                "html_url": cx.html(&format!("/{kind}/{n}")),
                "number": n,
                "state": issue.state,
                "state_reason": issue.state_reason,
                "title": issue.title,
                "body": issue.body,
                "user": user_json(&issue.user),
                "labels": issue.labels.iter().map(|l| label_json(cx, l)).collect::<Vec<_>>(),
                "assignee": issue.assignees.first().map(|a| user_json(a)),
                "assignees": issue.assignees.iter().map(|a| user_json(a)).collect::<Vec<_>>(),
                "milestone": null,
                "locked": false,
                "active_lock_reason": null,
                "pinned_comment": null,
                "comments": self.comment_count(cx, n),
                "closed_at": issue.closed_at,
                "closed_by": issue.closed_at.as_ref().map(|_| user_json(VIEWER)),
                "created_at": issue.created_at,
                "updated_at": issue.updated_at,
            }),
        );
        match (&issue.pull, json.as_object_mut()) {
            (Some(pull), Some(fields)) => {
                let html = cx.html(&format!("/pull/{n}"));
                let link = json!({
                    "url": cx.api(&format!("/pulls/{n}")),
                    "html_url": html,
                    "diff_url": format!("{html}.diff"),
                    "patch_url": format!("{html}.patch"),
                    "merged_at": pull.merged_at,
                });
                fields.insert("pull_request".into(), link);
            }
            (None, Some(fields)) => {
                fields.remove("pull_request");
            }
            _ => {}
        }
        json
    }

    fn pull_json(&self, cx: &Cx, issue: &Issue, pull: &Pull) -> Value {
        let n = issue.number;
        let (api, html) = (
            cx.api(&format!("/pulls/{n}")),
            cx.html(&format!("/pull/{n}")),
        );
        let issue_api = cx.api(&format!("/issues/{n}"));
        let merged = pull.merged_at.is_some();
        let mergeable = if merged { None } else { pull.mergeable };
        let mergeable_state = pull.mergeable_state.clone().unwrap_or_else(|| {
            match mergeable {
                None => "unknown",
                Some(false) => "dirty",
                Some(true) if pull.draft => "draft",
                Some(true) => "clean",
            }
            .into()
        });
        let review_comments = self.repos.get(&cx.repo).map_or(0, |r| {
            r.review_comments.iter().filter(|c| c.pr == n).count()
        });
        let (additions, deletions) = pull
            .files
            .iter()
            .map(|f| line_counts(&f.patch))
            .fold((0, 0), |(a, d), (fa, fd)| (a + fa, d + fd));
        let href = |url: String| json!({ "href": url });
        let mut json = shape("GET", PULL).clone();
        set(
            &mut json,
            json!({
                "url": api,
                "id": pull.id,
                "node_id": format!("PR_{}", pull.id),
                "html_url": html,
                "diff_url": format!("{html}.diff"),
                "patch_url": format!("{html}.patch"),
                "issue_url": issue_api,
                "commits_url": format!("{api}/commits"),
                "review_comments_url": format!("{api}/comments"),
                "review_comment_url": cx.api("/pulls/comments{/number}"),
                "comments_url": format!("{issue_api}/comments"),
                "statuses_url": cx.api(&format!("/statuses/{}", pull.head_sha)),
                "_links": {
                    "self": href(api.clone()),
                    "html": href(html.clone()),
                    "issue": href(issue_api.clone()),
                    "comments": href(format!("{issue_api}/comments")),
                    "review_comments": href(format!("{api}/comments")),
                    "review_comment": href(cx.api("/pulls/comments{/number}")),
                    "commits": href(format!("{api}/commits")),
                    "statuses": href(cx.api(&format!("/statuses/{}", pull.head_sha))),
                },
            }),
        );
        // Split in two: one `json!` this size exceeds the macro recursion limit.
        set(
            &mut json,
            json!({
                "number": n,
                "state": issue.state,
                "locked": false,
                "title": issue.title,
                "user": user_json(&issue.user),
                "body": issue.body,
                "labels": issue.labels.iter().map(|l| label_json(cx, l)).collect::<Vec<_>>(),
                "milestone": null,
                "active_lock_reason": null,
                "created_at": issue.created_at,
                "updated_at": issue.updated_at,
                "closed_at": issue.closed_at,
                "merged_at": pull.merged_at,
                "merge_commit_sha": pull.merge_commit_sha,
                "assignee": issue.assignees.first().map(|a| user_json(a)),
                "assignees": issue.assignees.iter().map(|a| user_json(a)).collect::<Vec<_>>(),
                "requested_reviewers": pull.requested_reviewers.iter().map(|r| user_json(r)).collect::<Vec<_>>(),
                "requested_teams": pull.requested_teams.iter().map(|t| team_json(cx, t)).collect::<Vec<_>>(),
                "head": branch_json(cx, &pull.head, &pull.head_sha),
                "base": branch_json(cx, &pull.base, &pull.base_sha),
                "auto_merge": null,
                "draft": pull.draft,
                "merged": merged,
                "mergeable": mergeable,
                "rebaseable": mergeable,
                "mergeable_state": mergeable_state,
                "merged_by": merged.then(|| user_json(VIEWER)),
                "comments": self.comment_count(cx, n),
                "review_comments": review_comments,
                "maintainer_can_modify": false,
                "commits": 1,
                "additions": additions,
                "deletions": deletions,
                "changed_files": pull.files.len(),
            }),
        );
        json
    }

    fn check_run_json(&self, cx: &Cx, run: &CheckRun) -> Value {
        let pulls = self
            .repos
            .get(&cx.repo)
            .map(|r| r.issues.values())
            .into_iter()
            .flatten();
        let pull_requests: Vec<Value> = pulls
            .filter_map(|issue| Some((issue.number, issue.pull.as_ref()?)))
            .filter(|(_, pull)| pull.head_sha == run.sha)
            .map(|(number, pull)| {
                let repo =
                    json!({ "id": stable_id(&cx.repo), "url": cx.api(""), "name": repo_name(cx) });
                json!({
                    "url": cx.api(&format!("/pulls/{number}")),
                    "id": pull.id,
                    "number": number,
                    "head": { "ref": pull.head, "sha": pull.head_sha, "repo": repo },
                    "base": { "ref": pull.base, "sha": pull.base_sha, "repo": repo },
                })
            })
            .collect();
        let mut json = shape("GET", CHECK_RUNS)["check_runs"][0].clone();
        let url = cx.api(&format!("/check-runs/{}", run.id));
        let completed = run.status == "completed";
        set(
            &mut json,
            json!({
                "id": run.id,
                "head_sha": run.sha,
                "node_id": format!("CR_{}", run.id),
                "external_id": "",
                "url": url,
                "html_url": cx.html(&format!("/runs/{}", run.id)),
                "details_url": cx.html(&format!("/runs/{}", run.id)),
                "status": run.status,
                "conclusion": if completed { run.conclusion.clone() } else { None },
                "started_at": run.started_at,
                "completed_at": completed.then(|| run.started_at.clone()),
                "output": { "title": null, "summary": null, "text": null, "annotations_count": 0, "annotations_url": format!("{url}/annotations") },
                "name": run.name,
                "pull_requests": pull_requests,
            }),
        );
        json
    }
}

// ----- JSON shapes ---------------------------------------------------------------------------

/// The documented example for an operation (`Null` if absent: answers then lack the
/// example's extra fields but the server keeps running).
fn shape(method: &str, template: &str) -> &'static Value {
    static NULL: Value = Value::Null;
    openapi::operation(method, template)
        .and_then(openapi::Operation::example)
        .unwrap_or(&NULL)
}

fn user_json(login: &str) -> Value {
    let mut user = shape("GET", ISSUE)["user"].clone();
    rewrite_strings(&mut user, &[("octocat", login)]);
    let kind = if login.ends_with("[bot]") {
        "Bot"
    } else {
        "User"
    };
    let id = stable_id(login);
    set(
        &mut user,
        json!({ "login": login, "id": id, "node_id": format!("U_{id}"), "type": kind, "site_admin": false }),
    );
    user
}

fn label_json(cx: &Cx, name: &str) -> Value {
    let mut label = shape("GET", ISSUE)["labels"][0].clone();
    let id = stable_id(name);
    let url = cx.api(&format!("/labels/{}", name.replace(' ', "%20")));
    set(
        &mut label,
        json!({ "id": id, "node_id": format!("LA_{id}"), "url": url, "name": name, "description": null, "color": "ededed", "default": false }),
    );
    label
}

fn team_json(cx: &Cx, slug: &str) -> Value {
    let mut team = shape("GET", PULL)["requested_teams"][0].clone();
    let org = cx.repo.split('/').next().unwrap_or_default();
    let id = stable_id(slug);
    let url = format!("{}/orgs/{org}/teams/{slug}", cx.base);
    set(
        &mut team,
        json!({
            "id": id,
            "node_id": format!("T_{id}"),
            "url": url,
            "html_url": format!("https://github.com/orgs/{org}/teams/{slug}"),
            "name": slug,
            "slug": slug,
            "type": "organization", // required by the schema, missing from GitHub's example
            "description": null,
            "members_url": format!("{url}/members{{/member}}"),
            "repositories_url": format!("{url}/repos"),
            "parent": null,
        }),
    );
    team
}

fn repo_name(cx: &Cx) -> &str {
    cx.repo.split('/').nth(1).unwrap_or_default()
}

fn repo_json(cx: &Cx) -> Value {
    let mut repo = shape("GET", PULL)["base"]["repo"].clone();
    rewrite_strings(
        &mut repo,
        &[
            ("https://api.github.com", &cx.base),
            ("octocat/Hello-World", &cx.repo),
        ],
    );
    let owner = cx.repo.split('/').next().unwrap_or_default();
    let id = stable_id(&cx.repo);
    set(
        &mut repo,
        json!({
            "id": id,
            "node_id": format!("R_{id}"),
            "name": repo_name(cx),
            "full_name": cx.repo,
            "owner": user_json(owner),
            "private": false,
            "description": null,
            "fork": false,
            "default_branch": "main",
        }),
    );
    repo
}

fn branch_json(cx: &Cx, branch: &str, sha: &str) -> Value {
    let owner = cx.repo.split('/').next().unwrap_or_default();
    json!({ "label": format!("{owner}:{branch}"), "ref": branch, "sha": sha, "user": user_json(owner), "repo": repo_json(cx) })
}

fn comment_json(cx: &Cx, issue: &Issue, c: &IssueComment) -> Value {
    let kind = if issue.pull.is_some() {
        "pull"
    } else {
        "issues"
    };
    let id = c.comment.id;
    let mut json = shape("GET", ISSUE_COMMENTS)[0].clone();
    set(
        &mut json,
        json!({
            "id": id,
            "node_id": format!("IC_{id}"),
            "url": cx.api(&format!("/issues/comments/{id}")),
            "html_url": cx.html(&format!("/{kind}/{}#issuecomment-{id}", issue.number)),
            "body": c.comment.body,
            "user": user_json(&c.comment.user),
            "created_at": c.created_at,
            "updated_at": c.created_at,
            "issue_url": cx.api(&format!("/issues/{}", issue.number)),
        }),
    );
    json
}

fn review_comment_json(cx: &Cx, c: &ReviewComment) -> Value {
    let url = cx.api(&format!("/pulls/comments/{}", c.id));
    let html = cx.html(&format!("/pull/{}#discussion_r{}", c.pr, c.id));
    let pull_url = cx.api(&format!("/pulls/{}", c.pr));
    let mut json = shape("GET", REVIEW_COMMENTS)[0].clone();
    set(
        &mut json,
        json!({
            "url": url,
            "pull_request_review_id": null,
            "id": c.id,
            "node_id": format!("PRRC_{}", c.id),
            "diff_hunk": format!("@@ -{0},1 +{0},1 @@", c.line),
            "path": c.path,
            "position": c.line,
            "original_position": c.line,
            "commit_id": c.commit_id,
            "original_commit_id": c.commit_id,
            "in_reply_to_id": c.in_reply_to,
            "user": user_json(&c.user),
            "body": c.body,
            "created_at": c.created_at,
            "updated_at": c.created_at,
            "html_url": html,
            "pull_request_url": pull_url,
            "_links": { "self": { "href": url }, "html": { "href": html }, "pull_request": { "href": pull_url } },
            "start_line": null,
            "original_start_line": null,
            "start_side": null,
            "line": c.line,
            "original_line": c.line,
            "side": "RIGHT",
        }),
    );
    if c.in_reply_to.is_none() {
        if let Some(fields) = json.as_object_mut() {
            fields.remove("in_reply_to_id"); // GitHub omits it on a thread's first comment
        }
    }
    json
}

fn review_json(cx: &Cx, r: &Review) -> Value {
    let html = cx.html(&format!("/pull/{}#pullrequestreview-{}", r.pr, r.id));
    let pull_url = cx.api(&format!("/pulls/{}", r.pr));
    let mut json = shape("GET", REVIEWS)[0].clone();
    set(
        &mut json,
        json!({
            "id": r.id,
            "node_id": format!("PRR_{}", r.id),
            "user": user_json(&r.user),
            "body": r.body,
            "state": r.state,
            "html_url": html,
            "pull_request_url": pull_url,
            "_links": { "html": { "href": html }, "pull_request": { "href": pull_url } },
            "submitted_at": r.submitted_at,
            "commit_id": r.commit_id,
        }),
    );
    json
}

fn file_json(cx: &Cx, pull: &Pull, file: &PrFile) -> Value {
    let (additions, deletions) = line_counts(&file.patch);
    let name = &file.filename;
    let mut json = shape("GET", PULL_FILES)[0].clone();
    set(
        &mut json,
        json!({
            "sha": format!("{:016x}{:016x}{:08x}", mix(stable_id(name)), mix(stable_id(&file.patch)), stable_id(&pull.head_sha) as u32),
            "filename": name,
            "status": file.status,
            "additions": additions,
            "deletions": deletions,
            "changes": additions + deletions,
            "blob_url": cx.html(&format!("/blob/{}/{name}", pull.head_sha)),
            "raw_url": cx.html(&format!("/raw/{}/{name}", pull.head_sha)),
            "contents_url": cx.api(&format!("/contents/{name}?ref={}", pull.head_sha)),
            "patch": file.patch,
        }),
    );
    json
}

fn status_json(cx: &Cx, s: &CommitStatus) -> Value {
    let mut json = shape("GET", STATUS)["statuses"][0].clone();
    set(
        &mut json,
        json!({
            "url": cx.api(&format!("/statuses/{}", s.sha)),
            "id": s.id,
            "node_id": format!("SC_{}", s.id),
            "state": s.state,
            "description": null,
            "target_url": null,
            "context": s.context,
            "created_at": s.created_at,
            "updated_at": s.created_at,
        }),
    );
    json
}

/// A unified diff of `files`, in the layout `git diff` (and GitHub) produce.
fn diff_from_files(files: &[PrFile]) -> String {
    let mut diff = String::new();
    for file in files {
        let name = &file.filename;
        let (old, new) = match file.status.as_str() {
            "added" => ("/dev/null".to_owned(), format!("b/{name}")),
            "removed" => (format!("a/{name}"), "/dev/null".to_owned()),
            _ => (format!("a/{name}"), format!("b/{name}")),
        };
        diff.push_str(&format!(
            "diff --git a/{name} b/{name}\n--- {old}\n+++ {new}\n{}",
            file.patch
        ));
        if !file.patch.ends_with('\n') {
            diff.push('\n');
        }
    }
    diff
}

/// (added, removed) lines of a unified-diff patch.
fn line_counts(patch: &str) -> (usize, usize) {
    let lines = patch
        .lines()
        .filter(|l| !l.starts_with("+++") && !l.starts_with("---"));
    lines.fold((0, 0), |(a, d), line| match line.as_bytes().first() {
        Some(b'+') => (a + 1, d),
        Some(b'-') => (a, d + 1),
        _ => (a, d),
    })
}

/// The title of a create/update body: a non-empty string (GitHub also takes an integer).
fn title_of(cx: &Cx) -> Option<String> {
    match cx.field("title")? {
        Value::String(title) if !title.trim().is_empty() => Some(title.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn missing(resource: &str, field: &str) -> Reply {
    Reply::invalid(json!({ "resource": resource, "code": "missing_field", "field": field }))
}

fn custom_invalid(message: &str) -> Reply {
    Reply::invalid(json!({ "resource": "PullRequest", "code": "custom", "message": message }))
}

/// Overwrites (or adds) the fields of `patch` in `target`, which becomes an object if it was not.
fn set(target: &mut Value, patch: Value) {
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    if let (Some(fields), Value::Object(patch)) = (target.as_object_mut(), patch) {
        fields.extend(patch);
    }
}

/// Keeps only the fields `like` has (e.g. the "minimal repository" of an example).
fn project(mut value: Value, like: &Value) -> Value {
    if let (Some(fields), Some(keep)) = (value.as_object_mut(), like.as_object()) {
        fields.retain(|key, _| keep.contains_key(key));
    }
    value
}

/// Replaces substrings in every string inside `value`.
fn rewrite_strings(value: &mut Value, replacements: &[(&str, &str)]) {
    match value {
        Value::String(text) => {
            for (from, to) in replacements {
                if text.contains(from) {
                    *text = text.replace(from, to);
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| rewrite_strings(v, replacements)),
        Value::Object(fields) => fields
            .values_mut()
            .for_each(|v| rewrite_strings(v, replacements)),
        _ => {}
    }
}

/// A stable, positive id for a name (users, labels, teams, repos) so answers are reproducible.
fn stable_id(name: &str) -> u64 {
    // FNV-1a, folded into 1..=10^8.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    hash % 100_000_000 + 1
}

/// SplitMix64: turns counters into well-spread bits for fake shas.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
